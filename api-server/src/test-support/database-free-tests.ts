import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** What a test reaches a database through: its own app or server process, a database it opens, or PostgreSQL itself. */
const databaseModules = [
  'test-support/test-app.ts',
  'test-support/server-process.ts',
  'test-support/postgres-admin.ts',
  'db/open-database.ts',
];

function filesUnder(folder: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return name === 'migrations' ? [] : filesUnder(file, wanted);
    return wanted(name) ? [file] : [];
  });
}

/** The TypeScript file a relative import names (`./x.js` is `./x.ts`), or null for a package or a file that is not one. */
function importedFile(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')]) {
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/**
 * The test files under `srcRoot` whose imports, followed through every file they reach, never come to a database: the
 * PostgreSQL pass leaves them out (api-server/vitest.config.ts), since they would run exactly as on the PGlite pass.
 * Read from the imports on every run, so a test that starts using a database is on both passes from that day.
 */
export function databaseFreeTests(srcRoot: string): string[] {
  const imports = new Map<string, string[]>();
  const importsOf = (file: string) => {
    let targets = imports.get(file);
    if (!targets) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      targets = importedFiles.map((entry) => importedFile(file, entry.fileName)).filter((target) => target !== null);
      imports.set(file, targets);
    }
    return targets;
  };
  const reachesDatabase = (test: string) => {
    const seen = new Set([test]);
    for (const file of seen) {
      if (databaseModules.includes(path.relative(srcRoot, file))) return true;
      for (const target of importsOf(file)) seen.add(target);
    }
    return false;
  };
  return filesUnder(srcRoot, (name) => name.endsWith('.test.ts'))
    .filter((test) => !reachesDatabase(test))
    .map((test) => path.relative(path.dirname(srcRoot), test));
}
