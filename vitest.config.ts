import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'main/**/*.test.ts',
      'shared/**/*.test.ts',
      'preload/**/*.test.ts',
      'renderer/**/*.test.ts',
      'build/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Fails the run if tests leave cc-* folders in the temp dir (build/tempLeaks.ts).
    globalSetup: ['build/vitest.globalSetup.ts'],
  },
});
