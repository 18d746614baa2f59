/**
 * Where Cline CLI 3.0.65 finds its rules and which it keeps (`resolveRulesConfigSearchPaths` of
 * `@cline/shared` 0.0.86, the rules definition and the unified config watcher of `@cline/core`
 * 0.0.86, which the CLI's binary embeds; checked by test/oracle/cases/cline.ts).
 *
 * The search paths, in order: the workspace's `AGENTS.md`, `.clinerules` and `.cline/rules`, then
 * `~/.agents/AGENTS.md`, `<CLINE_DIR or ~/.cline>/rules`, `~/Cline/Rules`,
 * `~/Documents/Cline/Rules` (and `Documents/Cline/Rules` under each OneDrive folder a variable
 * names), then the workspace's `.cline` itself; a path twice is searched once. Each is looked at
 * through links: a file is one rule when it is named `.clinerules` or ends in `.md`, `.markdown`
 * or `.txt`; a folder gives each such regular file directly in it (a link in it is passed over,
 * nothing below it is walked) and its `AGENTS.md` even when that is a link. The workspace's `.cline`
 * gives `rules.md` of each subfolder holding a `managed.json` that parses as JSON.
 *
 * Every file is read and parsed (rule.ts); one that fails is dropped. The watcher keeps one rule
 * per lower-cased name, the one found last replacing earlier ones (a global rule replaces the
 * workspace rule of its name); rules turned off in their frontmatter are dropped after that, so a
 * turned-off rule still takes an earlier one of its name with it. What is left is sorted by name
 * with `localeCompare`.
 */
import type { DiscoverContext, NamedCandidate } from '../../profile';
import type { SourceScope } from '../../evidence';
import { listFolder } from '../agent/folders';
import { kindOf, peekText } from '../agent/peek';
import { ClineRule, parseClineRule, ruleId } from './rule';

/** Files larger than this are not read here (the pipeline refuses them as too large anyway). */
const MAX_RULE_BYTES = 1024 * 1024;
const RULE_EXTENSIONS = new Set(['.md', '.markdown', '.txt']);

/** The reason a rule replaced by a later one of its name is not sent. */
export const REPLACED = 'Cline keeps one rule per name (case aside): ';

/** One search path: where to look, how the evidence names it, whose it is. */
export interface SearchPath {
  abs: string;
  display: string;
  scope: SourceScope;
  /** A file of the user's own folders (links there are followed as Cline does). */
  own: boolean;
  /** The name Cline gives this path's file when it is one (`Workspace AGENTS.md`, `Global AGENTS.md`). */
  named?: string;
  /** The workspace's `.cline`: its managed subfolders' `rules.md`. */
  managed?: boolean;
}

/** Cline's folder of its own: `CLINE_DIR` (trimmed) when set, else `~/.cline`. */
export function clineDir(ctx: {
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
  fs: { path: DiscoverContext['fs']['path'] };
}): {
  path: string;
  display: string;
} {
  const P = ctx.fs.path;
  const set = ctx.env.CLINE_DIR?.trim();
  if (set) return { path: P.resolve(ctx.homedir, set), display: '$CLINE_DIR' };
  return { path: P.join(ctx.homedir, '.cline'), display: '~/.cline' };
}

/** The search paths in Cline's order, each once. */
export function searchPaths(ctx: Pick<DiscoverContext, 'fs' | 'env' | 'homedir' | 'root'>): SearchPath[] {
  const P = ctx.fs.path;
  const ws = ctx.root;
  const home = ctx.homedir;
  const cline = clineDir(ctx);
  const workspace = (rel: string, extra: Partial<SearchPath> = {}): SearchPath => ({
    abs: P.join(ws, ...rel.split('/')),
    display: rel,
    scope: 'workspace',
    own: false,
    ...extra,
  });
  const user = (abs: string, display: string, extra: Partial<SearchPath> = {}): SearchPath => ({
    abs,
    display,
    scope: 'global',
    own: true,
    ...extra,
  });
  const oneDrive = ['OneDrive', 'OneDriveConsumer', 'OneDriveCommercial'].flatMap((v) => {
    const dir = ctx.env[v]?.trim();
    return dir ? [user(P.join(dir, 'Documents', 'Cline', 'Rules'), `$${v}/Documents/Cline/Rules`)] : [];
  });
  const all = [
    workspace('AGENTS.md', { named: 'Workspace AGENTS.md' }),
    workspace('.clinerules'),
    workspace('.cline/rules'),
    user(P.join(home, '.agents', 'AGENTS.md'), '~/.agents/AGENTS.md', { named: 'Global AGENTS.md' }),
    user(P.join(cline.path, 'rules'), `${cline.display}/rules`),
    user(P.join(home, 'Cline', 'Rules'), '~/Cline/Rules'),
    user(P.join(home, 'Documents', 'Cline', 'Rules'), '~/Documents/Cline/Rules'),
    ...oneDrive,
    workspace('.cline', { managed: true }),
  ];
  const seen = new Set<string>();
  return all.filter((s) => !seen.has(s.abs) && (seen.add(s.abs), true));
}

/** One file a search path gives. */
interface Found {
  abs: string;
  display: string;
  scope: SourceScope;
  own: boolean;
  /** The name Cline gives it unless its frontmatter names it. */
  fallback: string;
}

function extension(P: DiscoverContext['fs']['path'], name: string): string {
  return P.parse(name).ext.toLowerCase();
}

/** Whether Cline takes a file of this name as a rule (`includeFile`). */
export function isRuleName(P: DiscoverContext['fs']['path'], name: string): boolean {
  return name === '.clinerules' || RULE_EXTENSIONS.has(extension(P, name));
}

