/**
 * Kilo's substitution in instruction files (ConfigMarkdown.read + ConfigVariable.substitute with
 * `markdown: true`, 7.7.7): before a file is sent, `{env:NAME}` is replaced by the variable's
 * value and `{file:PATH}` by that file's text, trimmed (PATH relative to the instruction file's
 * folder, `~/` the home; a missing file gives nothing). A reference on a line whose text before it
 * starts with `//` is left as written.
 *
 * A file Kilo does not trust (every project file, and every file an `instructions` glob finds
 * unless the entry is absolute and from the user's own configuration) is read only when its real
 * path lies in the project (the worktree, or the working directory without one); in it an
 * `{env:…}` reference (not preceded by `$`) drops the whole file, and a `{file:…}` reference (not
 * preceded by `$`) whose real path lies outside the project drops it too. Kilo catches each of
 * these errors and sends nothing for that file.
 */
import type { ResolverFs } from '../../fs';
import { isInside } from '../../paths';
import { MAX_CONTENT_BYTES } from '../../limits';
import { peekText } from '../agent/peek';

/** Variables Kilo never substitutes (its server's secrets): a reference to one drops the file. */
const BLOCKED_ENV = new Set(['KILO_SERVER_PASSWORD', 'KILO_SERVER_USERNAME', 'KILO_BROWSER_BROKER_URL', 'KILO_BROWSER_BROKER_TOKEN']);

/** What Kilo's substitution made of one file: its text, or why it sends nothing. */
export type Substituted = { ok: true; text: string } | { ok: false; reason: string };

export interface SubstituteInputs {
  readonly fs: ResolverFs;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
  /** The file's path as Kilo found it (its folder resolves relative references). */
  readonly path: string;
  /** Trusted (the user's own), or the project folder an untrusted file's references must stay in. */
  readonly trust: { readonly trusted: true } | { readonly trusted: false; readonly root: string };
  /** Whether Holaryn may read and show a file of this real path (the call's boundary; null: the user's own file). */
  readonly shows: ((real: string) => boolean) | null;
}

/** Whether the text before `index` on its line starts with `//` (Kilo leaves such a reference as written). */
function commented(text: string, index: number): boolean {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  return text.slice(start, index).trimStart().startsWith('//');
}

/** The real path of `abs`, or undefined when it does not exist. */
function realOf(fs: ResolverFs, abs: string): string | undefined {
  try {
    return fs.realpath ? fs.realpath(abs) : abs;
  } catch {
    return undefined;
  }
}

/** Whether Kilo would read `abs` for a file it does not trust: its real path inside the project's real path. */
export function inScope(fs: ResolverFs, abs: string, root: string): boolean {
  const real = realOf(fs, abs);
  const top = realOf(fs, root) ?? root;
  return real !== undefined && isInside(fs.path, top, real);
}

/** Kilo's substitution of `text` (see the module comment). */
export function substitute(text: string, inputs: SubstituteInputs): Substituted {
  const { fs, env, trust } = inputs;
  const P = fs.path;
  const untrusted = !trust.trusted;
  const envRef = untrusted ? /(?<!\$)\{env:([^}]+)\}/g : /\{env:([^}]+)\}/g;
  if (untrusted) {
    for (const m of text.matchAll(envRef))
      if (!commented(text, m.index ?? 0))
        return { ok: false, reason: `holds ${m[0]}: Kilo does not substitute variables in a project file and sends nothing for it` };
  }
  let blocked: string | undefined;
  const withEnv = text.replace(envRef, (whole: string, name: string, at: number) => {
    if (commented(text, at)) return whole;
    if (BLOCKED_ENV.has(name.toUpperCase())) blocked = whole;
    return env[name] ?? '';
  });
  if (blocked !== undefined)
    return { ok: false, reason: `holds ${blocked}, a variable Kilo refuses to substitute; it sends nothing for it` };
  const fileRef = untrusted ? /(?<!\$)\{file:[^}]+\}/g : /\{file:[^}]+\}/g;
  let out = '';
  let at = 0;
  for (const m of withEnv.matchAll(fileRef)) {
    const index = m.index ?? 0;
    out += withEnv.slice(at, index);
    at = index + m[0].length;
    if (commented(withEnv, index)) {
      out += m[0];
      continue;
    }
    let target = m[0].slice('{file:'.length, -1);
    if (target.startsWith('~/')) target = P.join(inputs.homedir, target.slice(2));
    const abs = P.isAbsolute(target) ? target : P.resolve(P.dirname(inputs.path), target);
    if (!trust.trusted && realOf(fs, abs) !== undefined && !inScope(fs, abs, trust.root))
      return { ok: false, reason: `holds ${m[0]}, outside the project: Kilo refuses the reference and sends nothing for the file` };
    const read = peekText(fs, abs, inputs.shows, MAX_CONTENT_BYTES);
    out += read.ok ? read.text.trim() : '';
  }
  return { ok: true, text: out + withEnv.slice(at) };
}
