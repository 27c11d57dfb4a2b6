import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { cspSafeLibraries } from './build/cspSafeLibraries.js';

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
    plugins: [react(), cspSafeLibraries({ constructedStyle: resolve('renderer/src/ui/terminal/constructedStyle.ts') })],
    // Minified: the page parses every byte before its first paint (the web host serves it over loopback).
    build: { minify: true, rollupOptions: { input: { index: resolve('renderer/index.html') } } },
  },
});
