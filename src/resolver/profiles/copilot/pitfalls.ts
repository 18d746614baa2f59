/**
 * Copilot's pitfalls (`holaryn check --agents copilot`; the seam: ../../pitfalls.ts): an applyTo
 * written as a YAML list, and an unanchored glob that also matches outside its folder.
 */
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import { YAML_OPTIONS } from '../../frontmatter';
import type { Fix, PitfallCheck, PitfallFinding, PitfallWorkspace, TextEdit } from '../../pitfalls';
import { agentHeader } from '../agent/frontmatter';
import { named, plural } from '../agent/pitfalls';
import { MATCH_ALL, globMatchesIgnoreCase, patternParts } from './match';
import { effectivePattern, instructionKind } from '.';

/** The `applyTo` list of a header as one comma-separated string (the edit replaces the key and its list). */
function applyToListFix(ws: PitfallWorkspace, text: string): Fix | undefined {
  const lines = text.split('\n');
  if (!/^---\s*$/.test(lines[0] ?? '')) return undefined;
  const close = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
  if (close < 0) return undefined;
  const start = lines[0].length + 1;
  const end = lines.slice(0, close).reduce((n, l) => n + l.length + 1, 0);
  const doc = parseDocument(text.slice(start, end), YAML_OPTIONS);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'applyTo');
  const key = pair?.key as Node | undefined;
  const value = pair?.value as Node | null | undefined;
  if (!key?.range || !isSeq(value) || !value.range) return undefined;
  const items = value.items.map((i) => (isScalar(i) ? String(i.value) : undefined));
  if (items.some((i) => i === undefined)) return undefined;
  const from = start + key.range[0];
  let to = start + value.range[1];
  while (to > from && /\s/.test(text[to - 1])) to--;
  const edit: TextEdit = { range: ws.range(text, from, to), newText: `applyTo: ${JSON.stringify(items.join(', '))}` };
  return { title: 'Write applyTo as one comma-separated string', edits: [edit] };
}

/** Copilot ignoring an `applyTo` written as a YAML list: the file never applies. From the profile's own diagnostic. */
export function* copilotApplyToLists(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const ev = ws.resolve('');
  yield;
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  for (const d of ev.diagnostics) {
    if (d.code !== 'agent-pitfall' || d.source === null || !/applyTo is a YAML list/.test(d.message)) continue;
    const rel = ws.rel(ev, d.source);
    if (rel === undefined) continue;
    const text = ws.text(rel);
    const fix = text === undefined ? undefined : applyToListFix(ws, text);
    out.push(
      ws.onLine(
        rel,
        'agent-copilot-applyto-list',
        text,
        d.line ?? 1,
        `Copilot never attaches ${rel} by itself: it reads applyTo only as a string and ignores a YAML list. Write the patterns as one comma-separated string.`,
        fix ? { fixes: [fix] } : {},
      ),
    );
  }
  return out;
}

/**
 * Copilot matching an unanchored glob outside its folder: Copilot puts `**\/` in front of a
 * pattern such as `src/**\/*.ts` and matches it against the absolute path, so it also applies to
 * `app/src/x.ts`. The files it applies to come from the copilot evidence for every file of the
 * workspace; those no pattern matches from the workspace's top are named.
 */
export function* copilotUnanchoredGlobs(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  if (ws.files.length === 0) return [];
  const ev = ws.resolveAcross(ws.files);
  yield;
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  for (const s of ev.sources) {
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined || s.appliesTo.length === 0) continue;
    const kind = instructionKind(s.filename, ws.abs(rel));
    if (!kind) continue;
    const text = ws.text(rel);
    if (text === undefined) continue;
    const header = agentHeader(text);
    const { pattern } = effectivePattern(header.attributes, kind === 'claude-rule');
    if (pattern === undefined) continue;
    const parts = patternParts(pattern);
    const loose = parts.filter((p) => !MATCH_ALL.includes(p) && !p.startsWith('/') && !p.startsWith('**/'));
    if (loose.length === 0) continue;
    const anchored = (path: string) => parts.some((p) => MATCH_ALL.includes(p) || globMatchesIgnoreCase(p, path));
    const outside = s.appliesTo.filter((p) => !anchored(p));
    if (outside.length === 0) continue;
    const key = kind === 'claude-rule' ? 'paths' : 'applyTo';
    const line = header.lines[key] ?? 1;
    out.push(
      ws.onLine(
        rel,
        'agent-copilot-unanchored-glob',
        text,
        line,
        `Copilot puts **/ in front of ${loose.map((p) => JSON.stringify(p)).join(', ')} and matches it anywhere in the absolute path, ` +
          `so ${rel} also applies to ${plural(outside.length, 'file')} outside that folder: ${named(outside)}. ` +
          `Copilot has no pattern anchored at the workspace folder; name the folders you mean more precisely.`,
      ),
    );
  }
  return out;
}

export const PITFALLS: PitfallCheck = function* (ws) {
  return [...(yield* copilotApplyToLists(ws)), ...(yield* copilotUnanchoredGlobs(ws))];
};
