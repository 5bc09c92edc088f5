import { defineConfig } from 'vitest/config';

// The built command (bin/suanli.js → dist/) as a child process against one real server for all files (test/shared-server.ts).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/shared-server.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
