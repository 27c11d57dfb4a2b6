/** Types of scripts/build-cli.mjs (plain JS: `npm install` runs it before anything is built). */
import type { Metafile } from 'esbuild';
export declare function commandFiles(root?: string): string[];
export declare function buildCli(opts?: { outDir?: string; root?: string }): Promise<{ outDir: string; metafile: Metafile }>;
