/**
 * The `abbrev` package (npm's own, CommonJS, untyped). @types/abbrev is not used: it also declares
 * `abbrev()` on every Array and Object globally, which would hide type errors across the project.
 */
declare module 'abbrev' {
  /** Every unambiguous prefix of every word (and each word itself) → that word. */
  export default function abbrev(words: readonly string[]): Record<string, string>;
}
