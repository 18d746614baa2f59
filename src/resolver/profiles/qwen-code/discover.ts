/**
 * What Qwen Code 0.24.4 loads, as candidates in its order (memoryDiscovery.ts, rulesDiscovery.ts,
 * settings.ts of its source; each rule checked by the oracle cases):
 *
 * 1. For each context file name in turn (QWEN.md, AGENTS.md, or `context.fileName`): the file in
 *    the global folder (`~/.qwen` or `$QWEN_HOME`); then, when the working directory is the home
 *    directory, the file there; otherwise, in a trusted folder, the file in every directory from
 *    the ceiling down to the working directory. The ceiling is the nearest directory above the
 *    working directory holding `.git` (a file or a folder), else the home directory's parent; the
 *    walk also stops below the global folder, and never probes the filesystem root.
 * 2. The reply-language file Qwen writes itself: `.qwen/output-language.md` of the working
 *    directory when there is one, else the global one.
 * 3. In a trusted git repository, `.qwen/QWEN.local.md` at its root.
 * 4. Rules: the `.md` files below the global `rules` folder, then (trusted) below the project's
 *    `.qwen/rules` (the project root: the git root, else the working directory), each folder's
 *    files sorted by path. A rule without `paths` is in the system prompt after the context files;
 *    one with `paths` is sent after the result of the first tool call touching a file they match.
 *
 * A path seen twice, or two paths to one file, count once (the first). The reading is the
 * pipeline's; this module only names the candidates and decides the rules' applicability.
 */
import { minimatch } from 'minimatch';
import { parse as parseYaml } from 'yaml';
import type { PathApi } from '../../fs';
import { canonicalize } from '../../paths';
import type { Applicability, DiscoverContext, NamedCandidate } from '../../profile';
import { MAX_RULE_FILES } from '../../limits';
import { walkRuleFolder } from '../agent/folders';
import { peekText } from '../agent/peek';
import { LOCAL_NAME, OUTPUT_LANGUAGE_NAME } from './settings';

/** Where Qwen keeps its files. */
export interface QwenHome {
  /** The global folder (absolute). */
  dir: string;
  /** `~/.qwen`, or `$QWEN_HOME` when the variable moved it. */
  display: string;
}

export function qwenHome(env: Readonly<Record<string, string | undefined>>, homedir: string, P: PathApi): QwenHome {
  const fromEnv = env.QWEN_HOME;
  if (fromEnv !== undefined && fromEnv !== '') {
    const expanded = fromEnv === '~' || fromEnv.startsWith('~/') ? P.join(homedir, fromEnv.slice(1)) : fromEnv;
    return { dir: P.resolve(homedir, expanded), display: '$QWEN_HOME' };
  }
  return { dir: P.join(homedir, '.qwen'), display: '~/.qwen' };
}

/** One rule file as Qwen parses it: its text for the model, and its `paths` when it has some. */
export interface ParsedRule {
  /** Null: nothing is left once the header and comments are gone (Qwen drops the rule). */
  content: string | null;
  paths?: string[];
}

const FRONTMATTER = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/;

/** Qwen's `stripHtmlComments`: `<!-- … -->` removed until none is left, then any lone `<!--`. */
export function stripHtmlComments(text: string): string {
  let result = text;
  let prev: string;
  do {
    prev = result;
    result = prev.replace(/<!--[\s\S]*?-->/g, '');
  } while (result !== prev);
  return result.replace(/<!--/g, '');
}

/**
 * Qwen's `parseRuleFile`: a leading BOM dropped, CRLF and CR made LF, a `---` header read as YAML
 * (`paths`: a list, or one string; a header that does not parse is dropped with no paths), HTML
 * comments removed, the rest trimmed.
 */
export function parseRule(raw: string): ParsedRule {
  const normalized = raw
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, '\n');
  const match = FRONTMATTER.exec(normalized);
  let body = normalized;
  let paths: string[] | undefined;
  if (match) {
    body = match[2];
    try {
      const header = parseYaml(match[1]) as unknown;
      const value = typeof header === 'object' && header !== null ? (header as Record<string, unknown>).paths : undefined;
      if (Array.isArray(value)) {
        const list = value.map(String).filter(Boolean);
        if (list.length > 0) paths = list;
      } else if (typeof value === 'string' && value !== '') paths = [value];
    } catch {
      // Qwen logs the header and keeps the body as a rule for every file.
    }
  }
  const content = stripHtmlComments(body).trim();
  return content === '' ? { content: null } : { content, ...(paths ? { paths } : {}) };
}

