/**
 * The composite GitHub Action (`action.yml` at the repository root). GitHub Actions cannot run
 * here, so the file is checked as data (its structure, and that everything it references exists)
 * and its shell steps are run as a runner runs them (`bash --noprofile --norc -eo pipefail`, the
 * step's `env`, GITHUB_STEP_SUMMARY) on a real pull-request-like git history, with the package
 * `npm pack` makes installed by the action's own install step.
 */
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { REPO_DIR } from '../helpers/tree';
import { TempDirs, VERSION, baseEnv, build, writeTree } from '../helpers/cli';

interface Step {
  name?: string;
  uses?: string;
  if?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(fs.readFileSync(path.join(REPO_DIR, 'action.yml'), 'utf8')) as Action;
const EXPRESSION = /\$\{\{\s*(.*?)\s*\}\}/g;

/**
 * The value of a `${{ … }}` expression of the forms this action uses: `inputs.NAME`,
 * `github.a.b.c`, and `x || y` of those (the first non-empty), `!cancelled()`.
 */
function evaluate(expression: string, inputs: Record<string, string>, github: Record<string, unknown>): string {
  for (const term of expression.split('||').map((t) => t.trim())) {
    let value: unknown;
    if (term.startsWith('inputs.')) value = inputs[term.slice('inputs.'.length)];
    else if (term.startsWith('github.'))
      value = term
        .split('.')
        .slice(1)
        .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], github);
    else throw new Error(`an expression this test cannot evaluate: ${term}`);
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return '';
}

/** Every expression in the file, with where it is. */
function expressions(): { where: string; expression: string }[] {
  const found: { where: string; expression: string }[] = [];
  const visit = (value: unknown, where: string) => {
    if (typeof value === 'string') for (const m of value.matchAll(EXPRESSION)) found.push({ where, expression: m[1] });
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, `${where}.${k}`);
  };
  visit(action.runs, 'runs');
  return found;
}

