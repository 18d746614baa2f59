/**
 * Exploring an agent's listings with random trees (`npm run oracle:explore -- --agent NAME`):
 * each seed lays out a repository mixing instruction files and skills, subagents and commands in
 * the folders any agent reads (and some none does), with frontmatter in the forms people write
 * (missing or clashing names, quoted, folded and block descriptions, long ones, bad YAML, CRLF, a
 * byte-order mark, `paths:`), nested folders, a working directory below the top, a touched file
 * and linked folders; then runs the real agent on it in the sandbox with the two-run proof, as a
 * suite case does, and compares. A seed that disagrees is written out as a case
 * (`<out>/<agent>-<seed>.json`, ready for cases/<agent>*.ts once its rule is understood).
 *
 * Not part of `npm test`: its trees are not chosen to show one rule each, and it is how the suite's
 * cases are found, not a check of them. Deterministic per seed.
 *
 *   tsx test/oracle/explore.ts --agent NAME [--seeds FROM-TO] [--jobs N] [--out DIR] [--keep] [--show] [--env K=V]...
 *   tsx test/oracle/explore.ts --agent NAME --case FILE.json...   (a written-out case again, or one of your own)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../../scripts/bench/prng.cjs';
import { driverByName } from '../../src/capture/agents';
import { sandboxProblem } from '../../src/capture/sandbox';
import type { OracleCase, OracleEntry } from './case';
import { ensureAgent, readManifest } from './install';
import { caseOk, explain } from './report';
import { runCase } from './run-case';

/** Skill folders: every one a profile reads, and two none does. */
const SKILL_DIRS = [
  '.claude/skills',
  '.agents/skills',
  '.codex/skills',
  '.gemini/skills',
  '.github/skills',
  '.opencode/skills',
  '.opencode/skill',
  '.qwen/skills',
  '.clinerules/skills',
  '.cline/skills',
  '.kilo/skills',
  '.kilocode/skills',
  '.factory/skills',
  '.augment/skills',
  '.pi/skills',
  '.continue/skills',
  '.cursor/skills',
  'skills',
];
const AGENT_DIRS = [
  '.claude/agents',
  '.github/agents',
  '.gemini/agents',
  '.opencode/agent',
  '.opencode/agents',
  '.qwen/agents',
  '.factory/droids',
  '.kilo/agents',
  '.augment/agents',
];
/** Skill folders of the home some agent reads. */
const HOME_SKILL_DIRS = [
  '.claude/skills',
  '.agents/skills',
  '.codex/skills',
  '.gemini/skills',
  '.copilot/skills',
  '.config/opencode/skills',
  '.config/kilo/skills',
  '.qwen/skills',
  '.factory/skills',
  '.augment/skills',
  '.pi/agent/skills',
  '.continue/skills',
  '.cline/skills',
];
const COMMAND_DIRS = [
  '.claude/commands',
  '.qwen/commands',
  '.opencode/command',
  '.factory/commands',
  '.augment/commands',
  '.github/prompts',
];
const INSTRUCTIONS = [
  'AGENTS.md',
  'CLAUDE.md',
  'GEMINI.md',
  'QWEN.md',
  '.github/copilot-instructions.md',
  '.clinerules/rules.md',
  '.augment/rules/a.md',
];
/** Names drawn with repeats, so that clashes happen; some are not valid skill names. */
const NAMES = ['alpha', 'beta', 'deploy', 'review', 'alpha', 'Alpha', 'two words', 'x', 'review-pr', 'beta_2'];
const WORDS = ['does', 'the', 'thing:', 'when', 'asked', '"quoted"', '#', 'it', '<tag>', 'and', 'more', 'é'];

type Rand = () => number;

function pick<T>(rand: Rand, xs: readonly T[]): T {
  return xs[Math.floor(rand() * xs.length)];
}

function words(rand: Rand, n: number): string {
  return Array.from({ length: n }, () => pick(rand, WORDS)).join(' ');
}

