/**
 * `node --import tsx test/oracle/where.ts NAME…`: prints `{"NAME": "/abs/executable", …}` for the
 * pinned agents named (every agent without names), installing a release first where the oracle
 * cache does not hold it yet. For suites outside the oracle that run a real agent through
 * `holaryn capture` (the editor's Verify with the Installed Agent). Exit 1 with one line on stderr
 * when one cannot be had.
 */
import { ensureAgent, readManifest } from './install';

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const manifest = readManifest();
  const out: Record<string, string> = {};
  for (const name of names.length > 0 ? names : manifest.agents.map((a) => a.name)) {
    const release = manifest.agents.find((a) => a.name === name);
    if (!release) throw new Error(`no agent ${JSON.stringify(name)} in test/oracle/agents.json`);
    const got = await ensureAgent(release, (line) => process.stderr.write(`[oracle] ${line}\n`));
    if ('problem' in got) throw new Error(`${name}: ${got.problem}`);
    out[name] = got.executable;
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((err: Error) => {
  process.stderr.write(`where: ${err.message}\n`);
  process.exitCode = 1;
});
