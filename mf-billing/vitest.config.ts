import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // @rc/shared-utility's event bus listens on window.
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    // Date inputs are read in the browser's time zone: the tests read them as the portal's users do, in China.
    env: { TZ: 'Asia/Shanghai' },
  },
});