/** The `.git` entry (a file or a folder) nearest above `dir`, or undefined. */
export function gitRoot(ctx: Pick<DiscoverContext, 'fs'>, dir: string): string | undefined {
  const P = ctx.fs.path;
  for (let d = dir; ; d = P.dirname(d)) {
    try {
      const st = ctx.fs.lstat(P.join(d, '.git'));
      if (st && (st.kind === 'directory' || st.kind === 'file')) return d;
    } catch {
      // unreadable: Qwen logs it and goes on up
    }
    if (P.dirname(d) === d) return undefined;
  }
}

/** A candidate with what the format needs to frame it as Qwen does. */
export interface QwenCandidate extends NamedCandidate {
  /** `context`: a `--- Context from:` block; `rule`: a `--- Rule from:` block. */
  readonly kind: 'context' | 'rule';
  /** The path Qwen writes in the block's lines, before the cwd or root is known to the format. */
  readonly header: string;
  /** A conditional rule: the index of the first target (tool call) whose file its paths match. */
  readonly call?: number;
}

export interface QwenInputs {
  readonly ctx: DiscoverContext;
  readonly home: QwenHome;
  readonly names: readonly string[];
  readonly trusted: boolean;
}

/** Whether `abs` exists and Node could open it for reading (links followed; a folder counts, as `fs.access` does). */
function accessible(ctx: DiscoverContext, abs: string): boolean {
  try {
    return ctx.fs.stat(abs) !== undefined;
  } catch {
    return false;
  }
}

/** Picomatch's test of `rel` against a rule's globs (dot files included), as Qwen compiles them. */
function rulePaths(globs: readonly string[], projectRoot: string, P: PathApi): Applicability {
  const matches = (abs: string) => {
    const rel = P.relative(projectRoot, abs).split(P.sep).join('/');
    if (rel === '' || rel.startsWith('../') || P.isAbsolute(rel)) return false;
    return globs.some((g) => minimatch(rel, g, { dot: true }));
  };
  return {
    test: (target) =>
      matches(target.absolute) ? null : { target: target.path, key: 'applies_to', pattern: null, why: 'its paths do not match this file' },
    describe: () => `paths ${JSON.stringify(globs)}`,
    unmatched: 'Qwen Code sends it only after a tool call touches a file its paths match',
  };
}

