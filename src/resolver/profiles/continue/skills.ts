/**
 * The skills Continue CLI 1.5.47 lists in its `Skills` tool's description (loadMarkdownSkills.ts
 * and tools/skills.ts; checked by test/oracle/cases/continue.ts). The folders, in order:
 * `<cwd>/.continue/skills`, `<cwd>/.claude/skills`, `<CONTINUE_GLOBAL_DIR or ~/.continue>/skills`.
 * In each, every entry that is a folder itself (a link to a folder is not: the directory entry's
 * own type is asked) and holds a `SKILL.md` (a link there is followed), in name order. Its header
 * is read as a rule's (rule.ts `parseMarkdownRule`: two `---` lines anywhere) and must give a
 * `name` and a `description` that are non-empty strings, else the skill is dropped. No name is
 * kept once: two skills of one name are both listed. Each entry is written
 * `\nname: <name>\ndescription: <description>\n`, the entries joined by commas (the template
 * literal writes the array).
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { isSymlink } from '../agent/peek';
import { listingPath, skillsIn, unsent } from '../agent/skills';
import { continueDir } from './settings';
import { parseMarkdownRule } from './rule';

/** One skill entry as the Skills tool's description writes it. */
export function skillEntry(name: string, description: string): string {
  return `\nname: ${name}\ndescription: ${description}\n`;
}

/** The skills folders in Continue's order, each with whether it is the user's own. */
export function skillFolders(ctx: Pick<DiscoverContext, 'env' | 'homedir' | 'fs' | 'root'>): { abs: string; own: boolean }[] {
  const P = ctx.fs.path;
  return [
    { abs: P.join(ctx.root, '.continue', 'skills'), own: false },
    { abs: P.join(ctx.root, '.claude', 'skills'), own: false },
    { abs: P.join(continueDir({ env: ctx.env, homedir: ctx.homedir, path: P }, ctx.root).path, 'skills'), own: true },
  ];
}

/** The name and description a SKILL.md gives (both non-empty strings), or why Continue drops it. */
export function skillHeader(text: string): { name: string; description: string } | { why: string } {
  const { frontmatter } = parseMarkdownRule(text);
  if (typeof frontmatter !== 'object' || frontmatter === null || Array.isArray(frontmatter))
    return { why: 'its header is not a mapping with a name and a description' };
  const { name, description } = frontmatter as { name?: unknown; description?: unknown };
  if (typeof name !== 'string' || name === '') return { why: 'its header has no name (a non-empty string)' };
  if (typeof description !== 'string' || description === '') return { why: 'its header has no description (a non-empty string)' };
  return { name, description };
}

/** Continue CLI's skill entries, in the order it lists them. */
export function continueSkills(ctx: DiscoverContext): ListingEvidence[] {
  const out: ListingEvidence[] = [];
  for (const folder of skillFolders(ctx)) {
    for (const file of skillsIn(ctx, folder.abs, { order: 'sorted', own: folder.own })) {
      const source = listingPath(ctx, file.abs);
      const at = { kind: 'skill' as const, name: file.entry, source, place: 'tool-description' as const };
      if (isSymlink(ctx.fs, ctx.fs.path.dirname(file.abs))) {
        out.push(unsent(at, 'not-loaded', 'a link to a folder: Continue takes only entries that are folders themselves'));
        continue;
      }
      // A SKILL.md that is a folder: Continue's read of it fails and it lists nothing.
      if (!file.read.ok && file.read.why === 'not-a-file') continue;
      if (!file.read.ok) {
        out.push(unsent(at, 'not-loaded', `Holaryn cannot read it here (${file.read.why})`));
        continue;
      }
      const header = skillHeader(file.read.text);
      if ('why' in header) {
        out.push(unsent(at, 'dropped', `${header.why}: Continue drops the skill`));
        continue;
      }
      out.push({ ...at, name: header.name, status: 'included', text: skillEntry(header.name, header.description) });
    }
  }
  return out;
}
