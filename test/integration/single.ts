import { runSuite } from './mocha-run';
import { registerSingleRoot } from './single-root.test';

export function run(): Promise<void> {
  return runSuite(registerSingleRoot);
}
