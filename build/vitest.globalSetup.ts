/** Vitest global setup: the run has its own temp dir, and fails if its tests leave a cc-* folder there. */
import { failOnTempLeaks } from './tempLeaks.js';

export default function setup(): () => void {
  return failOnTempLeaks('this vitest run', 'codecoder-vitest', 'cc-');
}