/** A description value as YAML, in one of the forms people write. */
function description(rand: Rand): string {
  const r = rand();
  if (r < 0.35) return `description: Does ${words(rand, 3).replace(/[:#"<>]/g, '')}`;
  if (r < 0.5) return `description: "${words(rand, 5).replace(/"/g, "'")}"`;
  if (r < 0.6) return `description: >-\n  ${words(rand, 4).replace(/[:#]/g, '')}\n  ${words(rand, 3).replace(/[:#]/g, '')}`;
  if (r < 0.68) return `description: |\n  first line\n  second line`;
  if (r < 0.78) return `description: ${'w '.repeat(pick(rand, [550, 800, 1600])).trim()}`;
  if (r < 0.84) return 'description: ""';
  if (r < 0.9) return 'description: [not, a, string]';
  return '';
}

/** A SKILL.md (or agent or command file) in one of the forms people write. */
function frontmatterFile(rand: Rand, folderName: string, body: string): string {
  const r = rand();
  if (r < 0.06) return `${body}\n`;
  if (r < 0.1) return `---\nname: ${folderName}\ndescription: [unclosed\n---\n${body}\n`;
  const lines: string[] = [];
  const n = rand();
  if (n < 0.6) lines.push(`name: ${folderName}`);
  else if (n < 0.8) lines.push(`name: ${pick(rand, NAMES)}`);
  const d = description(rand);
  if (d) lines.push(d);
  if (rand() < 0.12)
    lines.push(
      pick(rand, [
        'disable-model-invocation: true',
        'user-invocable: false',
        'paths: ["src/**"]',
        'paths: "**/*.py"',
        'license: MIT',
        'model: inherit',
        'tools: Read',
      ]),
    );
  let text = `---\n${lines.join('\n')}\n---\n${body}\n`;
  if (rand() < 0.06) text = text.replace(/\n/g, '\r\n');
  if (rand() < 0.04) text = `\ufeff${text}`;
  return text;
}

/** One random case: a git repository, maybe a working directory below its top and a touched file. */
export function exploreCase(seed: number): OracleCase {
  const rand = mulberry32(seed);
  const tree: Record<string, OracleEntry> = { '.git': { dir: true }, 'src/a.ts': 'export const a = 1;\n' };
  const nested = rand() < 0.5 ? 'pkg' : '';
  if (nested) tree[`${nested}/src/b.ts`] = 'export const b = 2;\n';
  const places = nested ? ['', nested] : [''];
  for (const at of places) {
    const under = (p: string) => (at ? `${at}/${p}` : p);
    for (const f of INSTRUCTIONS) if (rand() < 0.25) tree[under(f)] = `${f} at ${at || 'the top'}: ${words(rand, 4)}\n`;
    const skills = Math.floor(rand() * 5);
    for (let i = 0; i < skills; i++) {
      const dir = pick(rand, SKILL_DIRS);
      const name = pick(rand, NAMES);
      tree[under(`${dir}/${name}/SKILL.md`)] = frontmatterFile(rand, name, `The body of ${name} is not listed.`);
      if (rand() < 0.15) tree[under(`${dir}/${name}/reference.md`)] = 'more\n';
    }
    const agents = Math.floor(rand() * 3);
    for (let i = 0; i < agents; i++) {
      const name = pick(rand, NAMES);
      const file = pick(rand, [`${name}.md`, `${name}.agent.md`]);
      tree[under(`${pick(rand, AGENT_DIRS)}/${file}`)] = frontmatterFile(rand, name, `You are ${name}.`);
    }
    const commands = Math.floor(rand() * 3);
    for (let i = 0; i < commands; i++) {
      const name = pick(rand, NAMES);
      const file = pick(rand, [`${name}.md`, `${name}.prompt.md`]);
      tree[under(`${pick(rand, COMMAND_DIRS)}/${file}`)] = frontmatterFile(rand, name, `Do ${name} with $ARGUMENTS.`);
    }
  }
  if (rand() < 0.2) {
    // A skill folder that is a link to a folder elsewhere in the repository.
    tree['shared/linked/SKILL.md'] = frontmatterFile(rand, 'linked', 'Linked.');
    tree[`${pick(rand, SKILL_DIRS)}/linked`] = { link: '{{root}}/shared/linked' };
  }
  const home: Record<string, OracleEntry> = {};
  if (rand() < 0.3) {
    const name = pick(rand, NAMES);
    home[`${pick(rand, HOME_SKILL_DIRS)}/${name}/SKILL.md`] = frontmatterFile(rand, name, `The body of the home's ${name}.`);
  }
  const cwd = nested && rand() < 0.5 ? nested : '';
  const read = rand() < 0.4 ? (nested ? `${nested}/src/b.ts` : 'src/a.ts') : undefined;
  return {
    name: `explore-${seed}`,
    why: `a random tree (test/oracle/explore.ts, seed ${seed})`,
    tree,
    ...(Object.keys(home).length > 0 ? { home } : {}),
    ...(cwd ? { cwd } : {}),
    ...(read ? { read } : {}),
  };
}

