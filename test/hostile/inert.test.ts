/**
 * Inert everywhere (SECURITY.md, promise 1). Commands are planted in every field a repository controls
 * (required_validation, globs, mode, priority, unknown keys, YAML tags, the body, file and
 * directory names, targets, the operator-global file), then every front end's code path runs on
 * them in-process: the resolver, lint, the gate session and its protocol, the MCP/LM tool, the
 * CLI's text report and GitHub annotations, the VS Code tree model. A spy on child_process,
 * eval and the Function constructor records anything that would execute, and marker files show
 * whether a planted shell command ran. A static scan keeps the sources free of ways to execute
 * text and of trusted markdown or command links built from untrusted text.
 */
import { strict as assert } from 'node:assert';
import { createRequire } from 'node:module';
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { answerLine, GateSession, repositoryInstructions } from '../../src/gate';
import { lintWorkspace } from '../../src/lint';
import { resolveInstructions } from '../../src/resolver';
import { MemoryFs } from '../../src/resolver/memory-fs';
import { githubAnnotation } from '../../src/cli/check';
import { renderReport } from '../../src/cli/report';
import { colors } from '../../src/cli/io';
import { TreeNode, buildTree } from '../../src/vscode/model';
import { REPO_DIR } from '../helpers/tree';

const TOKEN = 'HOLARYN_PLANTED_PAYLOAD';

/** Shell and JS payloads that would leave a marker file if anything ran them. */
export function payloads(markerDir: string): string[] {
  const m = (name: string) => path.join(markerDir, name);
  return [
    `touch ${m('sh')} # ${TOKEN}`,
    `$(touch ${m('subst')}) ${TOKEN}`,
    `\`touch ${m('backtick')}\` ${TOKEN}`,
    `node -e "require('fs').writeFileSync('${m('node')}','${TOKEN}')"`,
    `require('fs').writeFileSync('${m('js')}', '${TOKEN}')`,
    `'; process.exit(99); //${TOKEN}`,
    `\${process.exit(98)} ${TOKEN}`,
    `{{constructor.constructor('return process')().exit(97)}} ${TOKEN}`,
  ];
}

