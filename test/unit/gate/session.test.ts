// The gate session (docs/contract.md §10), driven call by call on in-memory trees.
import { strict as assert } from 'node:assert';
import { GateAnswer, GateOptions, GateSession, answerLine } from '../../../src/gate';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { renderContext, resolveInstructions } from '../../../src/resolver';

/** A small repository: root rules, a `*.ts`-only root file, nested rules in src and src/db. */
function tree(): MemoryFs {
  return new MemoryFs({
    '/repo/AGENTS.md': '---\nrequired_validation: npm test\n---\nUse pnpm.\n',
    '/repo/CLAUDE.md': 'Prefer small PRs.\n',
    '/repo/.holaryn/instructions.md': '---\napplies_to: "**/*.ts"\n---\nStrict TypeScript.\n',
    '/repo/README.md': 'readme',
    '/repo/src/AGENTS.md': 'src: named exports only.\n',
    '/repo/src/a.ts': '',
    '/repo/src/db/CLAUDE.md': 'db: every query is parameterised.\n',
    '/repo/src/db/q.ts': '',
    '/repo/docs/guide.md': '',
    '/outside/secret.txt': 'x',
    '/repo/link-out': { symlink: '/outside' },
  });
}

function start(fs = tree(), options: GateOptions = {}): { fs: MemoryFs; session: GateSession } {
  return { fs, session: new GateSession('/repo', { fs, globalFile: null, ...options }) };
}

/** Source paths named by headings in a guidance text, in order. */
function headings(guidance: string): string[] {
  return [...guidance.matchAll(/^\[holaryn:source\] "([^"]*)"/gm)].map((m) => m[1]);
}

function expectAnswer(answer: GateAnswer, decision: GateAnswer['decision'], sources: string[]): void {
  assert.equal(answer.decision, decision, JSON.stringify(answer));
  assert.deepEqual(answer.sources, sources);
  assert.deepEqual(headings(answer.guidance), sources);
  if (sources.length === 0) assert.equal(answer.guidance, '');
}

