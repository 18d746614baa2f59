/**
 * The skills Cline CLI 3.0.65 lists to its model: their names only, at the end of the `skills`
 * tool's description (`Available skills: a, b, c.`). Read from the binary's embedded
 * `@cline/core` (the skills search paths, the skill definition of the unified config watcher:
 * `discoverFiles`, `parseFile`, `resolveId`; the tool's description getter) and checked by runs
 * (test/oracle/cases/cline-listings.ts).
 *
 * Folders, in order: the workspace's `.clinerules/skills`, `.cline/skills`, `.agents/skills`, then
 * `<CLINE_DIR or ~/.cline>/skills` and `~/.agents/skills` (a folder twice is read once), then the
 * `skills` folder of each managed pack of the workspace's `.cline` (a subfolder holding a
 * `managed.json` that parses). In each folder, as the file system lists it: a `SKILL.md` right in
 * it is a skill named after the folder; each subfolder (or link to one) is a skill when it holds
 * a `SKILL.md`. A file is read as a rule is (rule.ts: the header's `name` or the folder's name,
 * `disabled`/`enabled`, a body that must not be empty), and a `description` that is not text makes
 * it fail too; a file that fails is dropped. Cline keeps one skill per lower-cased name: a later
 * one takes the earlier one's place in the list (its name shown, the earlier one gone), so a home
 * skill replaces the workspace's; a turned-off skill is then left out, taking the one it replaced
 * with it.
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { kindOf, listInOrder, peekText } from '../agent/peek';
import { listingPath, readListingFile, unsent } from '../agent/skills';
import { clineDir } from './discover';
import { parseClineRule, ruleBody, ruleId } from './rule';
import { parseDocument } from 'yaml';

/** One skills folder: where, and whether it is the user's own. */
interface SkillFolder {
  readonly abs: string;
  readonly own: boolean;
}

/** The skills folders in Cline's order. */
export function clineSkillFolders(ctx: DiscoverContext): SkillFolder[] {
  const P = ctx.fs.path;
  const ws = ctx.root;
  const folders: SkillFolder[] = [
    { abs: P.join(ws, '.clinerules', 'skills'), own: false },
    { abs: P.join(ws, '.cline', 'skills'), own: false },
    { abs: P.join(ws, '.agents', 'skills'), own: false },
    { abs: P.join(clineDir(ctx).path, 'skills'), own: true },
    { abs: P.join(ctx.homedir, '.agents', 'skills'), own: true },
  ];
  const seen = new Set<string>();
  const out = folders.filter((f) => !seen.has(f.abs) && (seen.add(f.abs), true));
  return [...out, ...managedPacks(ctx)];
}

/** The `skills` folders of the workspace's `.cline` managed packs, by path. */
function managedPacks(ctx: DiscoverContext): SkillFolder[] {
  const P = ctx.fs.path;
  const dot = P.join(ctx.root, '.cline');
  const packs: string[] = [];
  for (const name of listInOrder(ctx.fs, dot)) {
    const dir = P.join(dot, name);
    if (kindOf(ctx.fs, dir) !== 'directory') continue;
    const read = peekText(ctx.fs, P.join(dir, 'managed.json'), (real) => ctx.boundary.shows(real), 1024 * 1024);
    if (!read.ok) continue;
    try {
      const v = JSON.parse(read.text) as unknown;
      if (typeof v === 'object' && v !== null) packs.push(dir);
    } catch {
      // not a managed pack
    }
  }
  return packs.sort((a, b) => a.localeCompare(b)).map((abs) => ({ abs: P.join(abs, 'skills'), own: false }));
}

/** The SKILL.md files of one folder, as Cline's `discoverFiles` gives them: [file, the folder it names]. */
function candidates(ctx: DiscoverContext, dir: string): [string, string][] {
  const P = ctx.fs.path;
  const out: [string, string][] = [];
  for (const name of listInOrder(ctx.fs, dir)) {
    const abs = P.join(dir, name);
    if (name === 'SKILL.md' && kindOf(ctx.fs, abs) === 'file') out.push([abs, dir]);
    else if (kindOf(ctx.fs, abs) === 'directory') out.push([P.join(abs, 'SKILL.md'), abs]);
  }
  return out;
}

/** Why Cline refuses a skill's `description`, or null: it must be text when it is there. */
function descriptionProblem(text: string): string | null {
  const { block } = ruleBody(text);
  if (block === null) return null;
  try {
    const doc = parseDocument(block);
    if (doc.errors.length > 0) return null;
    const v = doc.toJS({ maxAliasCount: 100 }) as unknown;
    const d = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>).description : undefined;
    return d === undefined || d === null || typeof d === 'string' ? null : "Frontmatter field 'description' must be a string.";
  } catch {
    return null;
  }
}

interface Kept {
  entry: ListingEvidence;
  disabled: boolean;
}

/** Cline's skills for this call: those it lists, in its order, then those it finds but does not list. */
export function clineSkills(ctx: DiscoverContext): ListingEvidence[] {
  const P = ctx.fs.path;
  const kept = new Map<string, Kept>();
  const out: ListingEvidence[] = [];
  for (const folder of clineSkillFolders(ctx)) {
    for (const [abs, dir] of candidates(ctx, folder.abs)) {
      if (kindOf(ctx.fs, abs) !== 'file') continue;
      const source = listingPath(ctx, abs);
      const fallback = P.basename(dir);
      const base = { kind: 'skill' as const, source, place: 'tool-description' as const };
      const file = readListingFile(ctx, abs, fallback, folder.own);
      if (!file.read.ok) {
        out.push(unsent({ ...base, name: fallback }, 'dropped', `Cline cannot read it (${file.read.why})`));
        continue;
      }
      const rule = parseClineRule(file.read.text, fallback);
      const problem = rule.ok ? descriptionProblem(file.read.text) : rule.error.replace('rule file', 'skill file');
      if (!rule.ok || problem !== null) {
        out.push(unsent({ ...base, name: rule.ok ? rule.name : fallback }, 'dropped', `Cline drops this skill: ${problem}`));
        continue;
      }
      const id = ruleId(rule.name);
      const entry: ListingEvidence = { ...base, name: rule.name.trim(), status: 'included', text: rule.name.trim() };
      const before = kept.get(id);
      if (before) {
        before.entry.status = 'shadowed';
        before.entry.reason = `Cline keeps one skill per name (case aside): ${source} (found later) replaces it`;
        before.entry.text = '';
        out.push(before.entry);
        // Cline's map keeps the first one's place for the one that replaces it.
        kept.set(id, { entry, disabled: rule.disabled });
      } else kept.set(id, { entry, disabled: rule.disabled });
    }
  }
  const listed: ListingEvidence[] = [];
  for (const k of kept.values()) {
    if (k.disabled) out.push(unsent(k.entry, 'not-loaded', 'turned off in its header (disabled: true or enabled: false)'));
    else listed.push(k.entry);
  }
  return [...listed, ...out];
}
