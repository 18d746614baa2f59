import { runSuite } from './mocha-run';
import { registerProfiles } from './profiles.test';

export function run(): Promise<void> {
  return runSuite(() => {
    registerProfiles();
  });
}
