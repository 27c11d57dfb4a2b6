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
export { ensurePrivateDirs, ensurePrivateDirsSync, PRIVATE_FILE_MODE, tightenPrivateDirs } from './privateDir.js';
export { isProtectedPath, resolveInProject } from './projectPath.js';