/** Cline's default name: the base name without its extension. */
function stemOf(P: DiscoverContext['fs']['path'], abs: string): string {
  return P.basename(abs, P.parse(abs).ext);
}

/** The files of one folder Cline takes: its regular rule files in listing order, then its AGENTS.md when that is a link to a file. */
function folderFiles(ctx: DiscoverContext, s: SearchPath, dir: string, display: string): Found[] {
  const P = ctx.fs.path;
  const listed = listFolder(ctx, dir);
  if ('error' in listed) return [];
  const at = (name: string): Found => ({
    abs: P.join(dir, name),
    display: `${display}/${name}`,
    scope: s.scope,
    own: s.own,
    fallback: stemOf(P, name),
  });
  const files = listed.filter((e) => e.kind === 'file' && RULE_EXTENSIONS.has(extension(P, e.name))).map((e) => at(e.name));
  if (!files.some((f) => P.basename(f.abs) === 'AGENTS.md') && kindOf(ctx.fs, P.join(dir, 'AGENTS.md')) === 'file')
    files.push(at('AGENTS.md'));
  return files;
}

/** The files of one search path, in Cline's order. */
function filesOf(ctx: DiscoverContext, s: SearchPath): Found[] {
  const P = ctx.fs.path;
  if (s.managed) {
    const listed = listFolder(ctx, s.abs);
    if ('error' in listed) return [];
    const packs = listed
      .filter((e) => e.kind === 'directory' && managedJson(ctx, P.join(s.abs, e.name, 'managed.json'), s.own))
      .map((e) => e.name)
      .sort((a, b) => P.join(s.abs, a).localeCompare(P.join(s.abs, b)));
    return packs.flatMap((name) =>
      filesOf(ctx, { ...s, abs: P.join(s.abs, name, 'rules.md'), display: `${s.display}/${name}/rules.md`, managed: false }),
    );
  }
  const kind = kindOf(ctx.fs, s.abs);
  if (kind === 'file') {
    if (!isRuleName(P, P.basename(s.abs))) return [];
    return [{ abs: s.abs, display: s.display, scope: s.scope, own: s.own, fallback: s.named ?? stemOf(P, s.abs) }];
  }
  if (kind === 'directory') return folderFiles(ctx, s, s.abs, s.display);
  return [];
}

/** Whether a managed.json is there and parses as JSON to an object (Cline's test for a managed folder). */
function managedJson(ctx: DiscoverContext, abs: string, own: boolean): boolean {
  const peeked = peekText(ctx.fs, abs, own ? null : (real) => ctx.boundary.shows(real), MAX_RULE_BYTES, MAX_RULE_BYTES, ctx.options.cache);
  if (!peeked.ok) return false;
  try {
    const v = JSON.parse(peeked.text) as unknown;
    return typeof v === 'object' && v !== null;
  } catch {
    return false;
  }
}

/** A file read and parsed, or what keeps it out before parsing. */
type Read = { found: Found; rule: ClineRule } | { found: Found; outside: true } | { found: Found; unread: string };

function readRule(ctx: DiscoverContext, found: Found): Read {
  const shows = found.own ? null : (real: string) => ctx.boundary.shows(real);
  const peeked = peekText(ctx.fs, found.abs, shows, MAX_RULE_BYTES, MAX_RULE_BYTES, ctx.options.cache);
  if (peeked.ok) return { found, rule: parseClineRule(peeked.text, found.fallback) };
  if (peeked.why === 'outside') return { found, outside: true };
  return { found, unread: peeked.why === 'too-large' ? 'larger than 1 MiB: not read' : 'Cline cannot read it, and skips it' };
}

function candidate(f: Found, extra: Partial<NamedCandidate>): NamedCandidate {
  return {
    abs: f.abs,
    path: f.display,
    scope: f.scope,
    directory: null,
    depth: 0,
    filename: f.abs.slice(Math.max(f.abs.lastIndexOf('/'), f.abs.lastIndexOf('\\')) + 1),
    delivery: 'baseline',
    own: f.own,
    trim: true,
    ...extra,
  };
}

/**
 * The rule candidates, in the order Cline sends them (by name), then every file Cline finds but
 * does not send, reported with the reason.
 */
export function clineDiscover(ctx: DiscoverContext): NamedCandidate[] {
  const kept = new Map<string, { found: Found; name: string; disabled: boolean }>();
  const out: NamedCandidate[] = [];
  const notLoaded = (f: Found, reason: string) => out.push(candidate(f, { report: { status: 'not-loaded', reason } }));
  for (const s of searchPaths(ctx)) {
    for (const found of filesOf(ctx, s)) {
      const read = readRule(ctx, found);
      let name: string;
      let disabled = false;
      if ('outside' in read) name = found.fallback;
      else if ('unread' in read) {
        notLoaded(found, read.unread);
        continue;
      } else if (!read.rule.ok) {
        ctx.diagnostic('malformed-frontmatter', found.display, null, `Cline drops this rule file: ${read.rule.error}`);
        notLoaded(found, `Cline drops it: ${read.rule.error}`);
        continue;
      } else {
        name = read.rule.name;
        disabled = read.rule.disabled;
      }
      const id = ruleId(name);
      const before = kept.get(id);
      if (before) notLoaded(before.found, `${REPLACED}${found.display} (found later) replaces it`);
      kept.set(id, { found, name, disabled });
    }
  }
  const sent = [...kept.values()].filter((k) => {
    if (k.disabled) notLoaded(k.found, 'turned off in its frontmatter (disabled: true or enabled: false)');
    return !k.disabled;
  });
  sent.sort((a, b) => a.name.localeCompare(b.name));
  return [...sent.map((k, rank) => candidate(k.found, { rank, tag: k.name })), ...out];
}
