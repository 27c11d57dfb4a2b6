/** The public surface of main/core/cli: what other folders may import (build/coreSurfaces.mjs). */
export { run } from './commands/tools.js';
