/**
 * The Agent Skills Cursor presents to its agent, **from Cursor's documentation only** (no Cursor
 * binary runs here, so nothing below was seen in a run): project skills in `.agents/skills` and
 * `.cursor/skills`, the user's in `~/.cursor/skills`, and, for compatibility, `.claude/skills`,
 * `.codex/skills`, `~/.claude/skills` and `~/.codex/skills`; each a folder holding a `SKILL.md`
 * whose header gives `name` and `description`. A skill with `disable-model-invocation: true` is
 * only run when the user types `/name`: it is not presented to the agent. How Cursor words an
 * entry is not documented: `text` here is the name and the description (`name: description`),
 * Holaryn's rendering, said in each entry's `reason`. Clashes, order and caps are not documented:
 * entries come in the folders' order, each folder sorted by name, every one kept.
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { headerText, listingPath, skillsIn, unsent } from '../agent/skills';

const FROM_DOCS =
  "from Cursor's docs (not seen in a run); Cursor's own wording of the entry is not documented: the text is the skill's name and description";

/** The skills folders Cursor's docs name, in the docs' order: [folder, the user's own]. */
function folders(ctx: DiscoverContext): [string, boolean][] {
  const P = ctx.fs.path;
  return [
    [P.join(ctx.root, '.agents', 'skills'), false],
    [P.join(ctx.root, '.cursor', 'skills'), false],
    [P.join(ctx.homedir, '.cursor', 'skills'), true],
    [P.join(ctx.root, '.claude', 'skills'), false],
    [P.join(ctx.root, '.codex', 'skills'), false],
    [P.join(ctx.homedir, '.claude', 'skills'), true],
    [P.join(ctx.homedir, '.codex', 'skills'), true],
  ];
}

/** Cursor's skills, as its docs describe them. */
export function cursorSkills(ctx: DiscoverContext): ListingEvidence[] {
  const out: ListingEvidence[] = [];
  for (const [dir, own] of folders(ctx)) {
    for (const file of skillsIn(ctx, dir, { order: 'sorted', own })) {
      const source = listingPath(ctx, file.abs);
      const name = headerText(file, 'name') ?? file.entry;
      const base = { kind: 'skill' as const, name, source, place: 'system-prompt' as const };
      if (!file.read.ok) {
        out.push(unsent(base, 'dropped', `Cursor cannot read it (${file.read.why})`));
        continue;
      }
      const description = headerText(file, 'description');
      if (description === undefined) {
        out.push(unsent(base, 'dropped', "no description: Cursor's docs require one (the agent decides from it)"));
        continue;
      }
      if (file.header?.attributes?.['disable-model-invocation'] === true) {
        out.push(unsent(base, 'not-loaded', 'disable-model-invocation: true: only run when the user types /' + name));
        continue;
      }
      out.push({ ...base, status: 'included', reason: FROM_DOCS, text: `${name}: ${description}` });
    }
  }
  return out;
}
