import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: [
      'src/test-support/ensure-sshd.ts',
      'src/test-support/ensure-podman.ts',
      'src/test-support/ensure-slurm.ts',
      'src/test-support/database-template.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
