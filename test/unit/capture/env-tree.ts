/**
 * A repository and home on disk for the Gemini CLI and Qwen Code driver tests: `root/` (the top),
 * `home/`, and the LaunchInput their `launch` is given, with the files it is shown.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { LaunchInput } from '../../../src/capture/agents/types';
import { regularFiles } from '../../../src/capture/tree';

export interface EnvTree {
  base: string;
  root: string;
  home: string;
  /** The launch input for working directory `cwd` (relative to root), showing the tree and home's files. */
  input(cwd?: string): LaunchInput;
  remove(): void;
}

/** Lays `tree` under root and `home` under home (text files; a `{ link }` entry is a symlink). */
export function envTree(tree: Record<string, string | { link: string }>, home: Record<string, string> = {}): EnvTree {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-env-driver-')));
  const root = path.join(base, 'root');
  const homeDir = path.join(base, 'home');
  const lay = (dir: string, entries: Record<string, string | { link: string }>) => {
    fs.mkdirSync(dir, { recursive: true });
    for (const [rel, e] of Object.entries(entries)) {
      const at = path.join(dir, rel);
      fs.mkdirSync(path.dirname(at), { recursive: true });
      if (typeof e === 'string') fs.writeFileSync(at, e);
      else fs.symlinkSync(e.link, at);
    }
  };
  lay(root, tree);
  lay(homeDir, home);
  return {
    base,
    root,
    home: homeDir,
    input: (cwd = '') => {
      const dir = path.join(root, cwd);
      fs.mkdirSync(dir, { recursive: true });
      return {
        executable: '/agent.js',
        node: process.execPath,
        cwd: dir,
        top: root,
        home: homeDir,
        state: path.join(base, 'state'),
        port: 8787,
        prompt: 'Reply with the word done.',
        files: regularFiles(homeDir, regularFiles(root)),
      };
    },
    remove: () => fs.rmSync(base, { recursive: true, force: true }),
  };
}

/** A driver's launch input on paths the test names; what a launch rarely reads (node, port, prompt, files) defaulted. */
export function launchInput(where: Pick<LaunchInput, 'executable' | 'cwd' | 'top' | 'home' | 'state'> & Partial<LaunchInput>): LaunchInput {
  return { node: process.execPath, port: 8787, prompt: 'p', files: new Map(), ...where };
}
