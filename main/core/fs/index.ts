/** The public surface of main/core/fs: what other folders may import (build/coreSurfaces.mjs). */
export {
  type AnchoredDir,
  AnchorError,
  checkStillInPlace,
  lstatIn,
  openChild,
  openProjectDir,
  readRegularIn,
  removeTreeIn,
  renameBetween,
  replaceFileIn,
  unlinkIn,
} from './anchored.js';
export { fsyncDir } from './fsyncDir.js';
export { ensurePrivateDirs, ensurePrivateDirsSync, PRIVATE_FILE_MODE, tightenPrivateDirs, tightenPrivateFileSync } from './privateDir.js';
export {
  isProtectedPath,
  mayNameProtectedEntry,
  namesProtectedEntry,
  PROTECTED_ENTRIES,
  PROTECTED_NAMES_TEXT,
  protectedInside,
  READ_ONLY_MOUNT_ENTRIES,
} from './protectedEntries.js';
export { resolveInProject } from './projectPath.js';
