import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // @rc/shared-utility's event bus listens on window, and the screens keep drafts in localStorage.
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
});
