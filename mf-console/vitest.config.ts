import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // @rc/shared-utility's event bus listens on window.
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
});
