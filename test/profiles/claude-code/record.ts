/**
 * Records what Claude Code really sent for each oracle case (test/oracle/cases/claude-code.ts)
 * into `recorded.json`, for the offline golden test (recorded.test.ts): the instruction files and
 * the text per place, with the sandbox's folders written `{{root}}` and `{{home}}`, and the order
 * the sandbox's file system listed each folder in (Claude Code loads rules in that order).
 *
 *   npx tsx test/profiles/claude-code/record.ts            # every case (runs the real agent)
 *   npx tsx test/profiles/claude-code/record.ts NAME …     # these cases, the others kept as recorded
 *
 * It runs the agent as the oracle suite does (test/oracle/README.md); run it again when the pinned
 * release changes, and read the diff.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { driverByName } from '../../../src/capture/agents';
import { nodeResolverFs } from '../../../src/resolver';
import { cases } from '../../oracle/cases/claude-code';
import { ensureAgent, readManifest } from '../../oracle/install';
import { runCase } from '../../oracle/run-case';

export interface RecordedCase {
  /** Absolute paths with `{{root}}` / `{{home}}`, in the order the model sees them. */
  files: string[];
  parts: { place: string; text: string }[];
  /** Per folder of the tree (`root/…`, `home/…`), the order its entries were listed in. */
  listings: Record<string, string[]>;
}

export const RECORDED = path.join(__dirname, 'recorded.json');

/** The entries of every folder under `dir` in the order the file system lists them (links not followed). */
function listings(dir: string, prefix: string, out: Record<string, string[]>): void {
  const names = nodeResolverFs.entriesInOrder!(dir);
  out[prefix] = names;
  for (const name of names) {
    const abs = path.join(dir, name);
    if (fs.lstatSync(abs).isDirectory()) listings(abs, `${prefix}/${name}`, out);
  }
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const release = readManifest().agents.find((a) => a.name === 'claude-code');
  if (!release) throw new Error('no claude-code in test/oracle/agents.json');
  const got = await ensureAgent(release, (line) => console.log(line));
  if ('problem' in got) throw new Error(got.problem);
  const driver = driverByName(release.driver);
  if (!driver) throw new Error(`no driver ${release.driver}`);
  const recorded: Record<string, RecordedCase> = fs.existsSync(RECORDED)
    ? (JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as Record<string, RecordedCase>)
    : {};
  for (const c of cases) {
    if (wanted.length > 0 && !wanted.includes(c.name)) continue;
    const r = await runCase('claude-code', driver, got.executable, c, { keep: true });
    try {
      if (!r.agentSide || r.problems.length > 0) throw new Error(`${c.name}: ${r.problems.join('; ')}`);
      const root = path.join(r.base, 'root');
      const home = path.join(r.base, 'home');
      const placeholders = (text: string) => text.split(root).join('{{root}}').split(home).join('{{home}}');
      const lists: Record<string, string[]> = {};
      listings(root, 'root', lists);
      listings(home, 'home', lists);
      recorded[c.name] = {
        files: r.agentSide.files.map(placeholders),
        parts: r.agentSide.parts.map((p) => ({ place: p.place, text: placeholders(p.text) })),
        listings: lists,
      };
      console.log(`${r.textAgrees && r.filesAgree ? 'agrees ' : 'DIFFERS'} ${c.name}`);
    } finally {
      fs.rmSync(r.base, { recursive: true, force: true });
    }
  }
  const ordered = Object.fromEntries(cases.filter((c) => recorded[c.name]).map((c) => [c.name, recorded[c.name]]));
  fs.writeFileSync(RECORDED, JSON.stringify(ordered, null, 1) + '\n');
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
