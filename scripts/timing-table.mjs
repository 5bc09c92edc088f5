// Prints where the test command's time went (scripts/test.sh calls it on exit): every phase with its start, its
// seconds (phases that ran side by side overlap) and the CPU seconds its processes used (on 2 cores, what the run costs), the 10 slowest test files of each Vitest JSON report, and every failed
// test with the first lines of its failure, so that a CI log cut to its tail still names what broke.
// Usage: node scripts/timing-table.mjs <timings folder>  (phases.tsv and <suite>.json files, written by scripts/test.sh)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node scripts/timing-table.mjs <timings folder>');

/** @param {number} value */
const seconds = (value) => value.toFixed(0).padStart(6);

/** @type {{ name: string; start: number; end: number; status: string; cpu: number }[]} */
const phases = existsSync(path.join(folder, 'phases.tsv'))
  ? readFileSync(path.join(folder, 'phases.tsv'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name = '', start = '0', end = '0', status = '0', cpu = '0'] = line.split('\t');
        return { name, start: Number(start), end: Number(end), status, cpu: Number(cpu) };
      })
  : [];

/**
 * Each file's seconds, hooks included (scripts/vitest-file-seconds.mjs); empty when the suite wrote none. The JSON
 * report's own times span a file's tests only.
 * @param {string} file
 */
function fileSeconds(file) {
  if (!existsSync(file)) return new Map();
  const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  return new Map(lines.map((line) => line.split('\t')).map(([name = '', secs = '0']) => [name, Number(secs)]));
}

/** @type {{ suite: string; file: string; seconds: number; tests: number }[]} */
const files = [];
/** @type {{ suite: string; file: string; test: string; message: string }[]} */
const failures = [];
/** @typedef {{ fullName?: string; status?: string; failureMessages?: string[] }} AssertionResult */
for (const report of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
  const suite = report.replace(/\.json$/, '');
  /** @type {{ testResults?: { name: string; startTime: number; endTime: number; status?: string; message?: string; assertionResults?: AssertionResult[] }[] }} */
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(path.join(folder, report), 'utf8'));
  } catch {
    continue; // a suite stopped before its reporter wrote the file
  }
  const measured = fileSeconds(path.join(folder, `${report}.seconds.tsv`));
  for (const result of parsed.testResults ?? []) {
    const file = path.relative(process.cwd(), result.name);
    const seconds = measured.get(result.name) ?? (result.endTime - result.startTime) / 1000;
    files.push({ suite, file, seconds, tests: result.assertionResults?.length ?? 0 });
    const failed = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      failures.push({ suite, file, test: test.fullName ?? '', message: test.failureMessages?.[0] ?? '' });
    }
    if (result.status === 'failed' && !failed.length) failures.push({ suite, file, test: '(the file)', message: result.message ?? '' });
  }
}

const origin = Math.min(...phases.map((phase) => phase.start));
const lines = ['', '── timing', ' start  secs   cpu  phase'];
for (const phase of phases) {
  const failed = phase.status === '0' ? '' : `  (failed, exit ${phase.status})`;
  lines.push(`${seconds(phase.start - origin)}${seconds(phase.end - phase.start)}${seconds(phase.cpu)}  ${phase.name}${failed}`);
}
if (phases.length) {
  const cpu = phases.reduce((sum, phase) => sum + phase.cpu, 0);
  lines.push(`${seconds(0)}${seconds(Math.max(...phases.map((phase) => phase.end)) - origin)}${seconds(cpu)}  total (wall clock)`);
}
for (const suite of [...new Set(files.map((entry) => entry.suite))].sort()) {
  const ofSuite = files.filter((entry) => entry.suite === suite);
  const total = ofSuite.reduce((sum, entry) => sum + entry.seconds, 0);
  lines.push('', ` secs  tests  ${suite}: the 10 slowest of ${ofSuite.length} files (${total.toFixed(0)} s in all)`);
  for (const entry of ofSuite.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    lines.push(`${seconds(entry.seconds)}  ${String(entry.tests).padStart(5)}  ${entry.file}`);
  }
}
if (failures.length) {
  lines.push('', `── ${failures.length} failed`);
  for (const failure of failures) {
    lines.push(`${failure.suite} / ${failure.file} > ${failure.test}`);
    for (const line of failure.message.split('\n').slice(0, 6)) lines.push(`    ${line}`);
  }
}
console.log(lines.join('\n'));
