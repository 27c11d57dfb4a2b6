import { createContext, useContext } from 'react';
import { EscapedText } from './EscapedText.js';
import type { FileRef } from './fileRefs.js';

/** Opens the read-only file view; absent where there is no project window (then paths stay text). */
export const FileRefContext = createContext<((ref: FileRef) => void) | null>(null);

/**
 * A file path that opens the file view: a real button (keyboard and screen readers reach it) that
 * looks like the text it replaces, named by that text ("Show src/calc.js:12"), so what is seen is
 * what is said.
 */
export function FileRefLink({ fileRef, text }: { fileRef: FileRef; text: string }) {
  const open = useContext(FileRefContext);
  if (!open) return <EscapedText text={text} />;
  return (
    <button type="button" className="file-ref" data-testid="file-ref" aria-label={`Show ${text}`} onClick={() => open(fileRef)}>
      <EscapedText text={text} />
    </button>
  );
}
