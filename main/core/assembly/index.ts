/** The public surface of main/core/assembly: what other folders may import (build/coreSurfaces.mjs). */
export { assembleAgent, type AssembleOptions, type AssembledAgent } from './assemble.js';
