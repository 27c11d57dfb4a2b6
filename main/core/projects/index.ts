/** The public surface of main/core/projects: what other folders may import (build/coreSurfaces.mjs). */
export { describeProject } from './openProject.js';
export { RecentProjects } from './recentProjects.js';
export { attachableMentions, checkAttachments } from './attachments.js';
export { mentionFiles } from './mentionFiles.js';
export { viewFile } from './viewFile.js';
