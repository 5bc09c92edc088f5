import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the real api-server and the built portal: one file at a time on 2 cores, all in one worker,
// so that each file takes the portal server started for it while the previous file ran (support/portal-server.ts).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['support/migrated-database.ts'],
    setupFiles: ['support/each-file.ts'],
    fileParallelism: false,
    pool: 'forks',
    isolate: false,
    // A test's own bound: the slowest (an upload resumed after a server kill) took 44 s alone and over 60 s beside
    // the server suites on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
