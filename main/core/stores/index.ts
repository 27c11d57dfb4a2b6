/** The public surface of main/core/stores: what other folders may import (build/coreSurfaces.mjs). */
export { confStore } from './confStore.js';
export { fileSecretStore, isSealedSecret } from './fileSecretStore.js';
export { type JsonStore, type SecretStore } from './types.js';
