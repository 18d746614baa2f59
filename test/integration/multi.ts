import { runSuite } from './mocha-run';
import { registerMultiRoot } from './multi-root.test';

export function run(): Promise<void> {
  return runSuite(registerMultiRoot);
}