describe('action.yml (the composite GitHub Action)', function () {
  this.timeout(120_000);
  const tmp = new TempDirs();
  after(() => tmp.cleanup());

  it('is a composite action whose inputs are described, and whose steps reference only inputs it has', () => {
    assert.ok(action.name && action.description);
    assert.equal(action.runs.using, 'composite');
    assert.deepEqual(Object.keys(action.inputs).sort(), [
      'base-ref',
      'budget',
      'max-warnings',
      'node-version',
      'package',
      'profiles',
      'root',
    ]);
    for (const [name, input] of Object.entries(action.inputs)) {
      assert.ok(input.description.length > 20, `input ${name} needs a description`);
      assert.equal(typeof input.default, 'string', `input ${name}: a default, as a string`);
    }
    for (const { where, expression } of expressions()) {
      for (const m of expression.matchAll(/\binputs\.([A-Za-z0-9_-]+)/g))
        assert.ok(m[1] in action.inputs, `${where}: inputs.${m[1]} is not an input`);
    }
    // Every input is used somewhere.
    const used = new Set(
      expressions().flatMap(({ expression }) => [...expression.matchAll(/\binputs\.([A-Za-z0-9_-]+)/g)].map((m) => m[1])),
    );
    assert.deepEqual([...used].sort(), Object.keys(action.inputs).sort());
  });

  it('runs repository text only through environment variables, never pasted into a script', () => {
    for (const step of action.runs.steps) {
      if (step.run === undefined) {
        assert.match(step.uses ?? '', /^actions\/setup-node@v\d+$/);
        continue;
      }
      assert.equal(step.shell, 'bash', `${step.name}: composite run steps need a shell`);
      assert.doesNotMatch(step.run, EXPRESSION, `${step.name}: an expression inside the script`);
      // Every variable the script reads is the step's own or one the runner sets.
      for (const m of step.run.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) {
        const name = m[1];
        assert.ok(name in (step.env ?? {}) || /^(GITHUB|RUNNER)_/.test(name), `${step.name}: $${name} is not set`);
      }
    }
  });

  it('its steps, run as a runner runs them, install the packed CLI, write the summary for the change and annotate', () => {
    build();
    const base = tmp.make('holaryn-action-');
    // The package, as `npm pack` makes it from this checkout.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', base], { cwd: REPO_DIR, encoding: 'utf8' }),
    )[0] as { filename: string };
    // A repository with a pull request's history: main, then a branch with changes.
    const repo = path.join(base, 'repo');
    writeTree(repo, {
      'AGENTS.md': '---\nrequired_validation: npm test\n---\nroot rules\n',
      'pkg/AGENTS.md': '---\nowner: someone\n---\npkg rules\n',
      'pkg/a.ts': 'a\n',
    });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-qm', 'base');
    const baseSha = git('rev-parse', 'HEAD').trim();
    git('checkout', '-qb', 'feature');
    writeTree(repo, { 'pkg/b.ts': 'b\n', 'pkg/naïve file.ts': 'c\n', 'README.md': 'r\n' });
    git('add', '-A');
    git('commit', '-qm', 'change');

    const prefix = path.join(base, 'prefix');
    const summary = path.join(base, 'summary.md');
    fs.writeFileSync(summary, '');
    const runnerEnv: Record<string, string> = {
      ...baseEnv(path.join(base, 'home')),
      PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      npm_config_prefix: prefix,
      npm_config_offline: 'true',
      GITHUB_ACTION_PATH: REPO_DIR,
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: base,
    };
    const github = { event: { pull_request: { base: { sha: baseSha } } } };
    const defaults = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? '']));
    const runStep = (name: string, inputs: Record<string, string>) => {
      const step = action.runs.steps.find((s) => s.name === name);
      assert.ok(step?.run, `no run step ${name}`);
      const env = { ...runnerEnv };
      for (const [k, v] of Object.entries(step.env ?? {}))
        env[k] = v.replace(EXPRESSION, (_, e: string) => evaluate(e, { ...defaults, ...inputs }, github));
      return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
        cwd: repo,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
    };

    const install = runStep('Install holaryn', { package: path.join(base, packed.filename) });
    assert.equal(install.status, 0, install.stderr);
    assert.match(install.stdout, new RegExp(`holaryn ${VERSION.replace(/\./g, '\\.')}`));
    assert.ok(fs.existsSync(path.join(prefix, 'bin', 'holaryn')), 'installed on the PATH the next steps use');

    const summarise = runStep('Summarise the instructions for the changed files', {});
    assert.equal(summarise.status, 0, summarise.stderr);
    const md = fs.readFileSync(summary, 'utf8');
    assert.match(md, /^## Repository instructions: 3 changed files\n/);
    assert.match(md, /^- `AGENTS.md` — all 3 changed files$/m);
    assert.match(md, /^- `pkg\/AGENTS.md` — 2 changed files: `pkg\/b.ts`, `pkg\/naïve file.ts`$/m);
    assert.match(md, /^- `npm test` — from `AGENTS.md`$/m);

    // The budget input reaches the summary.
    fs.writeFileSync(summary, '');
    assert.equal(runStep('Summarise the instructions for the changed files', { budget: '700' }).status, 0);
    assert.match(fs.readFileSync(summary, 'utf8'), /of 700 characters/);

    // A root below the checkout: paths relative to it, only the changes inside it.
    fs.writeFileSync(summary, '');
    assert.equal(runStep('Summarise the instructions for the changed files', { root: 'pkg' }).status, 0);
    assert.match(
      fs.readFileSync(summary, 'utf8'),
      /^## Repository instructions: 2 changed files\n[^]*^- `AGENTS.md` — all 2 changed files$/m,
    );

    // Without a pull request or a base-ref, no summary and no failure.
    fs.writeFileSync(summary, '');
    github.event.pull_request.base.sha = '';
    const skipped = runStep('Summarise the instructions for the changed files', {});
    assert.equal(skipped.status, 0);
    assert.match(skipped.stdout, /no base ref/);
    assert.equal(fs.readFileSync(summary, 'utf8'), '');
    // A base that is not in the history (a shallow checkout) fails with the fix named.
    const missing = runStep('Summarise the instructions for the changed files', { 'base-ref': '0'.repeat(40) });
    assert.notEqual(missing.status, 0);
    assert.match(missing.stdout, /^::error title=holaryn::.*fetch-depth: 0/m);

    // The check: annotations, and the warning limit decides the exit code.
    const strict = runStep('Check the instruction files', {});
    assert.equal(strict.status, 1, strict.stderr);
    assert.match(strict.stdout, /^::warning file=pkg\/AGENTS\.md,line=2,.*title=holaryn unknown-key::/m);
    const lenient = runStep('Check the instruction files', { 'max-warnings': '' });
    assert.equal(lenient.status, 0, lenient.stderr);
  });
});
