/**
 * Gemini CLI's pitfalls (`holaryn check --agents gemini`; the seam: ../../pitfalls.ts): a folder
 * it does not trust, and what it lists of the repository's skills and subagents (each seen in an
 * oracle case of test/oracle/cases/gemini-listings.ts):
 *
 * - `agent-gemini-skill-dropped`: a SKILL.md Gemini skips (no `---` header, no name or
 *   description: `pitfall-skill-frontmatter-hides`), or an agent file it fails to load;
 * - `agent-gemini-listing-clash`: a skill or subagent another one of the same name replaces
 *   (`pitfall-skill-name-clash`, `pitfall-agent-name-clash`);
 * - `agent-gemini-agent-unacknowledged`: a project subagent Gemini does not list until the user
 *   accepts this exact file (`pitfall-agent-not-acknowledged`).
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { listingFindings } from '../agent/pitfalls';

/** Where Gemini keeps its trust decisions, as the user would type it. */
function trustedFoldersFile(env: Readonly<Record<string, string | undefined>>): string {
  if (env.GEMINI_CLI_TRUSTED_FOLDERS_PATH) return env.GEMINI_CLI_TRUSTED_FOLDERS_PATH;
  return `${env.GEMINI_CLI_HOME ? env.GEMINI_CLI_HOME : '~'}/.gemini/trustedFolders.json`;
}

/**
 * Gemini loading nothing in an untrusted folder: its project context files are `untrusted`. Says
 * how to trust it. Gemini CLI 0.61.0 behaves so in the oracle cases `untrusted-global-only` and
 * `restricted-mode` (test/oracle/cases/gemini.ts: the global file only, nothing on touch); with
 * folder trust on, a headless run refuses to start (exit 55, no request at all).
 */
export function* geminiUntrusted(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const first = ws.resolve('');
  yield;
  if (!first) return [];
  const configured = (first.settings?.['context.fileName'] as { value?: unknown } | undefined)?.value;
  const names = [...new Set([...(Array.isArray(configured) ? configured : configured ? [configured] : []).map(String), 'GEMINI.md'])];
  const files = yield* ws.filesNamed(names);
  if (files.length === 0) return [];
  const ev = ws.resolveAcross(files, 'context files');
  yield;
  if (!ev) return [];
  const trust = ev.trust as { trusted?: boolean; decidedBy?: string } | undefined;
  const out: PitfallFinding[] = [];
  for (const s of ev.sources) {
    if (s.status !== 'untrusted') continue;
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined) continue;
    const why = (s.reason ?? '').replace(/^Gemini loads no project context file in an untrusted folder: /, '');
    out.push(
      ws.onLine(
        rel,
        'agent-gemini-untrusted',
        ws.text(rel),
        1,
        `Gemini CLI loads none of this folder's context files, ${rel} included: the folder is not trusted (${why || trust?.decidedBy || 'no trust decision'}). ` +
          (trust?.decidedBy === 'env'
            ? why.startsWith('GEMINI_RESTRICTED_MODE')
              ? `${why} outweighs every trust decision: unset it.`
              : 'GEMINI_CLI_TRUST_WORKSPACE=false outweighs every trust decision: unset it, or set it to true.'
            : 'Headless (gemini -p) it refuses to start here; an interactive session asks, and sends only the global context files unless trusted. ' +
              `To trust it, run gemini here and choose "Trust folder", or add ${JSON.stringify(ws.root)}: "TRUST_FOLDER" to ${trustedFoldersFile(ws.env)}, ` +
              `or start Gemini with GEMINI_CLI_TRUST_WORKSPACE=true (or --skip-trust).`),
      ),
    );
  }
  return out;
}

/** The listing entries of the repository Gemini drops, replaces or holds back (see the module comment). */
export function* geminiListingPitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  return yield* listingFindings(ws, (l) => {
    const what = l.kind === 'skill' ? `the skill ${l.name}` : `the subagent ${l.name}`;
    if (l.status === 'dropped')
      return {
        code: 'agent-gemini-skill-dropped',
        message: `Gemini CLI never lists ${l.source} to its model: ${l.reason ?? 'it cannot read it'}. Start the file with a --- header giving name: and description:.`,
      };
    if (l.status === 'shadowed')
      return {
        code: 'agent-gemini-listing-clash',
        message: `Gemini CLI does not list ${what} from ${l.source}: ${l.reason ?? 'another one of the same name wins'}. Rename one of them.`,
      };
    if (l.status === 'not-loaded' && l.kind === 'agent' && (l.reason ?? '').startsWith('not acknowledged'))
      return {
        code: 'agent-gemini-agent-unacknowledged',
        message: `Gemini CLI does not list ${what} (${l.source}) until each user accepts this exact file in an interactive session; a headless run never lists it, and any change to the file asks again.`,
      };
    return undefined;
  });
}

export const PITFALLS: PitfallCheck = function* (ws) {
  const untrusted = yield* geminiUntrusted(ws);
  const listings = yield* geminiListingPitfalls(ws);
  return [...untrusted, ...listings];
};
