/**
 * A step of Copilot's discovery: the always-attached files (AGENTS.md, CLAUDE.md, copilot-instructions.md of
 * each root folder and of the home), in the order VS Code attaches them. Part of the copilot
 * profile (index.ts).
 */
import type { DiscoverContext, NamedCandidate } from '../../profile';
import { joinUnder } from '../../paths';
import { USE_AGENTS_MD, USE_CLAUDE_MD, USE_INSTRUCTION_FILES } from './settings';
import type { CopilotSettings } from './settings';
import { Tag, uriText, childrenNamed, repoCandidate, homeCandidate, OFF } from './candidates';

/** The tags of the always-attached files (agentFiles). */
export const ATTACHED: ReadonlySet<string | undefined> = new Set<Tag>(['agents', 'claude', 'copilot-instructions']);

/** The always-attached files, in Copilot's order: copilot-instructions.md first, the rest by URI. */
export function agentFiles(ctx: DiscoverContext, s: CopilotSettings, roots: readonly string[]): NamedCandidate[] {
  const P = ctx.fs.path;
  type Found = { c: NamedCandidate; uri: string; on: boolean };
  const found: Found[] = [];
  const add = (c: NamedCandidate, abs: string, on: boolean) => found.push({ c, uri: uriText(abs), on });
  for (const root of roots) {
    for (const f of childrenNamed(ctx, root, ['AGENTS.md', 'CLAUDE.md', 'CLAUDE.local.md'])) {
      const isAgents = f.wanted === 'AGENTS.md';
      const on = isAgents ? s.agentsMd : s.claudeMd;
      const tag: Tag = isAgents ? 'agents' : 'claude';
      const probe = { dir: root, name: f.name };
      add(repoCandidate(ctx, f.abs, { tag, probe, ...(on ? {} : { report: OFF(isAgents ? USE_AGENTS_MD : USE_CLAUDE_MD) }) }), f.abs, on);
    }
    for (const f of childrenNamed(ctx, joinUnder(P, root, '.claude'), ['CLAUDE.md']))
      add(repoCandidate(ctx, f.abs, { tag: 'claude', ...(s.claudeMd ? {} : { report: OFF(USE_CLAUDE_MD) }) }), f.abs, s.claudeMd);
    for (const f of childrenNamed(ctx, joinUnder(P, root, '.github'), ['copilot-instructions.md']))
      add(
        repoCandidate(ctx, f.abs, { tag: 'copilot-instructions', ...(s.instructionFiles ? {} : { report: OFF(USE_INSTRUCTION_FILES) }) }),
        f.abs,
        s.instructionFiles,
      );
  }
  for (const f of childrenNamed(ctx, joinUnder(P, ctx.homedir, '.claude'), ['CLAUDE.md']))
    add(
      homeCandidate(f.abs, `~/.claude/${f.name}`, { tag: 'claude', ...(s.claudeMd ? {} : { report: OFF(USE_CLAUDE_MD) }) }),
      f.abs,
      s.claudeMd,
    );
  for (const f of childrenNamed(ctx, joinUnder(P, ctx.homedir, '.copilot'), ['copilot-instructions.md']))
    add(
      homeCandidate(f.abs, `~/.copilot/${f.name}`, {
        tag: 'copilot-instructions',
        ...(s.instructionFiles ? {} : { report: OFF(USE_INSTRUCTION_FILES) }),
      }),
      f.abs,
      s.instructionFiles,
    );
  const byUri = (a: Found, b: Found) => a.uri.localeCompare(b.uri);
  const on = found.filter((f) => f.on).sort(byUri);
  const first = on.filter((f) => f.c.tag === 'copilot-instructions');
  const rest = on.filter((f) => f.c.tag !== 'copilot-instructions');
  return [...first, ...rest, ...found.filter((f) => !f.on)].map((f) => f.c);
}