/** The candidates in Qwen's order (see the module comment). */
export function qwenCandidates(inputs: QwenInputs): QwenCandidate[] {
  const { ctx, home, names, trusted } = inputs;
  const P = ctx.fs.path;
  const cwd = ctx.root;
  const homedir = P.resolve(ctx.homedir);
  const out: QwenCandidate[] = [];
  const seen = new Set<string>();
  const seenReal = new Set<string>();
  const shown = (abs: string): string => {
    const rel = P.relative(homedir, abs);
    if (rel !== '' && !rel.startsWith('..') && !P.isAbsolute(rel) && !isInside(P, cwd, abs)) return `~/${rel.split(P.sep).join('/')}`;
    return ctx.display(abs);
  };
  const own = (abs: string) => isInside(P, home.dir, abs);
  const add = (abs: string, kind: 'context' | 'rule', extra: Partial<QwenCandidate> & { header: string }) => {
    if (seen.has(abs)) return;
    seen.add(abs);
    let real = abs;
    try {
      real = canonicalize(ctx.fs, abs).path;
    } catch {
      // unreadable: the pipeline says so
    }
    if (seenReal.has(real)) return;
    seenReal.add(real);
    const global = own(abs) || P.dirname(abs) === homedir;
    const dir = P.dirname(abs);
    out.push({
      abs,
      path: shown(abs),
      scope: global ? 'global' : isInside(P, cwd, abs) ? 'workspace' : 'project',
      directory: null,
      depth: global ? 0 : ctx.depthOf(ctx.display(dir)),
      filename: P.basename(abs),
      delivery: 'baseline',
      own: own(abs),
      tag: kind,
      kind,
      ...extra,
    });
  };

  const found = gitRoot(ctx, cwd);
  const atHome = cwd === homedir;
  const ceiling = found ? P.dirname(found) : P.dirname(homedir);
  for (const name of names) {
    if (name === '') continue;
    const globalPath = P.join(home.dir, name);
    const contextHeader = { header: '' };
    if (accessible(ctx, globalPath)) add(globalPath, 'context', contextHeader);
    if (atHome) {
      const homePath = P.join(homedir, name);
      if (homePath !== globalPath && accessible(ctx, homePath)) add(homePath, 'context', contextHeader);
      continue;
    }
    if (!trusted) continue;
    const upward: string[] = [];
    for (let dir = cwd; dir !== P.dirname(dir); dir = P.dirname(dir)) {
      if (dir === home.dir || dir === P.join(homedir, '.qwen')) break;
      const abs = P.join(dir, name);
      if (accessible(ctx, abs) && abs !== globalPath) upward.unshift(abs);
      if (dir === ceiling) break;
    }
    for (const abs of upward) add(abs, 'context', { header: '', probe: { dir: P.dirname(abs), name } });
  }
  const projectLanguage = P.join(cwd, '.qwen', OUTPUT_LANGUAGE_NAME);
  const globalLanguage = P.join(home.dir, OUTPUT_LANGUAGE_NAME);
  if (accessible(ctx, projectLanguage)) add(projectLanguage, 'context', { header: '', note: 'the reply-language file Qwen Code writes' });
  else if (accessible(ctx, globalLanguage))
    add(globalLanguage, 'context', { header: '', note: 'the reply-language file Qwen Code writes' });
  if (trusted && found) {
    const local = P.join(found, '.qwen', LOCAL_NAME);
    if (accessible(ctx, local)) add(local, 'context', { header: '', probe: { dir: found, name: `.qwen/${LOCAL_NAME}`, fixed: true } });
  }

  const projectRoot = found ?? cwd;
  const ruleDirs = [P.join(home.dir, 'rules')];
  const projectRules = P.join(projectRoot, '.qwen', 'rules');
  if (trusted && P.resolve(projectRules) !== P.resolve(ruleDirs[0])) ruleDirs.push(projectRules);
  for (const [i, top] of ruleDirs.entries()) {
    const files = walkRuleFolder(ctx, {
      top,
      maxDepth: 32,
      wanted: (name) => name.endsWith('.md'),
      order: (entries) => entries.map((e) => e.name),
      // Qwen lists with file types: a link inside the folder is neither a file nor a folder to it.
      link: (abs) => (abs === top ? { follow: true } : { follow: false }),
      keepLinkPaths: true,
      agent: 'Qwen Code',
    })
      .map((f) => f.abs)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, MAX_RULE_FILES);
    for (const abs of files) {
      const header = P.relative(projectRoot, abs).split(P.sep).join('/');
      // A project rule above the working directory is where Qwen's own fixed name put it.
      const probe = i === 1 ? { probe: { dir: projectRoot, name: header, fixed: true } } : {};
      const peeked = peekText(
        ctx.fs,
        abs,
        own(abs) ? null : (real) => ctx.boundary.shows(real, i === 1 ? { dir: projectRoot, name: header, fixed: true } : undefined),
        1024 * 1024,
        undefined,
        ctx.options.cache,
      );
      const parsed = peeked.ok ? parseRule(peeked.text) : { content: '' as string | null };
      if (parsed.content === null) {
        add(abs, 'rule', {
          header,
          trim: false,
          report: {
            status: 'not-loaded',
            reason: 'nothing is left of it once its header and HTML comments are removed: Qwen Code drops it',
          },
        });
        continue;
      }
      if (parsed.paths) {
        const applicability = rulePaths(parsed.paths, projectRoot, P);
        const call = ctx.targets.findIndex(
          (t) =>
            applicability.test(
              { path: t.path, kind: t.kind, absolute: P.join(cwd, t.path) },
              { directory: null, absoluteDirectory: null },
            ) === null,
        );
        add(abs, 'rule', {
          header,
          trim: false,
          delivery: 'on-touch',
          applicability,
          ...probe,
          ...(call >= 0 ? { call } : {}),
        });
      } else add(abs, 'rule', { header, trim: false, ...probe });
    }
  }
  return out;
}

function isInside(P: PathApi, dir: string, abs: string): boolean {
  const rel = P.relative(dir, abs);
  return rel !== '' && !rel.startsWith('..') && !P.isAbsolute(rel);
}
