// `holaryn check` as a user runs it: the built bundle, a real process, real exit codes.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');
const cliPath = path.join(repo, 'dist/cli.js');
const demo = path.join(repo, 'examples/demo-workspace');

function check(args: string[], cwd = repo) {
  const r = spawnSync(process.execPath, [cliPath, 'check', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function workspace(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-check-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('holaryn check (built CLI)', () => {
  let clean: string;
  let warnings: string;
  let errors: string;

  before(() => {
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repo, stdio: 'pipe' });
    clean = workspace({ 'AGENTS.md': '---\napplies_to: "**/*.ts"\n---\nUse pnpm.\n', 'src/a.ts': '' });
    warnings = workspace({
      'AGENTS.md': '---\nprioity: 1\n---\n',
      'src/AGENTS.md': '---\napplies_to: "src/**/*.ts"\n---\n',
      'src/a.ts': '',
    });
    errors = workspace({ 'AGENTS.md': '---\nexcludes: *.gen.ts\n---\n', 'CLAUDE.md': '---\npriority: 5000\n---\n' });
  });
  after(() => {
    for (const r of [clean, warnings, errors]) fs.rmSync(r, { recursive: true, force: true });
  });

  it('exit 0 and a one-line summary on a clean workspace', () => {
    const r = check([clean]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, 'No problems in 1 instruction file.\n');
  });

  it('warnings alone exit 0; --max-warnings below their count exits 1', () => {
    const r = check([warnings]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(
      r.stdout
        .trimEnd()
        .split('\n')
        .slice(0, -1)
        .map((l) => l.split('  ').slice(0, 3).join('  ')),
      [
        'AGENTS.md:2:1  warning  near-miss-key',
        'AGENTS.md:2:1  warning  unknown-key',
        'src/AGENTS.md:2:13  warning  glob-workspace-relative',
      ],
    );
    assert.match(r.stdout, /0 errors and 3 warnings in 2 instruction files\.\n$/);
    assert.equal(check([warnings, '--max-warnings', '3']).code, 0);
    const over = check([warnings, '--max-warnings', '2']);
    assert.equal(over.code, 1);
    assert.match(over.stdout, /Too many warnings: at most 2 allowed/);
    assert.equal(check([warnings, '--max-warnings=0']).code, 1);
  });

  it('any error exits 1, whatever --max-warnings allows', () => {
    const r = check([errors, '--max-warnings', '100']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^AGENTS\.md:2:11 {2}error {2}malformed-frontmatter {2}YAML alias/m);
    assert.match(r.stdout, /^CLAUDE\.md:2:11 {2}error {2}invalid-value {2}priority 5000 is out of range/m);
  });

  it('usage errors exit 2: no root, two roots, a missing root, bad flags and values', () => {
    for (const args of [
      [],
      [clean, clean],
      [path.join(clean, 'nope')],
      [clean, '--bogus'],
      [clean, '--format', 'xml'],
      [clean, '--max-warnings', 'x'],
      [clean, '--max-warnings', '-1'],
      [path.join(clean, 'AGENTS.md')],
    ]) {
      const r = check(args);
      assert.equal(r.code, 2, `${JSON.stringify(args)}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /^holaryn: /, JSON.stringify(args));
      assert.equal(r.stdout, '');
    }
  });

  it('usage errors in JSON mode are one JSON object on stdout', () => {
    for (const args of [
      ['--json'],
      [clean, '--json', '--format', 'text'],
      ['--format', 'json', path.join(clean, 'nope')],
      ['--format=json', '--max-warnings', 'x', clean],
    ]) {
      const r = check(args);
      assert.equal(r.code, 2, JSON.stringify(args));
      const error = JSON.parse(r.stdout).error;
      assert.ok(['usage', 'root-not-found'].includes(error.code), r.stdout);
      assert.equal(typeof error.message, 'string');
    }
  });

  it('--help exits 0', () => {
    const r = check(['--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: holaryn check <root>/);
  });

  it('--format json (and --json): the holaryn.check/v1 document', () => {
    for (const flags of [['--json'], ['--format', 'json']]) {
      const r = check([errors, ...flags]);
      assert.equal(r.code, 1);
      const doc = JSON.parse(r.stdout);
      assert.equal(doc.schema, 'holaryn.check/v1');
      assert.equal(doc.root, fs.realpathSync(errors));
      assert.equal(doc.files, 2);
      assert.equal(doc.errors, 2);
      assert.equal(doc.warnings, 1);
      assert.deepEqual(
        doc.findings.map((f: { file: string; line: number; code: string; severity: string }) => [f.file, f.line, f.severity, f.code]),
        [
          ['AGENTS.md', 2, 'error', 'malformed-frontmatter'],
          ['AGENTS.md', 2, 'warning', 'unquoted-star-glob'],
          ['CLAUDE.md', 2, 'error', 'invalid-value'],
        ],
      );
      const star = doc.findings[1];
      assert.deepEqual([star.column, star.endLine, star.endColumn], [11, 2, 19]);
      assert.deepEqual(star.fixes[0].edits[0].newText, '"*.gen.ts"');
    }
    const ok = JSON.parse(check([clean, '--json']).stdout);
    assert.deepEqual([ok.files, ok.findings, ok.errors, ok.warnings], [1, [], 0, 0]);
  });

  it('--format github: one workflow command per finding, properties and data escaped', () => {
    // With a Holaryn key in the block, the unknown keys' messages are the plain ones.
    const tricky = workspace({ 'a,b:c%\nd/AGENTS.md': '---\nowner: "x"\n"100%": 1\npriority: 0\n---\n' });
    try {
      const r = check([tricky, '--format', 'github']);
      assert.equal(r.code, 0);
      assert.deepEqual(r.stdout.trimEnd().split('\n'), [
        '::warning file=a%2Cb%3Ac%25%0Ad/AGENTS.md,line=2,col=1,endLine=2,endColumn=6,title=holaryn unknown-key::unknown key "owner" ignored',
        '::warning file=a%2Cb%3Ac%25%0Ad/AGENTS.md,line=3,col=1,endLine=3,endColumn=7,title=holaryn unknown-key::unknown key "100%25" ignored',
      ]);
      assert.match(r.stderr, /0 errors and 2 warnings/);
    } finally {
      fs.rmSync(tricky, { recursive: true, force: true });
    }
    const e = check([errors, '--format', 'github']);
    assert.equal(e.code, 1);
    const lines = e.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0], /^::error file=AGENTS\.md,line=2,col=11,endLine=2,endColumn=19,title=holaryn malformed-frontmatter::YAML alias/);
    assert.match(lines[1], /^::warning file=AGENTS\.md,line=2,col=11,/);
    assert.match(lines[2], /^::error file=CLAUDE\.md,line=2,/);
  });

  it("other tools' keys are info findings: printed, a ::notice on GitHub, never failing --max-warnings 0", () => {
    const copied = workspace({ 'AGENTS.md': '---\napplyTo: "**/*.ts"\n---\nUse pnpm.\n', 'a.ts': '' });
    try {
      const text = check([copied, '--max-warnings', '0']);
      assert.equal(text.code, 0, text.stdout);
      assert.match(text.stdout, /^AGENTS\.md:2:1 {2}info {2}foreign-key {2}"applyTo" is read by GitHub Copilot/m);
      assert.match(text.stdout, /No problems in 1 instruction file\. 1 info finding \(never counted as warnings\)\.\n$/);
      const github = check([copied, '--format', 'github', '--max-warnings', '0']);
      assert.equal(github.code, 0);
      assert.match(
        github.stdout,
        /^::notice file=AGENTS\.md,line=2,col=1,endLine=2,endColumn=8,title=holaryn foreign-key::"applyTo" is read by/,
      );
      const json = JSON.parse(check([copied, '--json', '--max-warnings', '0']).stdout);
      assert.deepEqual([json.ok, json.warnings, json.infos], [true, 0, 1]);
      assert.equal(json.findings[0].fixes[0].edits[0].newText, 'applies_to');
    } finally {
      fs.rmSync(copied, { recursive: true, force: true });
    }
  });

  it('skips what .gitignore and .git/info/exclude ignore; --no-ignore walks everything', () => {
    const vendored = workspace({
      '.gitignore': 'target/\n',
      'AGENTS.md': 'Use cargo.\n',
      'target/debug/build/AGENTS.md': '---\nbroken: [\n---\n',
      '.venv/lib/site-packages/pkg/AGENTS.md': '---\nowner: x\n---\n',
      '.git/info/exclude': '.venv/\n',
    });
    try {
      const r = check([vendored]);
      assert.equal(r.code, 0, r.stdout);
      assert.equal(r.stdout, 'No problems in 1 instruction file.\n');
      const all = check([vendored, '--no-ignore', '--json']);
      assert.equal(all.code, 1);
      assert.deepEqual(JSON.parse(all.stdout).checked, [
        '.venv/lib/site-packages/pkg/AGENTS.md',
        'AGENTS.md',
        'target/debug/build/AGENTS.md',
      ]);
      assert.match(check(['--help']).stdout, /--no-ignore/);
    } finally {
      fs.rmSync(vendored, { recursive: true, force: true });
    }
  });

  it('budget-exceeded: a 20,000-character root AGENTS.md the nested files crowd out', () => {
    const files: Record<string, string> = { 'AGENTS.md': `# Build\n${'Run make test. '.repeat(1430)}\n`, 'README.md': '' };
    for (const p of ['api', 'web', 'cli']) {
      files[`packages/${p}/AGENTS.md`] = `# ${p}\n${'Keep handlers small. '.repeat(300)}\n`;
      for (let i = 0; i < 5; i++) files[`packages/${p}/src/f${i}.ts`] = '';
    }
    const mono = workspace(files);
    try {
      const r = check([mono, '--format', 'github']);
      assert.equal(r.code, 0, r.stderr);
      const lines = r.stdout.trimEnd().split('\n');
      assert.equal(lines.length, 1, r.stdout);
      assert.match(lines[0], /^::warning file=AGENTS\.md,line=1,col=1,endLine=1,endColumn=8,title=holaryn budget-exceeded::/);
      assert.match(lines[0], /(cut|left out) for 18 of the 20 files it is in effect for \(e\.g\. packages\/api\/AGENTS\.md\)/);
      assert.match(lines[0], /a budget of \d{2},\d{3} characters would include everything/);
    } finally {
      fs.rmSync(mono, { recursive: true, force: true });
    }
  });

  it('a relative root resolves against the working directory; paths stay root-relative', () => {
    const r = check(['.', '--json'], errors);
    assert.equal(JSON.parse(r.stdout).findings[0].file, 'AGENTS.md');
  });

  it('the demo workspace: exactly the planted mistakes, exit 1', () => {
    const r = check(['examples/demo-workspace']);
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.deepEqual(
      lines.slice(0, -1).map((l) => l.split('  ').slice(0, 3).join('  ')),
      [
        'docs/AGENTS.md:2:13  error  malformed-frontmatter',
        'docs/AGENTS.md:2:13  warning  unquoted-star-glob',
        'services/billing/app/api/CLAUDE.md:2:11  error  invalid-value',
        'src/AGENTS.md:5:1  warning  unknown-key',
      ],
    );
    assert.equal(lines.at(-1), '2 errors and 2 warnings in 11 instruction files.');
    assert.ok(fs.existsSync(demo));
  });
});