describe('gate session', () => {
  describe('preamble', () => {
    it('shows exactly the sources that apply to the root target, as the section-8 context', () => {
      const { fs, session } = start();
      const ev = resolveInstructions('/repo', [''], { fs, globalFile: null });
      assert.equal(session.preamble.type, 'preamble');
      assert.equal(session.preamble.snapshot, ev.snapshot);
      // `.holaryn/instructions.md` has applies_to, which never matches the root itself.
      assert.deepEqual(session.preamble.sources, ['AGENTS.md', 'CLAUDE.md']);
      assert.equal(session.preamble.guidance, ev.context);
      assert.match(session.preamble.guidance, /\[holaryn:validation\].*never executes/);
      assert.match(session.preamble.guidance, /- "npm test" \(from "AGENTS.md"\)/);
      assert.equal(session.root, '/repo');
    });

    it('includes the operator-global file, and is empty when nothing applies at the root', () => {
      const fs = tree().set('/home/u/.holaryn/instructions.md', 'Global: be terse.\n');
      const globalFile = { path: '/home/u/.holaryn/instructions.md', displayName: '~/.holaryn/instructions.md' };
      const withGlobal = new GateSession('/repo', { fs, globalFile });
      assert.deepEqual(withGlobal.preamble.sources, ['~/.holaryn/instructions.md', 'AGENTS.md', 'CLAUDE.md']);
      const empty = new GateSession('/repo/docs', { fs, globalFile: null });
      assert.deepEqual(empty.preamble, { type: 'preamble', snapshot: empty.preamble.snapshot, sources: [], guidance: '' });
    });

    it('throws root-not-found for a root that is missing or not a directory', () => {
      assert.throws(() => new GateSession('/nope', { fs: tree(), globalFile: null }), { code: 'root-not-found' });
      assert.throws(() => new GateSession('/repo/README.md', { fs: tree(), globalFile: null }), { code: 'root-not-found' });
    });
  });

  describe('reads, listings and searches', () => {
    it('proceed with nothing new when every source in effect was shown', () => {
      const { session } = start();
      const answer = session.decide({ kind: 'read', targets: ['README.md'] }, 1);
      expectAnswer(answer, 'proceed', []);
      assert.equal(answer.id, 1);
      assert.match(answer.snapshot!, /^sha256:[0-9a-f]{64}$/);
    });

    it('proceed carrying newly applicable guidance once, then nothing', () => {
      const { session } = start();
      const first = session.decide({ kind: 'read', targets: ['src/a.ts'] });
      expectAnswer(first, 'proceed', ['.holaryn/instructions.md', 'src/AGENTS.md']);
      // Root sources shown by the preamble are not repeated.
      assert.doesNotMatch(first.guidance, /Use pnpm/);
      expectAnswer(session.decide({ kind: 'search', targets: ['src/a.ts'] }), 'proceed', []);
      // A listing of src: the *.ts rule does not apply to the directory, src/AGENTS.md was shown.
      expectAnswer(session.decide({ kind: 'list', targets: ['src'] }), 'proceed', []);
      expectAnswer(session.decide({ kind: 'read', targets: ['src/db/q.ts'] }), 'proceed', ['src/db/CLAUDE.md']);
    });

    it('never hold, even for a snapshot never seen', () => {
      const { session } = start();
      for (const kind of ['read', 'list', 'search'] as const) {
        const answer = session.decide({ kind, targets: ['src/db'] });
        assert.equal(answer.decision, 'proceed');
      }
    });

    it('show the guidance for several targets at once, naming which targets a source applies to', () => {
      const { session } = start();
      const answer = session.decide({ kind: 'read', targets: ['src/db/q.ts', 'docs/guide.md'] });
      expectAnswer(answer, 'proceed', ['.holaryn/instructions.md', 'src/AGENTS.md', 'src/db/CLAUDE.md']);
      assert.match(answer.guidance, /"src\/AGENTS.md" \(applies to "src\/db\/q.ts"\)/);
    });
  });

  describe('writes, edits and shell commands', () => {
    it('are held when they bring unshown guidance, and the identical retry proceeds once it was all shown', () => {
      const { session } = start();
      const held = session.decide({ kind: 'edit', targets: ['src/db/q.ts'] }, 'e1');
      expectAnswer(held, 'hold', ['.holaryn/instructions.md', 'src/AGENTS.md', 'src/db/CLAUDE.md']);
      assert.equal(held.id, 'e1');
      const retry = session.decide({ kind: 'edit', targets: ['src/db/q.ts'] }, 'e2');
      expectAnswer(retry, 'proceed', []);
      assert.equal(retry.snapshot, held.snapshot);
    });

    it('proceed at once when everything in effect was already shown (by the preamble or a read)', () => {
      const { session } = start();
      expectAnswer(session.decide({ kind: 'write', targets: ['NOTES.md'] }), 'proceed', []);
      session.decide({ kind: 'read', targets: ['src/a.ts'] });
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/a.ts'] }), 'proceed', []);
      expectAnswer(session.decide({ kind: 'write', targets: ['src/new-file.ts'] }), 'proceed', []);
    });

    it('hold a shell command on a directory the same way', () => {
      const { session } = start();
      expectAnswer(session.decide({ kind: 'shell', targets: ['src/db'] }), 'hold', ['src/AGENTS.md', 'src/db/CLAUDE.md']);
      expectAnswer(session.decide({ kind: 'shell', targets: ['src/db'] }), 'proceed', []);
      expectAnswer(session.decide({ kind: 'shell', targets: ['.'] }), 'proceed', []);
    });

    it('are held again after an instruction file is edited (new hash), once', () => {
      const { fs, session } = start();
      session.decide({ kind: 'read', targets: ['src/a.ts'] });
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/a.ts'] }), 'proceed', []);
      fs.set('/repo/src/AGENTS.md', 'src: named exports only. No default exports either.\n');
      const held = session.decide({ kind: 'edit', targets: ['src/a.ts'] });
      expectAnswer(held, 'hold', ['src/AGENTS.md']);
      assert.match(held.guidance, /No default exports either/);
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/a.ts'] }), 'proceed', []);
      // The edit reaches reads elsewhere as already shown.
      expectAnswer(session.decide({ kind: 'read', targets: ['src/db/q.ts'] }), 'proceed', ['src/db/CLAUDE.md']);
    });

    it('see a nested instruction file that appears mid-session', () => {
      const { fs, session } = start();
      session.decide({ kind: 'read', targets: ['docs/guide.md'] });
      fs.set('/repo/docs/AGENTS.md', 'docs: one sentence per line.\n');
      expectAnswer(session.decide({ kind: 'edit', targets: ['docs/guide.md'] }), 'hold', ['docs/AGENTS.md']);
      expectAnswer(session.decide({ kind: 'edit', targets: ['docs/guide.md'] }), 'proceed', []);
      fs.set('/repo/docs/CLAUDE.md', 'docs: no emoji.\n');
      expectAnswer(session.decide({ kind: 'read', targets: ['docs/guide.md'] }), 'proceed', ['docs/CLAUDE.md']);
    });

    it('are not held for guidance a read showed, but are for a target set never answered (new snapshot)', () => {
      const { session } = start();
      expectAnswer(session.decide({ kind: 'read', targets: ['src/db/q.ts'] }), 'proceed', [
        '.holaryn/instructions.md',
        'src/AGENTS.md',
        'src/db/CLAUDE.md',
      ]);
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/db/q.ts', 'src/a.ts'] }), 'proceed', []);
    });
  });

  describe('the budget', () => {
    // Three unshown sources for src/db/q.ts; a budget that fits the deepest whole, then too
    // little room (under 200 code points) to keep the head of the next, so none is ever cut.
    const big = (name: string) => `${name}: ${'x'.repeat(900)}\n`;
    function budgetTree(): MemoryFs {
      return tree().set('/repo/src/AGENTS.md', big('src')).set('/repo/src/db/CLAUDE.md', big('db'));
    }
    const budget = 1600;

    it('leaves out what does not fit unshown, and holds the retry again until it was shown (v1.1)', () => {
      const fs = budgetTree();
      const session = new GateSession('/repo', { fs, globalFile: null, budget });
      const held = session.decide({ kind: 'edit', targets: ['src/db/q.ts'] });
      // Highest precedence first: the deepest file fits, the next does not and is omitted whole.
      expectAnswer(held, 'hold', ['.holaryn/instructions.md', 'src/db/CLAUDE.md']);
      assert.match(held.guidance, /\[holaryn:budget\][^]*"src\/AGENTS.md": omitted/);
      assert.ok([...held.guidance].length <= budget);
      // The retry brings what was left out: held again, not let through with it.
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/db/q.ts'] }), 'hold', ['src/AGENTS.md']);
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/db/q.ts'] }), 'proceed', []);
    });

    it("a budget that splits a write's guidance over several answers holds twice, then proceeds", () => {
      const fs = budgetTree();
      const session = new GateSession('/repo', { fs, globalFile: null, budget });
      // The .ts-only root file was shown by a read elsewhere; two large files remain for q.ts.
      expectAnswer(session.decide({ kind: 'read', targets: ['src/a2.ts'] }), 'proceed', ['.holaryn/instructions.md', 'src/AGENTS.md']);
      fs.set('/repo/src/AGENTS.md', big('src, edited'));
      const call = { kind: 'write', targets: ['src/db/new.ts'] } as const;
      const answers = [session.decide(call, 1), session.decide(call, 2), session.decide(call, 3)];
      assert.deepEqual(
        answers.map((a) => [a.decision, a.sources]),
        [
          ['hold', ['src/db/CLAUDE.md']],
          ['hold', ['src/AGENTS.md']],
          ['proceed', []],
        ],
      );
      assert.match(answers[1].guidance, /src, edited/);
      for (const a of answers) assert.ok([...a.guidance].length <= budget);
      // Every source in effect for the call has now been shown at its current hash.
      const ev = resolveInstructions('/repo', ['src/db/new.ts'], { fs, globalFile: null });
      for (const s of ev.sources.filter((s) => s.appliesTo.length > 0)) assert.ok(session.hasShown(s.path, s.sha256), s.path);
      // Further calls on the same targets proceed at once; so does a shell call on the folder.
      expectAnswer(session.decide(call, 4), 'proceed', []);
      expectAnswer(session.decide({ kind: 'shell', targets: ['src/db'] }), 'proceed', []);
    });

    it('a hold always shows at least one more source, so retries end, at any budget', () => {
      for (let b = 0; b <= 2600; b += 100) {
        const session = new GateSession('/repo', { fs: budgetTree(), globalFile: null, budget: b });
        let answer = session.decide({ kind: 'edit', targets: ['src/db/q.ts'] });
        let holds = 0;
        while (answer.decision === 'hold') {
          assert.ok(answer.sources.length > 0, `budget ${b}: a hold that shows nothing`);
          assert.ok(++holds <= 5, `budget ${b}: still held after ${holds} answers`);
          answer = session.decide({ kind: 'edit', targets: ['src/db/q.ts'] });
        }
        assert.equal(answer.decision, 'proceed');
      }
    });

    it('holds a consequential call for what a read left out', () => {
      const fs = budgetTree();
      const session = new GateSession('/repo', { fs, globalFile: null, budget });
      expectAnswer(session.decide({ kind: 'read', targets: ['src/db/q.ts'] }), 'proceed', ['.holaryn/instructions.md', 'src/db/CLAUDE.md']);
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/db/q.ts'] }), 'hold', ['src/AGENTS.md']);
    });

    it('guidance is renderContext over only the unshown sources in effect', () => {
      const fs = budgetTree();
      const session = new GateSession('/repo', { fs, globalFile: null, budget });
      const answer = session.decide({ kind: 'read', targets: ['src/db/q.ts'] });
      const ev = resolveInstructions('/repo', ['src/db/q.ts'], { fs, globalFile: null, budget });
      const unshown = ev.sources.filter((s) => s.appliesTo.length > 0 && !['AGENTS.md', 'CLAUDE.md'].includes(s.path));
      const expected = renderContext(
        unshown.map((s) => ({ path: s.path, content: s.content, appliesTo: null, commands: s.metadata?.required_validation ?? [] })),
        budget,
      );
      assert.equal(answer.guidance, expected.text);
      assert.equal(answer.snapshot, ev.snapshot);
    });

    it('with budget 0 shows nothing and never holds', () => {
      const { session } = start(tree(), { budget: 0 });
      assert.deepEqual([session.preamble.guidance, session.preamble.sources], ['', []]);
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/db/q.ts'] }), 'proceed', []);
    });
  });

  describe('rejections', () => {
    it('refuses targets outside the root with target-outside-root, and changes nothing', () => {
      const { session } = start();
      for (const targets of [['../outside/secret.txt'], ['/outside/secret.txt'], ['link-out/secret.txt'], ['src/a.ts', '../x']]) {
        const answer = session.decide({ kind: 'edit', targets }, 7);
        assert.deepEqual(
          { ...answer, error: { code: answer.error?.code } },
          {
            id: 7,
            decision: 'reject',
            guidance: '',
            sources: [],
            snapshot: null,
            error: { code: 'target-outside-root' },
          },
        );
        assert.match(answer.error!.message, /outside the workspace root/);
      }
      // Nothing was marked shown by the rejected mixed call.
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/a.ts'] }), 'hold', ['.holaryn/instructions.md', 'src/AGENTS.md']);
    });

    it('rejects no targets, a bad kind or bad targets with usage, echoing the id', () => {
      const { session } = start();
      const cases: [unknown, unknown, RegExp][] = [
        ['read', [], /at least one target/],
        ['read', undefined, /a call needs "targets": a list of target paths/],
        ['read', 'src/a.ts', /"targets" must be a list of paths, not string/],
        ['read', null, /"targets" must be a list of paths, not null/],
        ['read', ['src/a.ts', 3], /must be a string/],
        ['delete', ['src/a.ts'], /unknown kind "delete"/],
        [undefined, ['src/a.ts'], /a call needs a kind: one of read, /],
        [null, ['src/a.ts'], /unknown kind null/],
        ['read', ['a\0b'], /not a valid path/],
      ];
      for (const [kind, targets, message] of cases) {
        const answer = session.decide({ kind, targets }, { n: 1 });
        assert.equal(answer.decision, 'reject');
        assert.deepEqual(answer.id, { n: 1 });
        assert.equal(answer.error?.code, 'usage');
        assert.match(answer.error!.message, message);
        assert.equal(answer.snapshot, null);
      }
    });
  });

  describe('protocol lines (answerLine)', () => {
    const { session } = start();
    it('ignores blank lines', () => {
      for (const line of ['', '   ', '\t', '\r']) assert.equal(answerLine(session, line), undefined);
    });

    it('rejects a non-JSON line or a JSON value that is not an object with id null', () => {
      for (const line of ['nope', '{"id":1,', '[1,2]', '42', 'null', '"read"']) {
        const answer = answerLine(session, line)!;
        assert.deepEqual([answer.id, answer.decision, answer.error?.code], [null, 'reject', 'usage'], line);
      }
      assert.ok(answerLine(session, `{${'x'.repeat(100000)}`)!.error!.message.length < 300);
    });

    it('echoes any JSON id, and null when there is none', () => {
      assert.equal(answerLine(session, '{"kind":"read","targets":["README.md"]}')!.id, null);
      assert.deepEqual(answerLine(session, '{"id":[1,"a"],"kind":"read","targets":["README.md"]}')!.id, [1, 'a']);
      assert.equal(answerLine(session, '{"id":"q","kind":"zap","targets":["README.md"]}')!.id, 'q');
    });

    it('decides a well-formed line as decide() does, ignoring unknown fields', () => {
      const answer = answerLine(session, '{"id":9,"kind":"edit","targets":["src/db/q.ts"],"tool":"apply_patch"}')!;
      expectAnswer(answer, 'hold', ['.holaryn/instructions.md', 'src/AGENTS.md', 'src/db/CLAUDE.md']);
    });
  });

  describe('a failure inside one answer ends only that answer', () => {
    /** Under narya, a trust lookup that throws as a depth bomb in a settings parser would. */
    function breaking(): { session: () => GateSession; fix: () => void } {
      const fs = new MemoryFs({ '/repo/.git/HEAD': 'ref\n', '/repo/AGENTS.md': 'Root rules.\n', '/repo/src/a.ts': '' });
      let broken = true;
      const trustStore = () => {
        if (broken) throw new RangeError('Maximum call stack size exceeded');
        return { decision: 'trusted' as const };
      };
      return {
        session: () => new GateSession('/repo', { fs, globalFile: null, profile: 'narya', trustStore }),
        fix: () => (broken = false),
      };
    }

    it('resolving the root fails: the preamble says so (internal), shows nothing, and the session serves on', () => {
      const { session: open, fix } = breaking();
      const session = open();
      assert.equal(session.root, '/repo');
      assert.deepEqual(session.preamble, {
        type: 'preamble',
        snapshot: null,
        sources: [],
        guidance: '',
        error: { code: 'internal', message: 'internal error: Maximum call stack size exceeded' },
      });
      const failed = session.decide({ kind: 'edit', targets: ['src/a.ts'] }, 1);
      assert.equal(failed.decision, 'reject');
      assert.equal(failed.error?.code, 'internal');
      // Nothing was shown: once the resolution works, the root's guidance comes with the first call.
      fix();
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/a.ts'] }, 2), 'hold', ['AGENTS.md']);
      expectAnswer(session.decide({ kind: 'edit', targets: ['src/a.ts'] }, 3), 'proceed', []);
    });

    it('a bad root is still an error at start', () => {
      assert.throws(() => new GateSession('/nope', { fs: new MemoryFs({ '/repo/a': '' }), globalFile: null }), /root/);
    });

    it('a kind of any shape or length is quoted by its type or cut, never written out whole', () => {
      const { session } = start();
      let deep: unknown = [];
      for (let i = 0; i < 200_000; i++) deep = [deep];
      for (const [kind, said] of [
        [deep, 'unknown kind a list;'],
        [{ a: 1 }, 'unknown kind a value of type object;'],
        ['x'.repeat(10_000), `unknown kind "${'x'.repeat(100)}"…;`],
        [7, 'unknown kind 7;'],
      ] as const) {
        const answer = session.decide({ kind, targets: ['a'] }, 1);
        assert.equal(answer.error?.code, 'usage');
        assert.ok(answer.error!.message.startsWith(said), answer.error!.message);
      }
    });
  });
});
