import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // BroadcastChannel reaches every thread of a process: test files must not share one.
    pool: 'forks',
  },
});
