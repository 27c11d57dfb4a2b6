import Conf from 'conf';
import type { JsonStore } from './types.js';

/** A JsonStore on `conf`: atomic writes, in an explicit folder (no electron needed). */
export function confStore(dir: string, name: string): JsonStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: name, clearInvalidConfig: false });
  return {
    location: conf.path,
    read: () => ({ ...conf.store }),
    write: (value) => {
      conf.store = value;
    },
  };
}
