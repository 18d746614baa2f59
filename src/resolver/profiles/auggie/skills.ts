/**
 * The skills Auggie 0.36.0 sends in its request's `skills[]` (read in the bundled `augment.mjs`:
 * its skills service, the folder walk `p6`, `parseSkillFile`, the skill modes filter; checked by
 * the oracle cases), in its order:
 *
 * - the folders: `~/.augment/skills`, `<workspace root>/.augment/skills`, `~/.claude/skills`,
 *   `<workspace root>/.claude/skills`, `~/.agents/skills`, `<workspace root>/.agents/skills`;
 * - in each, every file named `SKILL.md` at any depth, each folder's entries sorted by name,
 *   names starting with `.` left out, links followed. A file whose path below its skills folder
 *   (folders joined by `:`) was met in an earlier folder is passed over, whatever its header says;
 * - a skill is its header's `name:` (1 to 64 of `a-z`, `0-9` and `-`, not starting or ending with
 *   `-`, no `--`) and `description:` (1 to 1,024 characters), both trimmed; a file that fails
 *   is left out; of two skills with one name the first is kept;
 * - `~/.augment/feature-config.json` (else `~/.augment/disabled-skills.json`) `skillModes`:
 *   `disabled` leaves a skill out, any other mode keeps it; a skill whose header says
 *   `hidden: true` is left out unless a mode keeps it.
 *
 * Each entry is an object `{name, displayName: null, description, location, source}`: the file's
 * absolute path, and `user` (`~/.augment`), `workspace` (the workspace's `.augment`), `.claude` or
 * `.agents`. An entry's text here is its strings as the request carries them, one a line: name,
 * description, location, source. Augment's servers write the model's list from them.
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { peekText } from '../agent/peek';
import { LISTING_FILE_BYTES, listingPath, unsent } from '../agent/skills';
import { walkRuleFolder } from '../agent/folders';
import { MAX_FOLDER_DEPTH, auggieOrder } from './discover';
import { auggieHeader, stringValue } from './rules';

/** The folders holding `skills`, in Auggie's order (`.augment` is the user's and the workspace's own). */
export const SKILL_FOLDERS = ['.augment', '.claude', '.agents'] as const;
export const SKILL_FILE = 'SKILL.md';
export const FEATURE_CONFIG = '.augment/feature-config.json';
export const DISABLED_SKILLS = '.augment/disabled-skills.json';

const NAME = /^[a-z0-9-]+$/;

/** One skills folder: where it is, and what the request's `source` says of it. */
interface SkillFolder {
  readonly dir: string;
  readonly source: string;
  readonly own: boolean;
}

export function skillFolders(home: string, root: string, join: (...p: string[]) => string): SkillFolder[] {
  return SKILL_FOLDERS.flatMap((f) => [
    { dir: join(home, f, 'skills'), source: f === '.augment' ? 'user' : f, own: true },
    { dir: join(root, f, 'skills'), source: f === '.augment' ? 'workspace' : f, own: false },
  ]);
}

/** Why Auggie leaves a skill out when its header fails, or null. */
function invalid(name: string, description: string): string | null {
  if (name === '') return "its header has no name (Auggie's skill loader needs one)";
  if (description === '') return "its header has no description (Auggie's skill loader needs one)";
  if (name.length > 64 || !NAME.test(name) || name.startsWith('-') || name.endsWith('-') || name.includes('--'))
    return `its name ${JSON.stringify(name)} is not 1 to 64 of a-z, 0-9 and -, without a leading, trailing or double -`;
  if (description.length > 1024) return `its description has ${description.length} characters; Auggie takes 1 to 1,024`;
  return null;
}

