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
import type { Applicability, DiscoverContext, NamedCandidate, SourceFacts } from '../../profile';
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
  return new QwenDiscovery(inputs).run();
}

type RuleProbe = { dir: string; name: string; fixed: true };

/** One discovery: the steps of the module comment, in order, adding to one list. */
class QwenDiscovery {
  private readonly ctx: DiscoverContext;
  private readonly home: QwenHome;
  private readonly P: PathApi;
  private readonly cwd: string;
  private readonly homedir: string;
  private readonly out: QwenCandidate[] = [];
  private readonly seen = new Set<string>();
  private readonly seenReal = new Set<string>();
  /** The nearest `.git` at or above the working directory, or undefined. */
  private readonly found: string | undefined;

  constructor(private readonly inputs: QwenInputs) {
    this.ctx = inputs.ctx;
    this.home = inputs.home;
    this.P = this.ctx.fs.path;
    this.cwd = this.ctx.root;
    this.homedir = this.P.resolve(this.ctx.homedir);
    this.found = gitRoot(this.ctx, this.cwd);
  }

  run(): QwenCandidate[] {
    for (const name of this.inputs.names) if (name !== '') this.contextFiles(name);
    this.languageFile();
    this.localFile();
    this.rules();
    return this.out;
  }

  /** How Qwen names a file: `~/…` under the home directory (outside the working directory), else as displayed. */
  private shown(abs: string): string {
    const { P, homedir, cwd } = this;
    const rel = P.relative(homedir, abs);
    if (rel !== '' && !rel.startsWith('..') && !P.isAbsolute(rel) && !isInside(P, cwd, abs)) return `~/${rel.split(P.sep).join('/')}`;
    return this.ctx.display(abs);
  }

  /** Under Qwen's global folder. */
  private own(abs: string): boolean {
    return isInside(this.P, this.home.dir, abs);
  }

  /** One candidate, unless its path or the file it leads to was added before. */
  private add(abs: string, kind: 'context' | 'rule', extra: Partial<QwenCandidate> & { header: string }): void {
    const { P, ctx } = this;
    if (this.seen.has(abs)) return;
    this.seen.add(abs);
    let real = abs;
    try {
      real = canonicalize(ctx.fs, abs).path;
    } catch {
      // unreadable: the pipeline says so
    }
    if (this.seenReal.has(real)) return;
    this.seenReal.add(real);
    const global = this.own(abs) || P.dirname(abs) === this.homedir;
    const dir = P.dirname(abs);
    this.out.push({
      abs,
      path: this.shown(abs),
      scope: global ? 'global' : isInside(P, this.cwd, abs) ? 'workspace' : 'project',
      directory: null,
      depth: global ? 0 : ctx.depthOf(ctx.display(dir)),
      filename: P.basename(abs),
      delivery: 'baseline',
      own: this.own(abs),
      tag: kind,
      kind,
      ...extra,
      facts: this.facts(abs, kind, extra),
    });
  }

  /**
   * What the format and imports need: the path Qwen writes (a context file's under the working
   * directory as given, a rule's under the project root), the tool call that loads a conditional
   * rule, and the path as found (imports resolve from its folder).
   */
  private facts(abs: string, kind: 'context' | 'rule', extra: { header: string; call?: number }): SourceFacts {
    const P = this.P;
    const written = kind === 'context' ? P.relative(this.ctx.cwd, abs).split(P.sep).join('/') : extra.header;
    return extra.call === undefined ? { written, found: abs } : { written, found: abs, call: extra.call };
  }

  /** Step 1 for one name: the global file, then the home directory's or the walk's. */
  private contextFiles(name: string): void {
    const { P, ctx, homedir } = this;
    const globalPath = P.join(this.home.dir, name);
    const contextHeader = { header: '' };
    if (accessible(ctx, globalPath)) this.add(globalPath, 'context', contextHeader);
    if (this.cwd === homedir) {
      const homePath = P.join(homedir, name);
      if (homePath !== globalPath && accessible(ctx, homePath)) this.add(homePath, 'context', contextHeader);
      return;
    }
    if (!this.inputs.trusted) return;
    for (const abs of this.upward(name, globalPath)) this.add(abs, 'context', { header: '', probe: { dir: P.dirname(abs), name } });
  }

