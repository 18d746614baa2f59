// Runs a bundled mocha suite inside the extension host; the same entry works under
// @vscode/test-electron's runTests and under code-server's extensionTestsPath.
import Mocha from 'mocha';

export function runSuite(register: () => void): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30000, reporter: 'spec' });
  // Tests are bundled into this file: give them mocha's globals before loading them.
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  register();
  return new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
