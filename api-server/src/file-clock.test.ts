import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileClock, writeClockFile } from './file-clock.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-clock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the CLOCK_FILE clock', () => {
  it('tells the time the file holds, and the new one as soon as the file is rewritten', () => {
    const file = path.join(dir, 'now');
    writeClockFile(file, new Date('2026-03-01T08:00:00.000Z'));
    const clock = fileClock(file);
    expect(clock.now().toISOString()).toBe('2026-03-01T08:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-01T08:00:00.000Z');
    writeClockFile(file, new Date('2026-03-01T09:30:00.250Z'));
    expect(clock.now().toISOString()).toBe('2026-03-01T09:30:00.250Z');
  });

  it('refuses a file that holds no time', () => {
    const file = path.join(dir, 'garbage');
    fs.writeFileSync(file, 'soon');
    expect(() => fileClock(file)).toThrow('CLOCK_FILE');
  });
});
