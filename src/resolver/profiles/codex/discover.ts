/**
 * What Codex CLI 0.169.0 lists to its model beside AGENTS.md (evidence `listings`), as runs of the
 * release showed it (test/oracle/cases/codex-listings.ts; README.md here, "Listings"):
 *
 * - **Skills**, in a developer message `<skills_instructions>` (place `system-message`), whatever
 *   the project's trust. Skill roots, in this order: the working directory's `.codex/skills`
 *   (its project layer: only the working directory's `.codex`), `$CODEX_HOME/skills`,
 *   `~/.agents/skills`, Codex's own `$CODEX_HOME/skills/.system` (built-in, always used), then
 *   `.agents/skills` of every folder from the project root down to the working directory. Below
 *   each root every `SKILL.md` at any depth up to 6 (names starting with `.` skipped, linked
 *   folders followed, a folder reached twice walked once). A used root gets an alias `r0`, `r1`…
 *   in that order; an entry is `- <name>: <description> (file: rN/<path below the root>)`. Entries
 *   are sorted built-in first, then the project's, then the user's, each by name, then by path;
 *   two skills of one name are both listed. A description over 1,024 characters is cut to 1,021
 *   and `...`; a file without a `---` header or without a description is dropped.
 * - **Agent roles**, in the `spawn_agent` tool's `agent_type` description (`tool-description`):
 *   the `*.toml` files of `$CODEX_HOME/agents`, and of the working directory's `.codex/agents`
 *   only when it is trusted (`trust_level = "trusted"`; the project's win a name), each
 *   `<name>: {\n<description>\n}`, sorted by name, before the built-in roles they do not replace;
 *   without any such role Codex sends no `agent_type` at all. A role without a description, or a
 *   file that is not TOML, is dropped.
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext, NamedCandidate } from '../../profile';
import { canonicalIfExists } from '../../paths';
import { type AgentHome, type HomeInputs, agentHome, parseConfigText, readConfigDocument } from '../agent/config';
import { kindOf } from '../agent/peek';
import { type ListingFile, filesIn, listingPath, skillsBelow, unsent } from '../agent/skills';

/** Codex's home: `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(inputs: HomeInputs): AgentHome {
  return agentHome(inputs, 'CODEX_HOME', '.codex');
}

/** Characters of a skill description Codex sends at most (the cut keeps 1,021 and adds `...`). */
export const CODEX_DESCRIPTION_CHARS = 1024;
const CUT_MARK = '...';
/** Folder levels below a skill root that Codex searches. */
const MAX_SCAN_DEPTH = 6;
/** The built-in roles 0.169.0 lists after the user's, in its order. */
export const CODEX_BUILT_IN_ROLES: readonly string[] = Object.freeze(['default', 'explorer', 'worker']);

type Scope = 'system' | 'repo' | 'user';
const SCOPE_RANK: Record<Scope, number> = { system: 0, repo: 1, user: 2 };

interface Root {
  readonly abs: string;
  readonly scope: Scope;
  readonly own: boolean;
}

/** Runs of whitespace made one space, the ends trimmed: a header value as one line. */
function oneLine(text: string): string {
  return text
    .split(/\s+/u)
    .filter((w) => w !== '')
    .join(' ');
}

/** A header key's line as written: its value's text after `key:`, an anchor or tag before it left out. */
function rawValue(file: ListingFile, key: string): string | undefined {
  if (!file.read.ok) return undefined;
  const lines = file.read.text.split(/\r?\n/);
  for (let i = 1; i < lines.length && !/^---\s*$/.test(lines[i]); i++) {
    const m = new RegExp(`^${key}:(.*)$`).exec(lines[i]);
    if (m) return m[1].trim().replace(/^(?:&\S+\s+|!\S*\s+)+/, '');
  }
  return undefined;
}

