import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test-setup.ts'],
    // BroadcastChannel reaches every thread of a process: test files must not share one.
    pool: 'forks',
    // Uploads hash and send megabytes in jsdom: on a busy machine that outlasts the default 5 s.
    testTimeout: 30_000,
  },
});
