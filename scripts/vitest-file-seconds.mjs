// A Vitest reporter for the timing table (scripts/timing-table.mjs): each test file's seconds as the default reporter
// prints them, hooks included. The JSON report's startTime and endTime span the file's tests only, so a file whose work
// is in beforeAll (a load run against a server process, say) showed a few seconds where it took minutes.
// Writes <the JSON report's outputFile>.seconds.tsv: the file's path and its seconds, one file a line.
import { writeFileSync } from 'node:fs';

export default class FileSeconds {
  /** @type {string | undefined} */
  #output;

  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    const { outputFile } = vitest.config;
    const json = typeof outputFile === 'object' ? outputFile.json : undefined;
    this.#output = json ? `${json}.seconds.tsv` : undefined;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    if (!this.#output) return;
    const lines = testModules.map((module) => `${module.moduleId}\t${(module.diagnostic().duration / 1000).toFixed(1)}`);
    writeFileSync(this.#output, lines.join('\n') + '\n');
  }
}