/** A tree where every repository-controlled field holds a payload. */
export function plantedTree(markerDir: string): Record<string, string> {
  const p = payloads(markerDir);
  const list = (xs: string[]) => `[${xs.map((x) => JSON.stringify(x)).join(', ')}]`;
  const fm = (lines: string[], body: string) => `---\n${lines.join('\n')}\n---\n${body}\n`;
  return {
    'AGENTS.md': fm(
      [`required_validation: ${list(p)}`, `owner: ${JSON.stringify(p[0])}`, `"${TOKEN} $(touch ${path.join(markerDir, 'key')})": 1`],
      `Run this: ${p.join('\n')}\n[Click](command:workbench.action.terminal.new?${TOKEN}) <script>alert('${TOKEN}')</script> <img src=x onerror=alert(1)>`,
    ),
    'CLAUDE.md': fm([`applies_to: ${list(p.map((x) => `${x}/**`))}`, `excludes: ${JSON.stringify(p[1])}`], `exclusion body ${TOKEN}`),
    'src/.holaryn/instructions.md': fm([`mode: ${JSON.stringify(p[2])}`, `priority: ${JSON.stringify(p[3])}`], `src body ${TOKEN}`),
    'src/AGENTS.md': fm([`required_validation: !!js/function "function () { ${p[4]} }"`], `tagged ${TOKEN}`),
    'src/CLAUDE.md': fm([`required_validation: !!python/object/apply:os.system [${JSON.stringify(p[0])}]`], `python tag ${TOKEN}`),
    [`$(touch ${path.join(markerDir, 'dirname')})/AGENTS.md`]: fm([`required_validation: ${JSON.stringify(p[5])}`], `dir name ${TOKEN}`),
    [`$(touch ${path.join(markerDir, 'dirname')})/x.ts`]: '',
    'src/app.ts': '',
  };
}

interface Spy {
  calls: string[];
  restore(): void;
}

/** Records every child_process call, and every eval / Function call whose text holds the token. */
function spy(): Spy {
  const calls: string[] = [];
  // The CommonJS exports object every `require('child_process')` / bundled import shares.
  const cp = createRequire(path.join(REPO_DIR, 'package.json'))('node:child_process') as Record<string, unknown>;
  const names = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'];
  const originals = new Map(names.map((n) => [n, cp[n]]));
  for (const n of names) {
    cp[n] = (...args: unknown[]) => {
      calls.push(`child_process.${n} ${JSON.stringify(args).slice(0, 200)}`);
      throw new Error('blocked by the inert spy');
    };
  }
  const g = globalThis as unknown as { eval: (s: string) => unknown; Function: FunctionConstructor };
  const origEval = g.eval;
  const origFunction = g.Function;
  g.eval = (s: string) => {
    if (String(s).includes(TOKEN)) calls.push(`eval ${String(s).slice(0, 200)}`);
    return origEval(s);
  };
  g.Function = new Proxy(origFunction, {
    construct(target, args) {
      if (args.some((a) => String(a).includes(TOKEN))) calls.push(`new Function ${JSON.stringify(args).slice(0, 200)}`);
      return Reflect.construct(target, args);
    },
    apply(target, thisArg, args) {
      if (args.some((a) => String(a).includes(TOKEN))) calls.push(`Function ${JSON.stringify(args).slice(0, 200)}`);
      return Reflect.apply(target, thisArg, args);
    },
  });
  return {
    calls,
    restore() {
      for (const [n, f] of originals) cp[n] = f;
      g.eval = origEval;
      g.Function = origFunction;
    },
  };
}

function walkTree(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...walkTree(n.children ?? [])]);
}

describe('inert everywhere: planted commands never run', () => {
  let markerDir = '';
  let s: Spy;
  beforeEach(() => {
    markerDir = nodeFs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-inert-'));
    s = spy();
  });
  afterEach(() => {
    s.restore();
    const ran = nodeFs.readdirSync(markerDir);
    nodeFs.rmSync(markerDir, { recursive: true, force: true });
    assert.deepEqual(ran, [], `a planted command ran: markers ${ran.join(', ')}`);
  });

  function memTree(): MemoryFs {
    const fs = new MemoryFs({
      '/home/u/.holaryn/instructions.md': `---\nrequired_validation: ${JSON.stringify(payloads(markerDir)[0])}\n---\nglobal ${TOKEN}\n`,
    });
    for (const [rel, text] of Object.entries(plantedTree(markerDir))) fs.set(`/repo/${rel}`, text);
    return fs;
  }
  const options = (fs: MemoryFs) => ({
    fs,
    globalFile: { path: '/home/u/.holaryn/instructions.md', displayName: '~/.holaryn/instructions.md' },
  });
  const dirTarget = () => `$(touch ${path.join(markerDir, 'dirname')})/x.ts`;
  const targets = () => [
    'src/app.ts',
    dirTarget(),
    `$(touch ${path.join(markerDir, 'target')})`,
    `\`touch ${path.join(markerDir, 'target2')}\``,
  ];

  it('the spy itself sees a child process and an eval carrying the token (so its silence below means something)', () => {
    const cp = createRequire(path.join(REPO_DIR, 'package.json'))('node:child_process') as typeof import('node:child_process');
    assert.throws(() => cp.execSync('true'));
    (globalThis as unknown as { eval: (s: string) => unknown }).eval(`'${TOKEN}'`);
    assert.equal(s.calls.length, 2);
    s.calls.length = 0;
  });

  it('the resolver: commands are shown as data (validation), the tagged values are malformed, nothing runs', () => {
    const fs = memTree();
    const ev = resolveInstructions('/repo', targets(), options(fs));
    assert.ok(ev.validation.length >= payloads(markerDir).length, 'the commands are listed, verbatim');
    assert.ok(ev.validation.some((v) => v.command === payloads(markerDir)[1]));
    for (const src of ['src/AGENTS.md', 'src/CLAUDE.md']) {
      assert.ok(
        ev.diagnostics.some((d) => d.source === src && d.code === 'malformed-frontmatter'),
        `${src}: a YAML tag must make the block malformed`,
      );
    }
    assert.match(ev.context, /Holaryn never executes these commands/);
    assert.deepEqual(s.calls, []);
  });

  it('lint (holaryn check) with text and GitHub output', () => {
    const fs = memTree();
    const result = lintWorkspace('/repo', { fs, listFiles: () => Object.keys(plantedTree(markerDir)) });
    assert.ok(result.files.length >= 5);
    for (const f of result.findings) {
      const line = githubAnnotation(f);
      assert.equal(line.split('\n').length, 1, 'one workflow command per finding: no injected second command');
    }
    assert.deepEqual(s.calls, []);
  });

  it('the gate: preamble, reads, held writes and shell calls, protocol lines', () => {
    const fs = memTree();
    const session = new GateSession('/repo', options(fs));
    assert.match(session.preamble.guidance, new RegExp(TOKEN));
    for (const kind of ['read', 'write', 'shell', 'shell']) {
      const a = session.decide({ kind: kind as 'read', targets: targets() });
      assert.notEqual(a.decision, 'reject');
    }
    answerLine(session, JSON.stringify({ id: TOKEN, kind: 'shell', targets: [dirTarget()], command: payloads(markerDir)[0] }));
    answerLine(session, `{"id": "${TOKEN}", "kind": "$(touch ${path.join(markerDir, 'kind')})", "targets": ["x"]}`);
    assert.deepEqual(s.calls, []);
  });

  it('the MCP / language-model tool, and the CLI text report', () => {
    const fs = memTree();
    const out = repositoryInstructions('/repo', targets(), options(fs));
    assert.match(out.text, new RegExp(TOKEN));
    const report = renderReport(out.evidence, colors({ isTTY: true, env: {} }), true);
    // Control characters in untrusted text are shown escaped, never sent raw to a terminal.
    // eslint-disable-next-line no-control-regex -- the escape character is what this looks for
    assert.ok(!/\u001b\[(?![0-9;]*m)/.test(report), 'a raw escape sequence from a file reached the report');
    assert.deepEqual(s.calls, []);
  });

  it('the VS Code tree model: untrusted text only in plain labels, descriptions and tooltips; actions from a fixed set', () => {
    const fs = memTree();
    const nodes = walkTree(buildTree(resolveInstructions('/repo', targets(), options(fs))));
    assert.ok(
      nodes.some((n) => `${n.label}${n.description ?? ''}${n.tooltip ?? ''}`.includes(TOKEN)),
      'the planted text is shown (as text)',
    );
    for (const n of nodes) {
      for (const k of ['label', 'description', 'tooltip'] as const) assert.ok(n[k] === undefined || typeof n[k] === 'string');
      assert.ok(!('command' in n), 'a node carries a command');
      if (n.action) {
        assert.ok(['open-source', 'open-content', 'open-context', 'open-diagnostic', 'open-target'].includes(n.action.kind));
        assert.ok(!JSON.stringify(n.action).includes('command:'));
      }
    }
    assert.deepEqual(s.calls, []);
  });
});

describe('inert by construction: no way to execute text in the sources', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of nodeFs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) files.push(p);
    }
  };
  walk(path.join(REPO_DIR, 'src'));
  const source = (f: string) =>
    nodeFs
      .readFileSync(f, 'utf8')
      // comments are not code
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

  // [what, pattern]
  const forbidden: [string, RegExp][] = [
    ['child_process', /\bchild_process\b/],
    ['eval', /(^|[^\w.])eval\s*\(/],
    ['the Function constructor', /\bnew\s+Function\s*\(|(^|[^\w.])Function\s*\(/],
    ['node:vm', /['"](node:)?vm['"]/],
    ['a trusted MarkdownString', /isTrusted\s*[:=]\s*true|isTrusted\s*[:=]\s*\{/],
    ['HTML in a MarkdownString', /supportHtml\s*[:=]\s*true/],
    ['command links in webviews', /enableCommandUris|enableScripts\s*:\s*true/],
    ['a command: URI', /['"`]command:/],
  ];
  // The executable's launcher compiles one file with node:vm: the CLI bundle beside it, with the
  // build's code cache. Nothing else may, and it may compile nothing else (checked below).
  const LAUNCHER = path.join('src', 'cli', 'launch.ts');
  // The capture layer runs a coding agent, and only that, inside a loopback-only sandbox
  // (src/capture/sandbox.ts starts `unshare` and bubblewrap, src/capture/runner.ts the agent inside
  // it), src/capture/command.ts starts Holaryn's own CLI for that (the editor's Verify), and
  // src/capture/git.ts reads a repository's git configuration with `git config --list` (which
  // runs nothing) to refuse one that would. It never runs anything a source names; the resolver
  // never imports it (checked below).
  const CAPTURE = [
    path.join('src', 'capture', 'command.ts'),
    path.join('src', 'capture', 'git.ts'),
    path.join('src', 'capture', 'runner.ts'),
    path.join('src', 'capture', 'sandbox.ts'),
  ];
  const allowed: Record<string, string[]> = { 'node:vm': [LAUNCHER], child_process: CAPTURE };
  for (const [what, pattern] of forbidden) {
    it(`no ${what} anywhere in src/${allowed[what] ? ` but ${allowed[what].join(', ')}` : ''}`, () => {
      const hits = files.filter((f) => pattern.test(source(f))).map((f) => path.relative(REPO_DIR, f));
      assert.deepEqual(
        hits.filter((f) => !allowed[what]?.includes(f)),
        [],
      );
    });
  }

  it('the resolver never imports the capture layer (the only code that starts processes)', () => {
    const resolver = files.filter((f) => path.relative(REPO_DIR, f).startsWith(path.join('src', 'resolver') + path.sep));
    assert.ok(resolver.length > 0);
    assert.deepEqual(
      resolver.filter((f) => /from\s+['"][^'"]*\/capture(\/|['"])/.test(source(f))).map((f) => path.relative(REPO_DIR, f)),
      [],
    );
  });

  it(`${LAUNCHER} compiles only the bundle at a fixed path beside it, never text from elsewhere`, () => {
    const text = source(path.join(REPO_DIR, LAUNCHER));
    // one compilation, of the file read from `bundle`, which is a constant name joined to __dirname
    assert.equal(text.match(/\bvm\.\w+/g)?.join(' '), 'vm.Script', 'the launcher uses node:vm for more than one new vm.Script');
    assert.equal(text.match(/new vm\.Script\((.*?),/g)?.join(' '), 'new vm.Script(Module.wrap(source),');
    assert.match(text, /const source = fs\.readFileSync\(bundle, 'utf8'\);/);
    assert.match(text, /const bundle = path\.join\(__dirname, BUNDLE\);/);
    assert.match(text, /export const BUNDLE = '[\w.-]+';/);
    assert.doesNotMatch(text, /process\.argv|\bargv\b/, 'the launcher reads no argument');
  });

  it('every MarkdownString is built untrusted and without HTML', () => {
    for (const f of files) {
      const text = source(f);
      if (!/new\s+vscode\.MarkdownString\s*\(/.test(text)) continue;
      assert.match(text, /isTrusted\s*=\s*false/, `${path.relative(REPO_DIR, f)} builds a MarkdownString without isTrusted = false`);
      assert.match(text, /supportHtml\s*=\s*false/, `${path.relative(REPO_DIR, f)} builds a MarkdownString without supportHtml = false`);
    }
  });
});
