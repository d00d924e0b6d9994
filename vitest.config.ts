import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/tools/**', 'tools/**'],
    // end-to-end tests start real tool processes; give them room on a shared 2-core machine
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
