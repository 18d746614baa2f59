/**
 * Claude Code's pitfalls (`holaryn check --agents claude-code`; the seam: ../../pitfalls.ts): an
 * AGENTS.md it skips beside a CLAUDE file, a path rule that loads only on touch, and what its
 * listings do to the workspace's skills, commands and subagents.
 */
import type { Evidence, ListingEvidence, SourceEvidence } from '../../evidence';
import type { Fix, PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { agentHeader } from '../agent/frontmatter';
import { named, plural } from '../agent/pitfalls';
import { AGENTS_KEPT_OUT } from './reasons';

/**
 * Claude Code leaving an AGENTS.md out: 2.1.328 reads AGENTS.md (and .claude/AGENTS.md) only
 * where no CLAUDE file loads, from the working directory up at launch and, on a read, in the
 * directory itself. Resolved with the claude-code profile reading each AGENTS.md, the ones it
 * reports kept out by a CLAUDE file are named with that file. Quick fix: the CLAUDE.md beside it
 * imports it (created, or the line added to the existing one).
 */
export function* claudeUnseenAgentsMd(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const ev = yield* claudeAnswer(ws);
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  /** The workspace's CLAUDE.md files, listed once when first needed (not searched for each AGENTS.md). */
  let claudeFiles: Set<string> | undefined;
  for (const s of ev.sources) {
    if (s.filename !== 'AGENTS.md' || s.status !== 'not-loaded' || !AGENTS_KEPT_OUT.some((r) => (s.reason ?? '').startsWith(r))) continue;
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined) continue;
    // AGENTS.md is imported by the CLAUDE.md of its folder; .claude/AGENTS.md by the CLAUDE.md above its .claude folder.
    const inDotClaude = rel === '.claude/AGENTS.md' || rel.endsWith('/.claude/AGENTS.md');
    const dir = rel.slice(0, rel.length - (inDotClaude ? '.claude/AGENTS.md' : 'AGENTS.md').length);
    const line = inDotClaude ? '@.claude/AGENTS.md' : '@AGENTS.md';
    const claude = `${dir}CLAUDE.md`;
    claudeFiles ??= new Set(yield* ws.filesNamed(['CLAUDE.md']));
    const existing = claudeFiles.has(claude) ? ws.text(claude) : undefined;
    let fix: Fix;
    if (existing === undefined) {
      fix = {
        title: `Create ${claude} with "${line}"`,
        edits: [],
        files: [{ file: claude, create: true, edits: [{ range: ws.range('', 0, 0), newText: `${line}\n` }] }],
      };
    } else {
      const end = existing.length;
      const sep = existing === '' || existing.endsWith('\n') ? '' : '\n';
      fix = {
        title: `Add "${line}" to ${claude}`,
        edits: [],
        files: [{ file: claude, edits: [{ range: ws.range(existing, end, end), newText: `${sep}${line}\n` }] }],
      };
    }
    const by = /\(([^()]+)\)$/.exec(s.reason ?? '')?.[1] ?? /and (\S+) does$/.exec(s.reason ?? '')?.[1];
    out.push(
      ws.onLine(
        rel,
        'agent-claude-agents-md',
        ws.text(rel),
        1,
        `Claude Code skips ${rel}: it reads AGENTS.md only where no CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md loads, ` +
          `and ${by ?? 'one'} does${by !== undefined && by.startsWith('../') ? ' (above this folder)' : ''}. ` +
          `A line "${line}" in ${claude} brings it in.`,
        { fixes: [fix] },
      ),
    );
    yield;
  }
  return out;
}

/**
 * A Claude Code rule (`.claude/rules/*.md` with `paths`) only loads when Claude Code touches a
 * matching file (a read, or a write of a new one), never when a session starts. Info; a warning
 * when no file of the workspace matches (then it never loads).
 */
export function* claudeRulesOnRead(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const rules = yield* ws.filesWhere((f) => f.startsWith('.claude/rules/') && f.endsWith('.md'));
  if (rules.length === 0) return [];
  const ev = yield* claudeAnswer(ws);
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  // Each source once by its root-relative path (not searched for each rule).
  const byRel = new Map<string, SourceEvidence>();
  for (const x of ev.sources) {
    const rel = ws.rel(ev, x.path, x.scope);
    if (rel !== undefined && !byRel.has(rel)) byRel.set(rel, x);
  }
  for (const rel of rules) {
    yield;
    const s = byRel.get(rel);
    if (!s || s.delivery !== 'on-touch') continue;
    const text = ws.text(rel);
    if (text === undefined) continue;
    const header = agentHeader(text);
    if (!header.attributes || !('paths' in header.attributes)) continue;
    const line = header.lines.paths ?? 1;
    const matched = s.appliesTo;
    const checked = ws.filesChecked();
    if (matched.length === 0) {
      const none =
        checked === undefined
          ? 'no file here matches them: it never loads this rule'
          : `none of the first ${checked} files here matches them (the check stopped there: MAX_AGENT_PAIRS)`;
      const f = ws.onLine(
        rel,
        'agent-claude-rule-on-read',
        text,
        line,
        `Claude Code loads ${rel} only when it reads or writes a file its paths match, and ${none}. ` +
          `Its paths are matched like .gitignore patterns against the path below the folder holding .claude (a pattern without a slash matches at any depth).`,
      );
      // Only a check of every file can tell that the rule never loads.
      f.severity = checked === undefined ? 'warning' : 'info';
      out.push(f);
      continue;
    }
    out.push(
      ws.onLine(
        rel,
        'agent-claude-rule-on-read',
        text,
        line,
        `Claude Code loads ${rel} only after it reads or writes a matching file (${plural(matched.length, 'file')} here: ${named(matched)}): ` +
          `it is not in the context when a session starts. Drop paths to load it always.`,
      ),
    );
  }
  return out;
}

