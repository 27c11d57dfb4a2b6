import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import coreSurfaces from './build/eslint/coreSurfaces.mjs';

// Test helpers are named `<topic>.testkit.ts`; fixture files that tests run as processes live in a
// `testkit/` folder. Production code never imports either (nor vitest).
const TEST_ONLY = ['**/*.test.ts', '**/*.test.tsx', '**/*.testkit.ts', '**/testkit/**'];
const testkitImports = {
  group: ['**/*.testkit', '**/*.testkit.js', '**/*.testkit.ts', '**/testkit/**', 'vitest', 'vitest/*'],
  message: 'Test helpers (*.testkit.ts, testkit/) and vitest are for tests only.',
};
// Never a generic IPC passthrough, never electron outside the shell (also checked by build/importBoundary.test.ts).
const electronImports = ['electron', 'electron-store'];

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.scratch-*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its rejection; one passed where a void callback is
    // expected (an event handler) is never awaited by its caller.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['main/electron/**', 'preload/**'],
    ignores: TEST_ONLY,
    rules: { 'no-restricted-imports': ['error', { patterns: [testkitImports] }] },
  },
  {
    files: ['shared/**', 'main/core/**', 'main/webhost/**', 'renderer/**'],
    ignores: TEST_ONLY,
    rules: { 'no-restricted-imports': ['error', { paths: electronImports, patterns: [testkitImports] }] },
  },
  {
    // Tests may use test helpers, but the electron boundary holds for them too.
    files: ['shared/**', 'main/core/**', 'main/webhost/**', 'renderer/**'].flatMap((d) =>
      TEST_ONLY.map((t) => `${d.replace('/**', '')}/${t}`),
    ),
    rules: { 'no-restricted-imports': ['error', { paths: electronImports }] },
  },
  {
    // From outside a folder of main/core, only its index.ts (build/coreSurfaces.mjs). Fix: node build/codemods/surfaces.mjs
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'core-surfaces': coreSurfaces },
    rules: { 'core-surfaces/index-only': 'error' },
  },
);
