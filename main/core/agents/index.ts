/** The public surface of main/core/agents: what other folders may import (build/coreSurfaces.mjs). */
export { AgentsService } from './service.js';
export { engineMergeAsker } from './mergeAsk.js';