/**
 * Claude Code's answer in the root for the workspace's files, asked once for every Claude pitfall:
 * the AGENTS.md files first, then Claude Code's own files (a CLAUDE.md in a subdirectory and a
 * nested rules folder load only when a file there is read), then the rest, as many as the bound
 * lets through.
 */
function* claudeAnswer(ws: PitfallWorkspace): Generator<void, Evidence | undefined> {
  const first = yield* ws.filesWhere((f) => {
    const name = f.slice(f.lastIndexOf('/') + 1);
    return (
      name === 'AGENTS.md' ||
      name === 'CLAUDE.md' ||
      name === 'CLAUDE.local.md' ||
      f.startsWith('.claude/rules/') ||
      f.includes('/.claude/rules/') ||
      f.includes('.claude/skills/')
    );
  });
  const isAgentsMd = (f: string) => f === 'AGENTS.md' || f.endsWith('/AGENTS.md');
  const listed = new Set(first);
  const targets = [...first.filter(isAgentsMd), ...first.filter((f) => !isAgentsMd(f)), ...ws.files.filter((f) => !listed.has(f))];
  const ev = ws.resolveAcross(targets);
  yield;
  return ev;
}

/** What a listing entry's status and reason say to the user, or undefined when nothing is amiss. */
function listingProblem(l: ListingEvidence): string | undefined {
  const what = l.kind === 'agent' ? `the subagent ${l.name}` : l.kind === 'command' ? `the command /${l.name}` : `the skill ${l.name}`;
  const reason = l.reason ?? '';
  if (l.status === 'cut' && reason.startsWith('description over'))
    return `Claude Code lists ${what} with its ${reason}: the model never sees the rest. Shorten the description.`;
  if (l.status === 'cut') return `Claude Code lists ${what} by its name alone: ${reason}.`;
  if (l.status === 'shadowed') return `Claude Code does not list ${what}: ${reason}. Rename one of them.`;
  if (l.status === 'dropped') return `Claude Code does not list ${what}: ${reason}.`;
  if (l.status === 'not-loaded' && reason.startsWith('disable-model-invocation'))
    return `Claude Code does not list ${what} to its model (its frontmatter says disable-model-invocation): it runs only when the user types /${l.name}.`;
  if (l.status === 'not-loaded' && reason.startsWith('paths'))
    return `Claude Code lists ${what} only after it touches a file its paths match, and no file here does: it is never offered.`;
  return undefined;
}

/**
 * What Claude Code does to the workspace's skills, commands and subagents in its listings (the
 * answer's `listings`): a description cut at its per-entry limit, an entry listed by name only
 * (over the listing's budget), one a same-named entry hides, one its frontmatter keeps out of the
 * listing (disable-model-invocation, a subagent without a name or description), a skill whose
 * `paths` no file of the workspace matches.
 */
export function* claudeListingPitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const ev = yield* claudeAnswer(ws);
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  const seen = new Set<string>();
  for (const l of ev.listings) {
    const message = listingProblem(l);
    if (message === undefined || l.source.startsWith('~/')) continue;
    const rel = ws.rel(ev, l.source);
    if (rel === undefined || seen.has(`${rel}\0${message}`)) continue;
    seen.add(`${rel}\0${message}`);
    const text = ws.text(rel);
    const header = text === undefined ? undefined : agentHeader(text);
    const key =
      l.status === 'cut'
        ? 'description'
        : l.status === 'not-loaded'
          ? l.reason?.startsWith('paths')
            ? 'paths'
            : 'disable-model-invocation'
          : 'name';
    out.push(ws.onLine(rel, 'agent-claude-listing', text, header?.lines[key] ?? 1, message));
    yield;
  }
  return out;
}

export const PITFALLS: PitfallCheck = function* (ws) {
  const out = [...(yield* claudeUnseenAgentsMd(ws)), ...(yield* claudeRulesOnRead(ws)), ...(yield* claudeListingPitfalls(ws))];
  // Claude Code's own files are counted from its answer across the workspace even when no pitfall asked for it.
  if (ws.files.length > 0) yield* claudeAnswer(ws);
  return out;
};
