/**
 * Markers for hostile cases: a payload that runs leaves a file named `holaryn-marker-<name>`
 * wherever a process in the capture sandbox could write: the case's `{{outside}}` folder (the
 * oracle binds it into the sandbox as a canary), the agent's HOME and temporary folders, and its
 * working directory (the repository's throwaway layer). After a run the suite looks for that name
 * everywhere under the run's folder, so a payload that ran is seen wherever its write landed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const MARKER_PREFIX = 'holaryn-marker-';

/** Shell text (no single quotes in it) that writes the marker `name` everywhere it can. */
export function markerScript(name: string): string {
  return `for d in {{outside}} "$HOME" "$TMPDIR" /tmp "$PWD"; do echo ran > "$d/${MARKER_PREFIX}${name}"; done 2>/dev/null; true`;
}

/** A command line that runs markerScript with /bin/sh. */
export function markerCommand(name: string): string {
  return `/bin/sh -c '${markerScript(name)}'`;
}

/** A command as an argument list (MCP servers, language servers). */
export function markerArgv(name: string): string[] {
  return ['/bin/sh', '-c', markerScript(name)];
}

/** CommonJS or ESM statement text that writes the marker `name` everywhere it can (uses only `process` and a dynamic require/import of node:fs). */
export function markerJs(name: string): string {
  const dirs = `['{{outside}}', process.env.HOME, process.env.TMPDIR, '/tmp', process.cwd()]`;
  return `for (const d of ${dirs}) { try { (typeof require === 'function' ? require('node:fs') : process.getBuiltinModule('node:fs')).writeFileSync(d + '/${MARKER_PREFIX}${name}', 'ran'); } catch {} }`;
}

/** Every marker file under `dir` (links not followed), relative to it. */
export function markersUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (abs: string, rel: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.name.startsWith(MARKER_PREFIX)) found.push(r);
      else if (e.isDirectory()) walk(path.join(abs, e.name), r);
    }
  };
  walk(dir, '');
  return found.sort();
}
