// Runs a bundled mocha suite inside the extension host; the same entry works under
// @vscode/test-electron's runTests and under code-server's extensionTestsPath.
import Mocha from 'mocha';

export function runSuite(register: () => void): Promise<void> {
  // No retries: every wait is on the state a test needs (see helpers.ts `until`), so a test
  // that fails once is a failure. The per-test timeout only bounds a hang: each wait inside a
  // test has its own, shorter one and says what it waited for.
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 300_000, reporter: 'spec', retries: 0 });
  // Tests are bundled into this file: give them mocha's globals before loading them.
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  register();
  return new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