  /** The files named `name` from the ceiling down to the working directory (the global one left out). */
  private upward(name: string, globalPath: string): string[] {
    const { P, homedir } = this;
    const ceiling = this.found ? P.dirname(this.found) : P.dirname(homedir);
    const upward: string[] = [];
    for (let dir = this.cwd; dir !== P.dirname(dir); dir = P.dirname(dir)) {
      if (dir === this.home.dir || dir === P.join(homedir, '.qwen')) break;
      const abs = P.join(dir, name);
      if (accessible(this.ctx, abs) && abs !== globalPath) upward.unshift(abs);
      if (dir === ceiling) break;
    }
    return upward;
  }

  /** Step 2: the project's reply-language file, else the global one. */
  private languageFile(): void {
    const { P, ctx } = this;
    const projectLanguage = P.join(this.cwd, '.qwen', OUTPUT_LANGUAGE_NAME);
    const globalLanguage = P.join(this.home.dir, OUTPUT_LANGUAGE_NAME);
    if (accessible(ctx, projectLanguage))
      this.add(projectLanguage, 'context', { header: '', note: 'the reply-language file Qwen Code writes' });
    else if (accessible(ctx, globalLanguage))
      this.add(globalLanguage, 'context', { header: '', note: 'the reply-language file Qwen Code writes' });
  }

  /** Step 3: `.qwen/QWEN.local.md` at a trusted git root. */
  private localFile(): void {
    const found = this.found;
    if (!this.inputs.trusted || !found) return;
    const local = this.P.join(found, '.qwen', LOCAL_NAME);
    if (accessible(this.ctx, local))
      this.add(local, 'context', { header: '', probe: { dir: found, name: `.qwen/${LOCAL_NAME}`, fixed: true } });
  }

  /** Step 4: the global rules folder, then a trusted project's. */
  private rules(): void {
    const { P } = this;
    const projectRoot = this.found ?? this.cwd;
    const ruleDirs = [P.join(this.home.dir, 'rules')];
    const projectRules = P.join(projectRoot, '.qwen', 'rules');
    if (this.inputs.trusted && P.resolve(projectRules) !== P.resolve(ruleDirs[0])) ruleDirs.push(projectRules);
    for (const [i, top] of ruleDirs.entries()) {
      for (const abs of this.ruleFiles(top)) this.rule(abs, projectRoot, i === 1);
    }
  }

  /** The `.md` files below one rules folder, sorted by path. */
  private ruleFiles(top: string): string[] {
    return walkRuleFolder(this.ctx, {
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
  }

  /** One rule file: dropped when empty, on touch when it has paths, else in the system prompt. */
  private rule(abs: string, projectRoot: string, project: boolean): void {
    const { P, ctx } = this;
    const header = P.relative(projectRoot, abs).split(P.sep).join('/');
    // A project rule above the working directory is where Qwen's own fixed name put it.
    const probe: { probe?: RuleProbe } = project ? { probe: { dir: projectRoot, name: header, fixed: true } } : {};
    const peeked = peekText(
      ctx.fs,
      abs,
      this.own(abs) ? null : (real) => ctx.boundary.shows(real, project ? { dir: projectRoot, name: header, fixed: true } : undefined),
      1024 * 1024,
      undefined,
      ctx.options.cache,
    );
    const parsed = peeked.ok ? parseRule(peeked.text) : { content: '' as string | null };
    if (parsed.content === null) {
      this.add(abs, 'rule', {
        header,
        trim: false,
        report: {
          status: 'not-loaded',
          reason: 'nothing is left of it once its header and HTML comments are removed: Qwen Code drops it',
        },
      });
      return;
    }
    if (parsed.paths) {
      const applicability = rulePaths(parsed.paths, projectRoot, P);
      this.add(abs, 'rule', {
        header,
        trim: false,
        delivery: 'on-touch',
        applicability,
        ...probe,
        ...this.firstCall(applicability),
      });
    } else this.add(abs, 'rule', { header, trim: false, ...probe });
  }

  /** The first target (tool call) a conditional rule applies to, as `{ call }`, or nothing. */
  private firstCall(applicability: Applicability): { call?: number } {
    const { P, cwd } = this;
    const call = this.ctx.targets.findIndex(
      (t) =>
        applicability.test({ path: t.path, kind: t.kind, absolute: P.join(cwd, t.path) }, { directory: null, absoluteDirectory: null }) ===
        null,
    );
    return call >= 0 ? { call } : {};
  }
}

function isInside(P: PathApi, dir: string, abs: string): boolean {
  const rel = P.relative(dir, abs);
  return rel !== '' && !rel.startsWith('..') && !P.isAbsolute(rel);
}
