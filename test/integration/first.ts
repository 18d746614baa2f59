import { runSuite } from './mocha-run';
import { registerFirstScreen } from './first-screen.test';

export function run(): Promise<void> {
  return runSuite(() => {
    registerFirstScreen();
  });
}
