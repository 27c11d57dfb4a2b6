/** Types of build/coreSurfaces.mjs (plain JS so eslint.config.js and the codemod can load it without a build). */
export declare const TEST_HELPER: RegExp;
export declare function isTestCode(rel: string): boolean;
export declare function coreFolder(rel: string): string | null;
export declare function surfaceViolation(importer: string, target: string): string | null;
export declare function surfaceSpecifier(importer: string, folder: string): string;
