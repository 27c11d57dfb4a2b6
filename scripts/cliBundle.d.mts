/** Types of scripts/cliBundle.mjs (plain JS: bin/codecoder.mjs loads it before any TypeScript runs). */
export declare const repoRoot: string;
export declare const CLI_BUNDLE_DIR: string;
export declare const MANIFEST: string;
export declare function freshBundle(dir?: string, root?: string, command?: string): string | null;