/**
 * A header key's value as Codex 0.169.0 takes it: a string as YAML reads it; a number, boolean or
 * a mapping written on its one line (`{a: 1}`) as written (`1.50`, `0x1F`); a list, or a mapping
 * on several lines, makes Codex drop the skill (`null`); no value, undefined. When the header is no
 * YAML Codex can parse, the `key:` line as written (0.169.0 listed `name: [bad` as the name `[bad`).
 * Seen in runs (test/oracle/cases/codex-listings.ts, `skills-header-value-forms`).
 */
function headerValue(file: ListingFile, key: string): string | null | undefined {
  const attributes = file.header?.attributes;
  if (attributes === undefined) return rawValue(file, key);
  const value = attributes[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return null;
  const raw = rawValue(file, key);
  if (typeof value === 'object') return raw !== undefined && raw.startsWith('{') && raw.endsWith('}') ? raw : null;
  return raw ?? String(value);
}

/** Characters (code points) of `text`. */
function chars(text: string): number {
  return [...text].length;
}

/** The skill roots Codex searches for this working directory, in its order (the built-in `.system` among them). */
function skillRoots(ctx: DiscoverContext, home: AgentHome, project: string | null): Root[] {
  const P = ctx.fs.path;
  const roots: Root[] = [];
  if (project !== null) roots.push({ abs: P.join(project, 'skills'), scope: 'repo', own: false });
  roots.push({ abs: P.join(home.path, 'skills'), scope: 'user', own: true });
  roots.push({ abs: P.join(ctx.homedir, '.agents', 'skills'), scope: 'user', own: true });
  roots.push({ abs: P.join(home.path, 'skills', '.system'), scope: 'system', own: true });
  const chain: string[] = [];
  for (let d = ctx.root; ; d = P.dirname(d)) {
    chain.unshift(d);
    if (d === ctx.projectRoot || P.dirname(d) === d) break;
  }
  for (const d of chain) roots.push({ abs: P.join(d, '.agents', 'skills'), scope: 'repo', own: false });
  const seen = new Set<string>();
  return roots.filter((r) => !seen.has(r.abs) && seen.add(r.abs));
}

interface FoundSkill {
  readonly root: number;
  readonly rel: string;
  readonly scope: Scope;
  readonly source: string;
  readonly name: string;
  readonly description: string | undefined;
  readonly why?: string;
  /** The SKILL.md's real path (for `[[skills.config]]` rules by path). */
  readonly real: string;
}

/**
 * The working directory's `.codex` folder when Codex takes it as a project layer (it exists and
 * is not Codex's own home), else null.
 */
function projectLayer(ctx: DiscoverContext, home: AgentHome): string | null {
  const dir = ctx.fs.path.join(ctx.root, '.codex');
  if (kindOf(ctx.fs, dir) !== 'directory') return null;
  return canonicalIfExists(ctx.fs, dir) === canonicalIfExists(ctx.fs, home.path) ? null : dir;
}

function readSkills(ctx: DiscoverContext, roots: readonly Root[]): FoundSkill[] {
  const found: FoundSkill[] = [];
  const seen = new Set<string>();
  roots.forEach((root, i) => {
    if (root.scope === 'system') return;
    for (const { file, rel } of skillsBelow(ctx, root.abs, {
      order: 'sorted',
      own: root.own,
      maxDepth: MAX_SCAN_DEPTH,
      skipDotNames: true,
    })) {
      const real = file.read.ok ? file.read.canonical : canonicalIfExists(ctx.fs, file.abs);
      if (seen.has(real)) continue;
      seen.add(real);
      const base = { root: i, rel, scope: root.scope, source: listingPath(ctx, file.abs), real };
      if (!file.read.ok) {
        found.push({ ...base, name: file.entry, description: undefined, why: `Codex cannot read it (${file.read.why})` });
        continue;
      }
      if (!file.header?.present) {
        found.push({ ...base, name: file.entry, description: undefined, why: 'no `---` header: Codex drops the skill' });
        continue;
      }
      const named = headerValue(file, 'name');
      const name = oneLine(named ?? '') || file.entry;
      const description = headerValue(file, 'description');
      const why =
        named === null || description === null
          ? `its ${named === null ? 'name' : 'description'} is a list or a mapping on several lines: Codex drops the skill`
          : description === undefined || oneLine(description) === ''
            ? 'no `description:`, or an empty one: Codex drops the skill'
            : undefined;
      if (why !== undefined) {
        found.push({ ...base, name, description: undefined, why });
        continue;
      }
      found.push({ ...base, name, description: oneLine(description!) });
    }
  });
  return found;
}

/** A `[[skills.config]]` entry of the user's config.toml: a skill chosen by name or by path, on or off. */
interface SkillRule {
  readonly name?: string;
  readonly path?: string;
  readonly enabled: boolean;
}

/**
 * The `[[skills.config]]` entries of `$CODEX_HOME/config.toml` (the user's layer: Codex reads them
 * from no project layer), in order; an entry naming both or neither is ignored, as Codex does.
 */
function skillRules(ctx: DiscoverContext, home: AgentHome): SkillRule[] {
  const P = ctx.fs.path;
  const read = readConfigDocument(ctx.fs, P.join(home.path, 'config.toml'), `${home.display}/config.toml`, 'toml');
  if (read.status !== 'read') return [];
  const skills = read.doc.skills as { config?: unknown } | undefined;
  if (!Array.isArray(skills?.config)) return [];
  const out: SkillRule[] = [];
  for (const e of skills.config as Record<string, unknown>[]) {
    const name = typeof e?.name === 'string' ? e.name.trim() : undefined;
    const path = typeof e?.path === 'string' ? e.path : undefined;
    if ((name === undefined) === (path === undefined) || name === '' || typeof e.enabled !== 'boolean') continue;
    out.push(
      name !== undefined
        ? { name, enabled: e.enabled }
        : { path: canonicalIfExists(ctx.fs, P.resolve(home.path, path!)), enabled: e.enabled },
    );
  }
  return out;
}

/** Whether the rules turn a skill off: the last rule naming it (by name or by its real path) decides. */
function disabledBy(rules: readonly SkillRule[], name: string, real: string): boolean {
  let off = false;
  for (const r of rules) if (r.name === name || r.path === real) off = !r.enabled;
  return off;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Codex's skill entries (system-message), in its order, the dropped ones after them. */
function skillListings(ctx: DiscoverContext, home: AgentHome): ListingEvidence[] {
  const P = ctx.fs.path;
  const roots = skillRoots(ctx, home, projectLayer(ctx, home));
  const found = readSkills(ctx, roots);
  const rules = skillRules(ctx, home);
  const off = (s: FoundSkill) => s.description !== undefined && disabledBy(rules, s.name, s.real);
  const listed = found.filter((s) => s.description !== undefined && !off(s));
  // The aliases: every root a listed skill comes from, in the roots' order; the built-in root always.
  const used = roots.map((r, i) => r.scope === 'system' || listed.some((s) => s.root === i));
  const alias = new Map<number, string>();
  used.reduce((n, u, i) => (u ? (alias.set(i, `r${n}`), n + 1) : n), 0);
  const abs = (s: FoundSkill) => P.join(roots[s.root].abs, ...s.rel.split('/'));
  listed.sort((a, b) => SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope] || compareText(a.name, b.name) || compareText(abs(a), abs(b)));
  const out: ListingEvidence[] = listed.map((s) => {
    const description = s.description!;
    const cut = chars(description) > CODEX_DESCRIPTION_CHARS;
    const shown = cut ? [...description].slice(0, CODEX_DESCRIPTION_CHARS - CUT_MARK.length).join('') + CUT_MARK : description;
    const entry: ListingEvidence = {
      kind: 'skill',
      name: s.name,
      source: s.source,
      status: cut ? 'cut' : 'included',
      place: 'system-message',
      text: `- ${s.name}: ${shown} (file: ${alias.get(s.root)}/${s.rel})`,
    };
    if (cut)
      entry.reason = `the description has ${chars(description)} characters: Codex cuts it to ${CODEX_DESCRIPTION_CHARS} ("..." included)`;
    return entry;
  });
  for (const s of found)
    if (s.description === undefined)
      out.push(unsent({ kind: 'skill', name: s.name, source: s.source, place: 'system-message' }, 'dropped', s.why!));
    else if (off(s))
      out.push(
        unsent(
          { kind: 'skill', name: s.name, source: s.source, place: 'system-message' },
          'not-loaded',
          `turned off by [[skills.config]] (enabled = false) in ${home.display}/config.toml`,
        ),
      );
  return out;
}

interface Role {
  readonly name: string;
  readonly source: string;
  readonly description: string | undefined;
  readonly why?: string;
}

function readRoles(ctx: DiscoverContext, dir: string, own: boolean): Role[] {
  return filesIn(ctx, dir, ['.toml'], { order: 'sorted', own }).map((file) => {
    const source = listingPath(ctx, file.abs);
    const stem = file.entry.slice(0, -'.toml'.length);
    if (!file.read.ok) return { name: stem, source, description: undefined, why: `Codex cannot read it (${file.read.why})` };
    const parsed = parseConfigText(file.read.text, source, 'toml');
    if (parsed.status !== 'read') return { name: stem, source, description: undefined, why: 'not TOML: Codex drops the role' };
    const name = typeof parsed.doc.name === 'string' && parsed.doc.name !== '' ? parsed.doc.name : stem;
    const description = typeof parsed.doc.description === 'string' ? parsed.doc.description : undefined;
    return description === undefined
      ? { name, source, description, why: 'no `description`: Codex drops the role' }
      : { name, source, description };
  });
}

/**
 * Codex's agent roles (tool-description), in its order, the others after them. The user's roles
 * are always offered; the project's only when the working directory is trusted (its `.codex` is
 * then a configuration layer). Without any such role the `agent_type` parameter is not sent at all.
 */
function roleListings(ctx: DiscoverContext, home: AgentHome, trusted: boolean): ListingEvidence[] {
  const P = ctx.fs.path;
  const project = projectLayer(ctx, home);
  const user = readRoles(ctx, P.join(home.path, 'agents'), true);
  const repo = project === null ? [] : readRoles(ctx, P.join(project, 'agents'), false);
  const place = 'tool-description' as const;
  const out: ListingEvidence[] = [];
  const winners = new Map<string, Role>();
  for (const r of [...user, ...(trusted ? repo : [])]) if (r.description !== undefined) winners.set(r.name, r);
  const listed = [...winners.values()].sort((a, b) => compareText(a.name, b.name));
  for (const r of listed)
    out.push({ kind: 'agent', name: r.name, source: r.source, place, status: 'included', text: `${r.name}: {\n${r.description}\n}` });
  for (const r of [...user, ...repo]) {
    if (winners.get(r.name) === r) continue;
    const entry = { kind: 'agent' as const, name: r.name, source: r.source, place };
    if (r.description === undefined) out.push(unsent(entry, 'dropped', r.why!));
    else if (!trusted && repo.includes(r))
      out.push(
        unsent(
          entry,
          'untrusted',
          'Codex reads the project\'s .codex/agents only when the working directory is trusted (trust_level = "trusted")',
        ),
      );
    else out.push(unsent(entry, 'shadowed', `${winners.get(r.name)!.source} defines the role ${r.name} too and wins`));
  }
  return out;
}

/** Everything Codex lists for this call: skills, then agent roles. */
export function codexListings(ctx: DiscoverContext, trusted: boolean): ListingEvidence[] {
  const home = codexHome({ env: ctx.env, homedir: ctx.homedir, path: ctx.fs.path });
  return [...skillListings(ctx, home), ...roleListings(ctx, home, trusted)];
}

/** The discovery: the global candidates and the listings. */
export function codexDiscovery(
  ctx: DiscoverContext,
  globals: (ctx: DiscoverContext) => NamedCandidate[],
  trusted: boolean,
): { candidates: NamedCandidate[]; listings: ListingEvidence[] } {
  return { candidates: globals(ctx), listings: codexListings(ctx, trusted) };
}
