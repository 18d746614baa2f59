/**
 * The skills pi 0.73.1 lists at the end of its system prompt (package-manager.js
 * `addAutoDiscoveredResources`, `collectSkillEntries`; skills.js `loadSkills`,
 * `formatSkillsForPrompt`), in its order:
 *
 * - the project's: `<cwd>/.pi/skills`, then `.agents/skills` of every folder from the working
 *   directory up to the git root (the nearest folder holding a `.git` entry; without one, up to
 *   `/`), nearest first; then the user's: `<agent>/skills`, then `~/.agents/skills`;
 * - in each, a folder holding a `SKILL.md` file is one skill (nothing below it is looked at);
 *   any other folder is looked into, its entries in name order, leaving out names starting with a
 *   dot and `node_modules`; in `.pi/skills` and `<agent>/skills` a `.md` file directly in the
 *   folder is a skill too; `.gitignore`, `.ignore` and `.fdignore` files on the way leave out what
 *   they match;
 * - a skill is its file's `name:` (else its folder's name) and `description:` from the `---`
 *   header (YAML); without a description, or when the header does not parse, it is not loaded;
 *   `disable-model-invocation: true` keeps it out of the list; of two skills with one name the
 *   first is kept; the same file reached twice is taken once.
 *
 * Each entry is written `  <skill>` / `    <name>…</name>` / `    <description>…</description>` /
 * `    <location>ABS</location>` / `  </skill>`, XML-escaped, one after the other.
 */
import ignore, { type Ignore } from 'ignore';
import { minimatch } from 'minimatch';
import { parse } from 'yaml';
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { kindOf, listNames, peekText } from '../agent/peek';
import { LISTING_FILE_BYTES, listingPath, unsent } from '../agent/skills';

const IGNORE_FILES = ['.gitignore', '.ignore', '.fdignore'];

/** How deep pi's skill folders are followed here (pi has no bound). */
export const MAX_SKILL_DEPTH = 12;

/** One skill folder pi looks in, and whether it is the user's own. */
interface SkillRoot {
  readonly dir: string;
  /** `.pi/skills` and `<agent>/skills` also take `.md` files directly inside. */
  readonly rootFiles: boolean;
  readonly own: boolean;
  /** The folder of the walk it belongs to: a file below it is shown where pi found it (a probe of fixed names). */
  readonly base: string;
}

/** Who may read `abs` of `root`: anyone for the user's own folders, else the boundary, as found by the walk. */
function showsFor(ctx: DiscoverContext, root: SkillRoot, abs: string): ((real: string) => boolean) | null {
  if (root.own) return null;
  const name = relPosix(ctx, root.base, abs);
  return (real) => ctx.boundary.shows(real, { dir: root.base, name, fixed: true });
}