/** The skill modes of the user's feature configuration (its `skillModes` object), by name. */
function skillModes(ctx: DiscoverContext): Record<string, unknown> {
  let modes: Record<string, unknown> = {};
  for (const file of [DISABLED_SKILLS, FEATURE_CONFIG]) {
    const read = peekText(ctx.fs, ctx.fs.path.join(ctx.homedir, ...file.split('/')), null, LISTING_FILE_BYTES);
    if (!read.ok) continue;
    try {
      const doc = JSON.parse(read.text) as { skillModes?: unknown } | null;
      const m = doc?.skillModes;
      if (typeof m === 'object' && m !== null && !Array.isArray(m)) modes = m as Record<string, unknown>;
    } catch {
      // Auggie ignores a file that does not parse
    }
  }
  return modes;
}

/** The `SKILL.md` files below one skills folder in Auggie's walk order (depth first, sorted, dot names left out, links followed), paths through links kept. */
function skillFiles(ctx: DiscoverContext, folder: SkillFolder): string[] {
  return walkRuleFolder(ctx, {
    top: folder.dir,
    maxDepth: MAX_FOLDER_DEPTH,
    wanted: (name) => name === SKILL_FILE,
    order: auggieOrder,
    link: (_abs, real) =>
      folder.own || ctx.boundary.shows(real)
        ? { follow: true }
        : { follow: false, why: 'a link that leads outside the workspace: not read here (Auggie follows it)' },
    keepLinkPaths: true,
    agent: 'Auggie',
  }).map((f) => f.abs);
}

/** The text of one sent entry: its strings as the request carries them, one a line. */
export function skillText(entry: { name: string; description: string; location: string; source: string }): string {
  return `${entry.name}\n${entry.description}\n${entry.location}\n${entry.source}`;
}

export function auggieSkills(ctx: DiscoverContext): ListingEvidence[] {
  const P = ctx.fs.path;
  const modes = skillModes(ctx);
  const keys = new Set<string>();
  const names = new Set<string>();
  const out: ListingEvidence[] = [];
  for (const folder of skillFolders(ctx.homedir, ctx.projectRoot, (...p) => P.join(...p))) {
    for (const abs of skillFiles(ctx, folder)) {
      // Auggie's walk keeps one file per path below the skills folders, the first met.
      const key = P.relative(folder.dir, abs);
      if (keys.has(key)) {
        out.push(
          unsent(
            { kind: 'skill', name: P.basename(P.dirname(abs)), source: listingPath(ctx, abs), place: 'system-prompt' },
            'shadowed',
            'a skill at the same path below an earlier skills folder is taken instead, whatever the two headers say',
          ),
        );
        continue;
      }
      keys.add(key);
      const f = { abs };
      const source = listingPath(ctx, f.abs);
      const entry = { kind: 'skill' as const, source, place: 'system-prompt' as const };
      const read = peekText(ctx.fs, f.abs, folder.own ? null : (real) => ctx.boundary.shows(real), LISTING_FILE_BYTES);
      if (!read.ok) {
        out.push(unsent({ ...entry, name: P.basename(P.dirname(f.abs)) }, 'dropped', `it cannot be read (${read.why})`));
        continue;
      }
      const { attrs } = auggieHeader(read.text);
      const name = stringValue(attrs, 'name');
      const description = stringValue(attrs, 'description');
      const shown = name === '' ? P.basename(P.dirname(f.abs)) : name;
      const why = invalid(name, description);
      if (why !== null) {
        out.push(unsent({ ...entry, name: shown }, 'dropped', why));
        continue;
      }
      if (names.has(name)) {
        out.push(unsent({ ...entry, name }, 'shadowed', `a skill named ${name} in an earlier folder is taken instead`));
        continue;
      }
      names.add(name);
      const mode = modes[name];
      if (mode === 'disabled') {
        out.push(unsent({ ...entry, name }, 'not-loaded', `disabled in ~/${FEATURE_CONFIG} (skillModes)`));
        continue;
      }
      if (!mode && attrs?.hidden === true) {
        out.push(unsent({ ...entry, name }, 'not-loaded', 'hidden: true in its header, and no skill mode turns it on'));
        continue;
      }
      out.push({ ...entry, name, status: 'included', text: skillText({ name, description, location: f.abs, source: folder.source }) });
    }
  }
  return out;
}
