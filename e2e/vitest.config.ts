import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the real api-server and the built portal; one file at a time on 2 cores, all in one worker
// (which imports webdriverio and the support modules once rather than per file) and through one chromedriver.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: [
      '../api-server/src/test-support/migrated-database.ts',
      '../api-server/src/test-support/server-bundle.ts',
      'support/site-template.ts',
      'support/shared-chromedriver.ts',
    ],
    setupFiles: ['support/each-file.ts'],
    fileParallelism: false,
    isolate: false,
    // A test's own bound: the slowest (an upload resumed after a server kill) took 44 s alone and over 60 s beside
    // the server suites on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
