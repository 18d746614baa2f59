/**
 * How a capture's two sides differ, as report lines: the file lists when they differ, and for
 * each differing part where its texts first differ with the lines around it (escapes visible).
 * The oracle suite and `holaryn capture` both print these.
 */
import type { OracleCompares } from './agents/types';
import { comparedListings, listingsAgree, sameListing, type Side, type SideListing } from './capture';

/** Where two texts first differ, with two lines around it from each, escapes visible. */
export function firstDifference(sent: string, expected: string, show: (text: string) => string = (t) => t): string[] {
  let i = 0;
  while (i < sent.length && i < expected.length && sent[i] === expected[i]) i++;
  const line = sent.slice(0, i).split('\n').length;
  const around = (s: string) =>
    s
      .split('\n')
      .slice(Math.max(0, line - 3), line + 2)
      .map((l, k) => `      ${String(Math.max(1, line - 2) + k).padStart(4)} ${JSON.stringify(show(l))}`);
  return [
    `    first difference at line ${line} (character ${i}); the agent sent ${sent.length} characters, the profile has ${expected.length}`,
    '    agent sent:',
    ...around(sent),
    '    profile has:',
    ...around(expected),
  ];
}

/** The lines saying how `agent` and `profile` differ; [] when they agree (the text only when it is compared). */
export function differences(
  agent: Side,
  profile: Side,
  show: (text: string) => string = (t) => t,
  compares: OracleCompares = 'files-and-text',
): string[] {
  const out: string[] = [];
  if (JSON.stringify(agent.files) !== JSON.stringify(profile.files)) {
    out.push('  files differ:');
    out.push(`    agent sent:  ${agent.files.map(show).join(', ') || '(none)'}`);
    out.push(`    profile has: ${profile.files.map(show).join(', ') || '(none)'}`);
  }
  if (compares === 'files-and-text' && JSON.stringify(agent.parts) !== JSON.stringify(profile.parts)) {
    const places = (s: Side) => s.parts.map((p) => p.place).join(', ') || 'no part';
    out.push(`  text differs (agent: ${places(agent)}; profile: ${places(profile)}):`);
    const n = Math.max(agent.parts.length, profile.parts.length);
    for (let k = 0; k < n; k++) {
      const a = agent.parts[k];
      const b = profile.parts[k];
      if (a && b && a.place === b.place && a.text === b.text) continue;
      out.push(`   part ${k + 1}: agent ${a ? a.place : 'none'}, profile ${b ? b.place : 'none'}`);
      out.push(...firstDifference(a?.text ?? '', b?.text ?? '', show));
    }
  }
  out.push(...listingDifferences(agent, profile, show));
  return out;
}

/** The lines saying how the two sides' listing entries differ; [] when they agree or the agent's side has none. */
function listingDifferences(agent: Side, profile: Side, show: (text: string) => string): string[] {
  if (listingsAgree(agent, profile) !== false) return [];
  const { sent, has } = comparedListings(agent, profile);
  const named = (l: SideListing | undefined) => (l ? `${l.kind ?? 'entry'} ${JSON.stringify(l.name)} (${l.place})` : 'none');
  const order = agent.listingsInAnyOrder ? ', each side by name: the agent’s order is not fixed' : '';
  const out = [`  listings differ (agent sent ${sent.length} entries, profile has ${has.length}${order}):`];
  for (let k = 0; k < Math.max(sent.length, has.length); k++) {
    const a = sent[k];
    const b = has[k];
    if (a && b && sameListing(a, b)) continue;
    out.push(`   entry ${k + 1}: agent ${named(a)}, profile ${named(b)}`);
    if (a && b && a.text !== b.text) out.push(...firstDifference(a.text, b.text, show));
  }
  return out;
}
