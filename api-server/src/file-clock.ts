import fs from 'node:fs';
import type { Clock } from './clock.js';

/**
 * A clock every process on the machine shares, for drills and tests with replicas (CLOCK_FILE): the time is the
 * ISO time the file holds, standing still until the file changes. Each call reads the file (a few microseconds):
 * a cache keyed by modification time could miss a rewrite within the kernel's timestamp tick. Write it
 * atomically (a new file renamed over it, `writeClockFile`); a file that holds no time keeps the last one read.
 */
export function fileClock(file: string): Clock {
  let time = readTime(file);
  if (time === null) throw new Error(`CLOCK_FILE ${file} must hold an ISO time`);
  return {
    now() {
      time = readTime(file) ?? time;
      return new Date(time!);
    },
  };
}

function readTime(file: string): number | null {
  const time = Date.parse(fs.readFileSync(file, 'latin1').trim());
  return Number.isNaN(time) ? null : time;
}

/** Sets the time of a CLOCK_FILE clock (atomically, so no reader sees half a time). */
export function writeClockFile(file: string, time: Date): void {
  const next = `${file}.${process.pid}.next`;
  fs.writeFileSync(next, `${time.toISOString()}\n`);
  fs.renameSync(next, file);
}
