/** Playwright global setup: the run has its own temp dir, and fails if the specs leave a cc-e2e-* folder there. */
import { failOnTempLeaks } from '../../build/tempLeaks.js';

export default function setup(): () => void {
  return failOnTempLeaks('this Playwright run', 'codecoder-e2e', 'cc-e2e-');
}
