import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFreeTests } from './database-free-tests.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-database-free-'));
const src = path.join(root, 'src');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
  fs.writeFileSync(path.join(src, file), text);
}

describe('databaseFreeTests', () => {
  it('names the tests whose imports never reach a database, following every file on the way and through cycles', () => {
    write('db/open-database.ts', 'export const openDatabase = 1;');
    write('test-support/test-app.ts', "import { openDatabase } from '../db/open-database.js';");
    write('lib/pure.ts', 'export const pure = 1;');
    write('billing/a.ts', "import { b } from './b.js'; export const a = 1;");
    write('billing/b.ts', "import { a } from './a.js'; import '../db/open-database.js'; export const b = 1;");
    write('billing/index.ts', "export * from './a.js';");
    write('lib/pure.test.ts', "import { pure } from './pure.js'; import { it } from 'vitest';");
    write('billing/a.test.ts', "import { a } from './a.js';");
    write('billing/face.test.ts', "import type { a } from './index.js';");
    write('app.test.ts', "import { createTestApp } from './test-support/test-app.js';");

    expect(databaseFreeTests(src)).toEqual(['src/lib/pure.test.ts']);
  });
});
