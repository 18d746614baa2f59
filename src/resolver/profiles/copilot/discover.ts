/**
 * What Copilot Chat in VS Code lists to its model beside instruction files (evidence `listings`),
 * **read from source, not run**: VS Code 1.139.1's `PromptsService` (`computeSkillDiscoveryInfo`,
 * `findAgentSkillsInFolder`, `truncateAgentSkillDescription`, the default
 * `chat.agentSkillsLocations`, `computeAgentDiscoveryInfo`) and the Copilot Chat extension
 * 0.67.0's customizations index (`_buildCustomizationsIndex`), which follows the instruction index
 * in the same message when the agent has a read tool:
 *
 * - `<skills>`: one `<skill>\n<name>…</name>\n<description>…</description>\n<file>…</file>\n</skill>`
 *   per skill, from `.agents/skills`, `.github/skills`, `.claude/skills` of the workspace folder,
 *   then `~/.agents/skills`, `~/.copilot/skills`, `~/.claude/skills` (each `<folder>/<name>/SKILL.md`,
 *   one level); the name is always the folder's (a header `name:` that differs gives way to it);
 *   the first of a name wins; tags are stripped from the description and it is cut to 1,024
 *   characters without a mark; a skill without a description, or with
 *   `disable-model-invocation: true`, is not listed; `<`, `>`, `&` are escaped.
 * - `<agents>`: one `<agent>\n<name>…</name>\n<description>…</description>\n</agent>` per custom
 *   agent of `.github/agents`, `.claude/agents`, `~/.copilot/agents` (`*.md`; the header `name:` or
 *   the file name without `.agent.md`/`.md`), when the chat has its subagent tool.
 *
 * Prompt files (`.github/prompts`) are the user's slash commands: Copilot does not list them to
 * the model. Nothing here was compared with a running Copilot (there is no binary to run).
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { compareCodeUnits } from '../../stages/order';
import { type ListingFile, filesIn, headerText, listingPath, skillsIn, unsent } from '../agent/skills';

/** Characters of a skill description VS Code keeps (UTF-16 units, cut without a mark). */
export const COPILOT_DESCRIPTION_CHARS = 1024;

/** `chat.agentSkillsLocations` by default, in VS Code's order: the workspace's, then the user's. */
export const SKILL_LOCATIONS: readonly string[] = Object.freeze([
  '.agents/skills',
  '.github/skills',
  '.claude/skills',
  '~/.agents/skills',
  '~/.copilot/skills',
  '~/.claude/skills',
]);

/** `chat.agentFilesLocations` by default. */
export const AGENT_LOCATIONS: readonly string[] = Object.freeze(['.github/agents', '.claude/agents', '~/.copilot/agents']);

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function located(ctx: DiscoverContext, loc: string): { dir: string; own: boolean } {
  const P = ctx.fs.path;
  return loc.startsWith('~/')
    ? { dir: P.join(ctx.homedir, ...loc.slice(2).split('/')), own: true }
    : { dir: P.join(ctx.root, ...loc.split('/')), own: false };
}

function modelInvocationOff(f: ListingFile): boolean {
  return f.header?.attributes?.['disable-model-invocation'] === true;
}

function skillListings(ctx: DiscoverContext): ListingEvidence[] {
  const place = 'system-prompt' as const;
  const out: ListingEvidence[] = [];
  const later: ListingEvidence[] = [];
  const taken = new Map<string, string>();
  for (const loc of SKILL_LOCATIONS) {
    const { dir, own } = located(ctx, loc);
    for (const f of skillsIn(ctx, dir, { order: 'listed', own })) {
      // VS Code names a skill by its folder whatever the header says.
      const name = f.entry;
      const entry = { kind: 'skill' as const, name, source: listingPath(ctx, f.abs), place };
      if (!f.read.ok) {
        later.push(unsent(entry, 'dropped', `VS Code cannot read it (${f.read.why})`));
        continue;
      }
      if (taken.has(name)) {
        later.push(unsent(entry, 'shadowed', `${taken.get(name)} has the same folder name and comes first (read from source)`));
        continue;
      }
      taken.set(name, entry.source);
      const given = headerText(f, 'description');
      if (given === undefined || given.trim() === '') {
        later.push(unsent(entry, 'dropped', 'no description: Copilot leaves the skill out of its index (read from source)'));
        continue;
      }
      if (modelInvocationOff(f)) {
        later.push(unsent(entry, 'not-loaded', 'disable-model-invocation: true keeps it out of the model\u2019s index (read from source)'));
        continue;
      }
      const stripped = given.trim().replace(/<[^>]+>/g, '');
      const cut = stripped.length > COPILOT_DESCRIPTION_CHARS;
      const description = cut ? stripped.substring(0, COPILOT_DESCRIPTION_CHARS) : stripped;
      const text = `<skill>\n<name>${escape(name)}</name>\n<description>${escape(description)}</description>\n<file>${f.abs}</file>\n</skill>`;
      out.push({
        ...entry,
        status: cut ? 'cut' : 'included',
        ...(cut
          ? {
              reason: `the description has ${stripped.length} characters: VS Code keeps ${COPILOT_DESCRIPTION_CHARS}, without a mark (read from source)`,
            }
          : {}),
        text,
      });
    }
  }
  return [...out, ...later];
}

function agentListings(ctx: DiscoverContext): ListingEvidence[] {
  const place = 'system-prompt' as const;
  const out: ListingEvidence[] = [];
  const later: ListingEvidence[] = [];
  for (const loc of AGENT_LOCATIONS) {
    const { dir, own } = located(ctx, loc);
    const files = filesIn(ctx, dir, ['.md'], { order: 'sorted', own }).sort((a, b) => compareCodeUnits(a.entry, b.entry));
    for (const f of files) {
      const name = headerText(f, 'name') ?? f.entry.replace(/(\.agent)?\.md$/, '');
      const entry = { kind: 'agent' as const, name, source: listingPath(ctx, f.abs), place };
      if (!f.read.ok) {
        later.push(unsent(entry, 'dropped', `VS Code cannot read it (${f.read.why})`));
        continue;
      }
      if (modelInvocationOff(f)) {
        later.push(unsent(entry, 'not-loaded', 'disable-model-invocation: true keeps it out of the model\u2019s index (read from source)'));
        continue;
      }
      const description = headerText(f, 'description');
      const hint = headerText(f, 'argument-hint');
      const lines = ['<agent>', `<name>${escape(name)}</name>`];
      if (description) lines.push(`<description>${escape(description)}</description>`);
      if (hint) lines.push(`<argumentHint>${escape(hint)}</argumentHint>`);
      lines.push('</agent>');
      out.push({
        ...entry,
        status: 'included',
        reason: 'listed when the chat has its subagent tool (read from source)',
        text: lines.join('\n'),
      });
    }
  }
  return [...out, ...later];
}

/** Copilot's skills, then its custom agents, as its customizations index lists them (read from source). */
export function copilotListings(ctx: DiscoverContext): ListingEvidence[] {
  return [...skillListings(ctx), ...agentListings(ctx)];
}
