/**
 * scripts/outputs.mjs (CONTRIBUTING.md, "Behaviour unchanged"): the same build gives the same
 * files twice, so an empty `diff -r` means something; a change of an answer shows; the machine's
 * own HOME never reaches the answers; every mistake on its command line is one line and exit 2.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, TempDirs, build, writeTree } from '../helpers/cli';
import { REPO_DIR } from '../helpers/tree';

const SCRIPT = path.join(REPO_DIR, 'scripts', 'outputs.mjs');

function outputs(...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file below `dir` with its bytes, by relative path. */
function contents(dir: string): Map<string, string> {
  return new Map(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

describe('outputs (scripts/outputs.mjs)', function () {
  this.timeout(120_000);
  const temp = new TempDirs();
  let root: string;
  before(() => {
    build();
    root = temp.make('holaryn-outputs-root-');
    writeTree(root, {
      'AGENTS.md': '# Rules\n\nBe brief.\n',
      'src/app/main.ts': 'export {};\n',
      'src/AGENTS.md': '---\napplies_to: "**/*.ts"\n---\nTyped.\n',
      'docs/PROJECT_RULES.md': 'Docs rule.\n',
    });
  });
  after(() => temp.cleanup());

  it('writes the same files twice for one build, each answer with its status', () => {
    const a = path.join(temp.make('holaryn-outputs-'), 'a');
    const b = path.join(temp.make('holaryn-outputs-'), 'b');
    for (const out of [a, b]) {
      const r = outputs('--cli', CLI, '--out', out, '--root', root, '--profiles', 'holaryn,codex');
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /^outputs: 12 answers of 2 profiles on 4 files of /);
    }
    const first = contents(a);
    assert.deepEqual(first, contents(b));
    assert.deepEqual([...first.keys()].filter((f) => !f.endsWith('.status')).sort(), [
      'check.agents.json',
      'codex.AGENTS.md.context.json',
      'codex.all.json',
      'codex.docs_PROJECT_RULES.md.context.json',
      'codex.src_app_main.ts.context.json',
      'compare.all.json',
      'compare.one.json',
      'holaryn.AGENTS.md.context.json',
      'holaryn.all.json',
      'holaryn.docs_PROJECT_RULES.md.context.json',
      'holaryn.src_app_main.ts.context.json',
      'profiles.json',
    ]);
    assert.equal(first.get('holaryn.all.json.status'), 'exit 0\n');
    const all = JSON.parse(first.get('holaryn.all.json')!) as { targets: { path: string }[] };
    assert.deepEqual(
      all.targets.map((t) => t.path),
      ['AGENTS.md', 'docs/PROJECT_RULES.md', 'src/AGENTS.md', 'src/app/main.ts'],
    );
    const compared = JSON.parse(first.get('compare.one.json')!) as { profiles: Record<string, unknown> };
    assert.deepEqual(Object.keys(compared.profiles), ['holaryn', 'codex']);
  });

  it('shows a changed answer, and never reads the caller’s HOME', () => {
    const before = path.join(temp.make('holaryn-outputs-'), 'before');
    const after = path.join(temp.make('holaryn-outputs-'), 'after');
    assert.equal(outputs('--cli', CLI, '--out', before, '--root', root, '--profiles', 'codex').status, 0);
    fs.writeFileSync(path.join(root, 'AGENTS.md'), '# Rules\n\nBe briefer.\n');
    try {
      assert.equal(outputs('--cli', CLI, '--out', after, '--root', root, '--profiles', 'codex').status, 0);
    } finally {
      fs.writeFileSync(path.join(root, 'AGENTS.md'), '# Rules\n\nBe brief.\n');
    }
    const [x, y] = [contents(before), contents(after)];
    assert.notEqual(x.get('codex.all.json'), y.get('codex.all.json'));
    assert.match(y.get('codex.AGENTS.md.context.json')!, /Be briefer\./);
    for (const text of x.values()) assert.ok(!text.includes(process.env.HOME ?? '/root'), 'the caller’s HOME leaked');
  });

  const refusals: [string, () => string[], RegExp][] = [
    ['no --cli', () => ['--out', '/nonexistent/x'], /^outputs: --cli FILE is required/],
    ['no --out', () => ['--cli', CLI], /^outputs: --out DIR is required/],
    [
      'a missing CLI',
      () => ['--cli', '/nonexistent/cli.js', '--out', path.join(root, 'o')],
      /^outputs: --cli \/nonexistent\/cli\.js: no such file/,
    ],
    [
      'a CLI that is not Holaryn',
      () => ['--cli', path.join(root, 'AGENTS.md'), '--out', path.join(root, 'o')],
      /gave no profile list \(exit 1\); is it this repository's dist\/cli\.js\?/,
    ],
    ['a root that is not a folder', () => ['--cli', CLI, '--out', '/tmp/x', '--root', path.join(root, 'AGENTS.md')], /: not a directory/],
    ['an output folder in use', () => ['--cli', CLI, '--out', root, '--root', root], /: not empty \(give a new folder\)/],
    [
      'an unknown profile',
      () => ['--cli', CLI, '--out', path.join(temp.make('holaryn-outputs-'), 'o'), '--root', root, '--profiles', 'nope'],
      /--profiles: nope is not a profile of this build/,
    ],
    ['an unknown option', () => ['--bogus'], /^outputs: Unknown option '--bogus'/],
  ];
  for (const [what, args, message] of refusals) {
    it(`refuses ${what} in one line, exit 2`, () => {
      const r = outputs(...args());
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'a stack trace');
    });
  }
});
