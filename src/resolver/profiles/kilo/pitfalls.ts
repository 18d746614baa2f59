/**
 * Kilo Code CLI's pitfalls (`holaryn check --agents kilo`; the seam: ../../pitfalls.ts).
 *
 * An instruction file of the repository holding an `{env:…}` reference: Kilo substitutes
 * variables only in the user's own files; in a project file the reference makes its reader fail,
 * and Kilo sends nothing of the file and says nothing (seen in a run: the oracle case
 * `env-reference-drops-project-file`). The check reads each file Kilo would take from the
 * repository by name (`AGENTS.md`, `CLAUDE.md`, `CONTEXT.md`, `.kilocoderules`, the legacy rules
 * folders' `.md` files) and reports the first such reference, as Kilo finds it (not after `$`, not
 * on a line whose text before it starts with `//`).
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';

export const ENV_REFERENCE_CODE = 'agent-kilo-env-reference-drops-file';

const NAMES = ['AGENTS.md', 'CLAUDE.md', 'CONTEXT.md', '.kilocoderules'];
const RULES = /(?:^|\/)\.kilo(?:code)?\/rules(?:-[a-z]+)?\/[^/]+\.md$/;

/** The first `{env:…}` reference Kilo would refuse in a project file: its index, or -1. */
export function refusedEnvReference(text: string): number {
  for (const m of text.matchAll(/(?<!\$)\{env:[^}]+\}/g)) {
    const index = m.index ?? 0;
    const start = text.lastIndexOf('\n', index - 1) + 1;
    if (!text.slice(start, index).trimStart().startsWith('//')) return index;
  }
  return -1;
}

export function* kiloEnvReferences(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const named = yield* ws.filesNamed(NAMES);
  const files = [...new Set([...named, ...ws.files.filter((f) => RULES.test(f))])];
  const findings: PitfallFinding[] = [];
  for (const file of files) {
    const text = ws.text(file);
    if (text === undefined) continue;
    const at = refusedEnvReference(text);
    if (at < 0) continue;
    const line = text.slice(0, at).split('\n').length;
    findings.push(
      ws.onLine(
        file,
        ENV_REFERENCE_CODE,
        text,
        line,
        'Kilo does not substitute {env:…} in a repository instruction file: the reference makes it drop the whole file, silently, so none of these instructions reach the model. Remove the reference, write it as ${env:…} if it is meant literally, or move the text to your own global AGENTS.md.',
      ),
    );
  }
  return findings;
}

export const PITFALLS: PitfallCheck = kiloEnvReferences;
