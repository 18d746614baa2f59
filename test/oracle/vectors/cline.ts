/**
 * Hostile vectors of Cline CLI 3.0.65 (src/capture/agents/cline.ts) that must run cleanly: the
 * agent runs, and no marker appears anywhere.
 *
 * Cline is a Bun-compiled binary, and such a binary reads `bunfig.toml` (its `preload` modules
 * run inside Cline) and Bun's dotenv files (`.env`, `.env.local`, `.env.<NODE_ENV>`…, whose
 * variables reach Cline and every process it starts: `CLINE_DIR` names a folder of hooks Cline
 * runs, `LD_PRELOAD` reaches the `/bin/sh` it starts by path) from its process working directory.
 * The driver starts it in a folder of its own state, with the repository given by `--cwd`, so
 * none of these is read. The hook vectors (a hook past capture's 1 MiB, through a link, at the
 * git root above the cwd) are refused before the run: test/unit/capture/cline.test.ts.
 */
import { gunzipSync } from 'node:zlib';
import type { OracleCase } from '../case';
import { markerJs, markerScript } from './marker';

/**
 * A shared object whose constructor runs `$HOLARYN_VECTOR` with `system()` (after removing
 * LD_PRELOAD), for x86-64 Linux, gzipped. Its source:
 *
 *     #include <stdlib.h>
 *     __attribute__((constructor)) static void holaryn_vector(void) {
 *       const char *c = getenv("HOLARYN_VECTOR");
 *       if (!c) return;
 *       unsetenv("LD_PRELOAD");
 *       system(c);
 *     }
 *
 * built with `gcc -shared -fPIC -Os -s -nostartfiles -Wl,--build-id=none -Wl,-z,noseparate-code`.
 */
const PRELOAD_SO = [
  ...gunzipSync(
    Buffer.from(
      'H4sICCoBFWsCA3Auc28A7VjNTxNBFJ/dIhQwpRCNtZSPEIhfuIEqhggCpXxUbQTrRzCYlIWubBPa6u6CrR4kMcZwMOHqzfgXeDIeSfgD5OBdLxp68yKJF+pM9z3YnXRTTUi87K/p/ua9mTcfb95sdt6LyfiUKAgE4SEj5FAiZAx412/VDZJa+mwhzeW2x4gzvnjsTKAfZldL/ws+U15ot/Mnwc5oJ4KdCnZqu53XBTt7wXz2u5GqoTwH8+A5ROxcA3yb2tWSvwe6KQHjOa3vnWBnXKZg+f8LWPuWCvpmB73XQU+WFUPJrpHVrG4W9IJuKBmykl5ckvScdIVMx6+PR5NhKSwNlPdDLO+JQH8By/pXg+l6VttF7OvG/fBjPHSaVMet2WvRi1b/WvSeCtMvDQTb6LMnRJ9NHWO0xGSVVRW/lSh6WpjMhirulOUGJrMhiltUvBN7c62bxfs2FWKvtoxAbGOb6jqY7jPTbXydL36khfnt2Ew8knhwK3l/Mnp3JkHiE8nZxGR8JjLB1tLqGQrB3PO09RyLZcqDMM8TuG/PEkTI+4XW43XeTcGMvxDY9LIGEZ//pZhq8HknGyM+b9ldw/QfoPXls+nzT/kCN5oan3rXyWhw6Pyl7i7iwoULFy5cuHDhwsV/An7n47d9APg0dy9oJfb7wa/9Uo7xJhjiHdMPlwG8k32A+gaQJeBGbjy8K+x2HN4jGWLc93gd8CngddGuV0X7PLH/ek7eL5nzj0H7Esjoh58gj0D9b67+qIH3Yx4/YPw99Cs4ajoavdp5dkJZTMvZzn522+u72H/5QkpZ7A+v9p8DFfW3ruqGZsiLRFrOrkqqrKtEShWyeiFjsqGZNWuKpqdzWZuQpHWasiKzhlB6vGIQyVDy9KnlUrIhE0lRk480OaMk1ZR2KBEpnU0bSVnT5EJ5JDmTXqK95wyzj6VcJqNkjaPyH4unPbpHGDcYl8iYNxC5OEachD5ELm6RFyxxKlSIrzaoE7lzgCxVyAdY0QMxiPYYdyNcPIsOHIaYPjg3op07HeaPiEBOReTOEXLAwX+ovwn249y5RI5Z7Jsq2M9ack4MO6KdxxzyOMj3OHt8ryH3VvH/POjCIA977Bx0sEdegjL6xyl/Rbj8FeIJZ5/32PlhhfyQFc9ZqsHyHj3IZ/kqt/dy/Bp85+HeR5jHw3ydh7ND/2/C/Pn3+G6TyX1Vxn8L9ny7AAxwpor/BYd80yjYv6+y/38Ah8XJ7GgVAAA=',
      'base64',
    ),
  ),
];

/** A rule, so that Cline has something of the repository to send. */
const RULE = { '.clinerules/rules.md': 'A Cline rule.\n' };

/** A perl hook (an interpreter named by its path, which the driver's empty PATH cannot stop) that writes the marker `name`. */
function perlHook(name: string): string {
  return `#!/usr/bin/perl\nsystem('/bin/sh', '-c', q{${markerScript(name)}});\n`;
}

/**
 * A dotenv file of Bun's that, were it read, would point Cline's configuration folder at a folder
 * of the repository holding a perl hook (seen running with \`.env\` before the driver moved Cline's
 * process folder), and make every process Cline starts load the shared object.
 */
function dotenv(file: string): OracleCase {
  const name = file.slice(1).replace(/\./g, '-');
  return {
    name: `dotenv-${name}`,
    why: `safety: Bun loads ${file} from its process working directory into Cline's environment (CLINE_DIR: a folder of hooks; LD_PRELOAD)`,
    tree: {
      ...RULE,
      [file]: [
        'CLINE_DIR={{root}}/tools/cline',
        'LD_PRELOAD={{root}}/lib/preload.so',
        `HOLARYN_VECTOR='${markerScript(`cline-${name}-preload`)}'`,
        '',
      ].join('\n'),
      'tools/cline/hooks/TaskStart': perlHook(`cline-${name}-hook`),
      'lib/preload.so': { bytes: PRELOAD_SO },
    },
  };
}

export const cases: OracleCase[] = [
  {
    name: 'bunfig-preload',
    why: 'safety: a Bun-compiled binary reads bunfig.toml from its process working directory and runs its preload modules',
    tree: {
      ...RULE,
      'bunfig.toml': 'preload = ["./preload.js"]\n',
      'preload.js': `${markerJs('cline-bunfig-preload')}\n`,
    },
  },
  ...['.env', '.env.local', '.env.production', '.env.production.local', '.env.development', '.env.development.local', '.env.test'].map(
    dotenv,
  ),
];
