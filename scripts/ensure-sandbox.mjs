// The capture sandbox's tools for the oracle suite (`npm run test:oracle`, part of `npm test`):
// bubblewrap, unshare (util-linux) and ip (iproute2). As root on Debian, whatever is missing is
// installed with apt-get (first run only); elsewhere a missing tool is left for the suite's own
// check, which fails with one line saying what to install (src/capture/sandbox.ts).
import { spawnSync } from 'node:child_process';
import { ensureDebianPackages, log } from './vscode/ensure-tools.mjs';

const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command} || test -x /sbin/${command}`]).status === 0;

const wanted = [
  { name: 'bubblewrap', present: () => onPath('bwrap') },
  { name: 'util-linux', present: () => onPath('unshare') },
  { name: 'iproute2', present: () => onPath('ip') },
];
const root = typeof process.getuid === 'function' && process.getuid() === 0;
if (process.platform === 'linux' && root && onPath('apt-get') && process.env.HOLARYN_ORACLE !== 'skip') {
  ensureDebianPackages(wanted).catch((err) => {
    log(`ERROR: ${err.message}`);
    process.exit(1);
  });
}
