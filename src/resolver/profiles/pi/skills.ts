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

/** The skills pi lists for one call, and those it finds but does not list, in its order. */
export function piSkills(ctx: DiscoverContext, agentDir: string): ListingEvidence[] {
  const P = ctx.fs.path;
  const out: ListingEvidence[] = [];
  const seenFiles = new Set<string>();
  const kept = new Map<string, string>();
  for (const root of skillRoots(ctx, agentDir)) {
    for (const abs of collect(ctx, root)) {
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
  }
  return out;
}