function range(spec: string): number[] {
  const m = /^(\d+)(?:-(\d+))?$/.exec(spec);
  if (!m) throw new Error(`--seeds takes N or FROM-TO, not ${spec}`);
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      agent: { type: 'string' },
      seeds: { type: 'string', default: '1-20' },
      jobs: { type: 'string', default: '2' },
      out: { type: 'string', default: path.join('out', 'explore') },
      keep: { type: 'boolean', default: false },
      show: { type: 'boolean', default: false },
      case: { type: 'string', multiple: true },
      env: { type: 'string', multiple: true },
    },
  });
  const release = readManifest().agents.find((a) => a.name === values.agent);
  if (!release)
    throw new Error(
      `--agent takes one of ${readManifest()
        .agents.map((a) => a.name)
        .join(', ')}`,
    );
  const problem = sandboxProblem();
  if (problem) throw new Error(`cannot run the agents in isolation: ${problem}`);
  const driver = driverByName(release.driver)!;
  const got = await ensureAgent(release, (l) => process.stdout.write(`${l}\n`));
  if ('problem' in got) throw new Error(got.problem);
  const cases = values.case
    ? values.case.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as OracleCase)
    : range(values.seeds!).map(exploreCase);
  // Extra environment for every case (Gemini CLI runs headless only in a trusted folder: GEMINI_CLI_TRUST_WORKSPACE=true).
  const extra = Object.fromEntries(
    (values.env ?? []).map((kv) => {
      const at = kv.indexOf('=');
      if (at <= 0) throw new Error(`--env takes KEY=VALUE, not ${kv}`);
      return [kv.slice(0, at), kv.slice(at + 1)];
    }),
  );
  for (const c of cases) c.env = { ...extra, ...(c.env ?? {}) };
  const jobs = Math.max(1, Math.min(2, Number(values.jobs) || 2));
  let next = 0;
  let failed = 0;
  fs.mkdirSync(values.out!, { recursive: true });
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const r = await runCase(release.name, driver, got.executable, c, { keep: values.keep! });
      const good = caseOk(r);
      process.stdout.write(`  ${good ? '✔' : '✘'} ${release.name}/${c.name}  ${(r.ms / 1000).toFixed(1)} s\n`);
      if (values.show)
        for (const [side, got] of [
          ['agent', r.agentSide],
          ['profile', r.profileSide],
        ] as const)
          process.stdout.write(`  ${side}:\n${(got?.listings ?? []).map((l) => `    ${JSON.stringify(l.text)}`).join('\n')}\n`);
      if (good) continue;
      failed++;
      fs.writeFileSync(path.join(values.out!, `${release.name}-${c.name}.json`), `${JSON.stringify(c, null, 2)}\n`);
      process.stdout.write(`${explain(r, c).join('\n')}\n\n`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  process.stdout.write(`  ${cases.length - failed} of ${cases.length} cases agree${failed ? `; the others are in ${values.out}` : ''}\n`);
  if (failed > 0) process.exitCode = 1;
}

if (require.main === module)
  main().catch((err) => {
    process.stderr.write(`[explore] ${(err as Error).message}\n`);
    process.exit(1);
  });