function sortedNames(ctx: DiscoverContext, dir: string): string[] {
  return [...listNames(ctx.fs, dir)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** pi's prefixIgnorePattern: a line of an ignore file made relative to the skill folder. */
function prefixed(line: string, prefix: string): string | null {
  const trimmed = line.trim();
  if (!trimmed || (trimmed.startsWith('#') && !trimmed.startsWith('\\#'))) return null;
  let pattern = line;
  let negated = false;
  if (pattern.startsWith('!')) {
    negated = true;
    pattern = pattern.slice(1);
  } else if (pattern.startsWith('\\!')) pattern = pattern.slice(1);
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  return `${negated ? '!' : ''}${prefix}${pattern}`;
}

function relPosix(ctx: DiscoverContext, from: string, to: string): string {
  const P = ctx.fs.path;
  return P.relative(from, to).split(P.sep).join('/');
}

function addIgnoreRules(ctx: DiscoverContext, ig: Ignore, dir: string, root: SkillRoot): void {
  const rel = relPosix(ctx, root.dir, dir);
  const prefix = rel ? `${rel}/` : '';
  for (const name of IGNORE_FILES) {
    const abs = ctx.fs.path.join(dir, name);
    const read = peekText(ctx.fs, abs, showsFor(ctx, root, abs), LISTING_FILE_BYTES);
    if (!read.ok) continue;
    const patterns = read.text
      .split(/\r?\n/)
      .map((l) => prefixed(l, prefix))
      .filter((l): l is string => l !== null);
    if (patterns.length > 0) ig.add(patterns);
  }
}

/** pi's collectSkillEntries: the skill files of one folder, in its order. */
function collect(ctx: DiscoverContext, root: SkillRoot, dir = root.dir, ig: Ignore = ignore(), depth = 0): string[] {
  const P = ctx.fs.path;
  if (depth > MAX_SKILL_DEPTH || kindOf(ctx.fs, dir) !== 'directory') return [];
  addIgnoreRules(ctx, ig, dir, root);
  const names = sortedNames(ctx, dir);
  const skill = P.join(dir, 'SKILL.md');
  if (names.includes('SKILL.md') && kindOf(ctx.fs, skill) === 'file' && !ig.ignores(relPosix(ctx, root.dir, skill))) return [skill];
  const out: string[] = [];
  for (const name of names) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const abs = P.join(dir, name);
    const kind = kindOf(ctx.fs, abs);
    if (kind === undefined) continue;
    const rel = relPosix(ctx, root.dir, abs);
    if (root.rootFiles && dir === root.dir && kind === 'file' && name.endsWith('.md') && !ig.ignores(rel)) {
      out.push(abs);
      continue;
    }
    if (kind !== 'directory' || ig.ignores(`${rel}/`)) continue;
    out.push(...collect(ctx, root, abs, ig, depth + 1));
  }
  return out;
}

/** The nearest folder at or above `dir` holding a `.git` entry, or null. */
function gitRoot(ctx: DiscoverContext, dir: string): string | null {
  const P = ctx.fs.path;
  for (let d = dir; ; d = P.dirname(d)) {
    try {
      if (ctx.fs.lstat(P.join(d, '.git')) !== undefined) return d;
    } catch {
      // not there
    }
    if (P.dirname(d) === d) return null;
  }
}

/** The folders pi looks in, in its order. */
function skillRoots(ctx: DiscoverContext, agentDir: string): SkillRoot[] {
  const P = ctx.fs.path;
  const userAgents = P.join(ctx.homedir, '.agents', 'skills');
  const top = gitRoot(ctx, ctx.root);
  const ancestors: SkillRoot[] = [];
  for (let d = ctx.root; ; d = P.dirname(d)) {
    const dir = P.join(d, '.agents', 'skills');
    if (dir !== userAgents) ancestors.push({ dir, rootFiles: false, own: false, base: d });
    if ((top !== null && d === top) || P.dirname(d) === d) break;
  }
  return [
    { dir: P.join(ctx.root, '.pi', 'skills'), rootFiles: true, own: false, base: ctx.root },
    ...ancestors,
    { dir: P.join(agentDir, 'skills'), rootFiles: true, own: true, base: agentDir },
    { dir: userAgents, rootFiles: false, own: true, base: ctx.homedir },
  ];
}

/** pi's frontmatter: the text between a leading `---` and the next line starting `---`, as YAML (CR LF read as LF). */
function frontmatter(text: string): { ok: true; value: Record<string, unknown> } | { ok: false } {
  const normalized = text.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
  if (!normalized.startsWith('---')) return { ok: true, value: {} };
  const end = normalized.indexOf('\n---', 3);
  if (end === -1) return { ok: true, value: {} };
  const block = normalized.slice(4, end);
  if (!block) return { ok: true, value: {} };
  try {
    const parsed = parse(block) as unknown;
    return { ok: true, value: (parsed ?? {}) as Record<string, unknown> };
  } catch {
    return { ok: false };
  }
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** One entry as pi writes it in `<available_skills>`. */
export function skillEntry(name: string, description: string, location: string): string {
  return `  <skill>\n    <name>${escapeXml(name)}</name>\n    <description>${escapeXml(description)}</description>\n    <location>${escapeXml(location)}</location>\n  </skill>`;
}

/** A settings file's `skills` entries (pi's own migration of the old `{ customDirectories }` form included). */
export function settingsSkills(ctx: DiscoverContext, file: string, own: boolean): string[] {
  const read = peekText(ctx.fs, file, own ? null : (real) => ctx.boundary.shows(real), LISTING_FILE_BYTES);
  if (!read.ok) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(read.text);
  } catch {
    return [];
  }
  if (typeof doc !== 'object' || doc === null) return [];
  let skills = (doc as { skills?: unknown }).skills;
  if (typeof skills === 'object' && skills !== null && !Array.isArray(skills)) {
    const dirs = (skills as { customDirectories?: unknown }).customDirectories;
    skills = Array.isArray(dirs) && dirs.length > 0 ? dirs : [];
  }
  return Array.isArray(skills) ? skills.filter((x): x is string => typeof x === 'string') : [];
}

const isPattern = (s: string) => s.startsWith('!') || s.startsWith('+') || s.startsWith('-') || s.includes('*') || s.includes('?');

function posix(ctx: DiscoverContext, p: string): string {
  return p.split(ctx.fs.path.sep).join('/');
}

/** pi's matchesAnyPattern: a glob against the path from the base, the name, the whole path, and for a SKILL.md its folder's. */
function matchesAny(ctx: DiscoverContext, file: string, patterns: readonly string[], base: string): boolean {
  const P = ctx.fs.path;
  const name = P.basename(file);
  const candidates = [relPosix(ctx, base, file), name, posix(ctx, file)];
  if (name === 'SKILL.md') {
    const dir = P.dirname(file);
    candidates.push(relPosix(ctx, base, dir), P.basename(dir), posix(ctx, dir));
  }
  return patterns.some((p) => candidates.some((c) => minimatch(c, posix(ctx, p))));
}

/** pi's matchesAnyExactPattern: `./` dropped, equal to the path from the base or the whole path (or, for a SKILL.md, its folder's). */
function matchesExact(ctx: DiscoverContext, file: string, patterns: readonly string[], base: string): boolean {
  const P = ctx.fs.path;
  const candidates = [relPosix(ctx, base, file), posix(ctx, file)];
  if (P.basename(file) === 'SKILL.md') candidates.push(relPosix(ctx, base, P.dirname(file)), posix(ctx, P.dirname(file)));
  return patterns.some((p) => candidates.includes(posix(ctx, p.startsWith('./') ? p.slice(2) : p)));
}

function split(patterns: readonly string[]): { includes: string[]; excludes: string[]; force: string[]; unforce: string[] } {
  const out = { includes: [] as string[], excludes: [] as string[], force: [] as string[], unforce: [] as string[] };
  for (const p of patterns) {
    if (p.startsWith('+')) out.force.push(p.slice(1));
    else if (p.startsWith('-')) out.unforce.push(p.slice(1));
    else if (p.startsWith('!')) out.excludes.push(p.slice(1));
    else out.includes.push(p);
  }
  return out;
}

/** pi's isEnabledByOverrides: `!` excludes, then `+` forces in, then `-` forces out (auto-discovered skills). */
function enabledByOverrides(ctx: DiscoverContext, file: string, entries: readonly string[], base: string): boolean {
  const { excludes, force, unforce } = split(entries.filter((e) => e.startsWith('!') || e.startsWith('+') || e.startsWith('-')));
  let on = true;
  if (excludes.length > 0 && matchesAny(ctx, file, excludes, base)) on = false;
  if (force.length > 0 && matchesExact(ctx, file, force, base)) on = true;
  if (unforce.length > 0 && matchesExact(ctx, file, unforce, base)) on = false;
  return on;
}

/** pi's applyPatterns over the files of a settings file's plain entries. */
function enabledByPatterns(ctx: DiscoverContext, files: readonly string[], patterns: readonly string[], base: string): Set<string> {
  const { includes, excludes, force, unforce } = split(patterns);
  let result = includes.length === 0 ? [...files] : files.filter((f) => matchesAny(ctx, f, includes, base));
  if (excludes.length > 0) result = result.filter((f) => !matchesAny(ctx, f, excludes, base));
  for (const f of files) if (force.length > 0 && !result.includes(f) && matchesExact(ctx, f, force, base)) result.push(f);
  if (unforce.length > 0) result = result.filter((f) => !matchesExact(ctx, f, unforce, base));
  return new Set(result);
}

/** A skill file pi considers, with where it came from. */
interface Candidate {
  readonly abs: string;
  readonly root: SkillRoot;
  readonly enabled: boolean;
  /** pi's precedence rank: 0 project settings, 1 project folders, 2 user settings, 3 user folders. */
  readonly rank: number;
  readonly settings?: string;
}

/** The files a settings file's `skills` entries name (`base`: `.pi` or the agent folder), with their enabled state. */
function fromSettings(
  ctx: DiscoverContext,
  entries: readonly string[],
  base: string,
  own: boolean,
  rank: number,
  settings: string,
): Candidate[] {
  const P = ctx.fs.path;
  const plain = entries.filter((e) => !isPattern(e));
  const files: { abs: string; root: SkillRoot }[] = [];
  for (const entry of plain) {
    const t = entry.trim();
    const abs = t === '~' ? ctx.homedir : t.startsWith('~') ? P.join(ctx.homedir, t.slice(t.startsWith('~/') ? 2 : 1)) : P.resolve(base, t);
    const kind = kindOf(ctx.fs, abs);
    const root: SkillRoot = { dir: abs, rootFiles: true, own, base: P.dirname(abs) };
    if (kind === 'file') files.push({ abs, root });
    else if (kind === 'directory') for (const f of collect(ctx, root)) files.push({ abs: f, root });
  }
  const on = enabledByPatterns(
    ctx,
    files.map((f) => f.abs),
    entries.filter(isPattern),
    base,
  );
  return files.map((f) => ({ ...f, enabled: on.has(f.abs), rank, settings }));
}

/** The skills pi lists for one call, and those it finds but does not list, in its order. */
export function piSkills(ctx: DiscoverContext, agentDir: string): ListingEvidence[] {
  const P = ctx.fs.path;
  const projectBase = P.join(ctx.root, '.pi');
  const projectFile = P.join(projectBase, 'settings.json');
  const userFile = P.join(agentDir, 'settings.json');
  const projectEntries = settingsSkills(ctx, projectFile, false);
  const userEntries = settingsSkills(ctx, userFile, true);
  const candidates: Candidate[] = [
    ...fromSettings(ctx, projectEntries, projectBase, false, 0, listingPath(ctx, projectFile)),
    ...fromSettings(ctx, userEntries, agentDir, true, 2, listingPath(ctx, userFile)),
  ];
  for (const root of skillRoots(ctx, agentDir)) {
    const user = root.own;
    const [entries, base, rank, settings] = user
      ? [userEntries, agentDir, 3, listingPath(ctx, userFile)]
      : [projectEntries, projectBase, 1, listingPath(ctx, projectFile)];
    for (const abs of collect(ctx, root))
      candidates.push({ abs, root, enabled: enabledByOverrides(ctx, abs, entries, base), rank, settings });
  }
  // First found wins a path; then pi's precedence (a stable sort); then one entry per real file.
  const byPath = new Map<string, Candidate>();
  for (const c of candidates) if (!byPath.has(c.abs)) byPath.set(c.abs, c);
  const ordered = [...byPath.values()].sort((a, b) => a.rank - b.rank);
  const out: ListingEvidence[] = [];
  const seenFiles = new Set<string>();
  const kept = new Map<string, string>();
  for (const { abs, root, enabled, settings } of ordered) {
    const read = peekText(ctx.fs, abs, showsFor(ctx, root, abs), LISTING_FILE_BYTES);
    const source = listingPath(ctx, abs);
    const folder = P.basename(P.dirname(abs));
    const base = { kind: 'skill' as const, source, place: 'system-prompt' as const };
    if (!read.ok) {
      out.push(unsent({ ...base, name: folder }, 'not-loaded', `pi could not read it here (${read.why})`));
      continue;
    }
    if (seenFiles.has(read.canonical)) continue;
    seenFiles.add(read.canonical);
    if (!enabled) {
      out.push(unsent({ ...base, name: folder }, 'not-loaded', `turned off by the skills patterns of ${settings ?? 'a settings file'}`));
      continue;
    }
    if (!abs.endsWith('.md')) {
      out.push(unsent({ ...base, name: folder }, 'not-loaded', 'pi loads a skill path only when it is a .md file'));
      continue;
    }
    const fm = frontmatter(read.text);
    if (!fm.ok) {
      out.push(unsent({ ...base, name: folder }, 'not-loaded', 'its --- header does not parse as YAML: pi skips the skill'));
      continue;
    }
    const rawName = fm.value.name;
    const description = fm.value.description;
    if (rawName && typeof rawName !== 'string') {
      out.push(unsent({ ...base, name: folder }, 'not-loaded', 'its name: is not text: pi fails to load the skill'));
      continue;
    }
    const name = typeof rawName === 'string' && rawName !== '' ? rawName : folder;
    if (typeof description !== 'string' || description.trim() === '') {
      out.push(unsent({ ...base, name }, 'not-loaded', 'it has no description: pi loads a skill only with one'));
      continue;
    }
    const winner = kept.get(name);
    if (winner !== undefined) {
      out.push(unsent({ ...base, name }, 'shadowed', `pi keeps the first skill named ${name}: ${winner}`));
      continue;
    }
    kept.set(name, source);
    if (fm.value['disable-model-invocation'] === true) {
      out.push(
        unsent({ ...base, name }, 'not-loaded', 'disable-model-invocation: true keeps it out of the list (it runs only as /skill:name)'),
      );
      continue;
    }
    out.push({ ...base, name, status: 'included', text: skillEntry(name, description, abs) });
  }
  return out;
}
