import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve('main/electron/main.ts') }, external: ['node-pty', 'electron'] },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require nothing but electron: it must be one self-contained CommonJS file.
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: { input: { index: resolve('preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: { rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
