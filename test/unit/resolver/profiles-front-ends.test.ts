/**
 * What every front end must get right for any profile (docs/profiles.md §1): a profile without a
 * budget is a profile whose whole text reaches the model — in the evidence, the gate and the MCP
 * answer — and a profile that reads no settings refuses one rather than ignoring it.
 */
import { strict as assert } from 'node:assert';
import { EVIDENCE_OUTPUT_SCHEMA } from '../../../src/cli/mcp';
import { GateSession } from '../../../src/gate';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { ResolveError, resolveInstructions } from '../../../src/resolver';

const W = '/w';
const tree = () =>
  new MemoryFs({
    [W]: { dir: true },
    '/home/u': { dir: true },
    [`${W}/AGENTS.md`]: `${'Use pnpm. '.repeat(50)}\n`,
    [`${W}/src/a.ts`]: 'export {};\n',
  });
const options = (profile: string) => ({ profile, fs: tree(), env: {}, homedir: '/home/u', globalFile: null });

describe('profiles at the front ends', () => {
  it('a profile without a budget: truncation.needed is the whole text, nothing is left out', () => {
    const ev = resolveInstructions(W, ['src/a.ts'], options('holon'));
    assert.equal(ev.truncation.budget, null);
    assert.ok(ev.context.length > 0);
    assert.equal(ev.truncation.needed, ev.truncation.size);
    assert.equal(ev.truncation.truncated, false);
  });

  it('the gate shows a budget-less profile all of its guidance, however long', () => {
    const fs = tree();
    fs.set(`${W}/AGENTS.md`, `${'Use pnpm. '.repeat(4000)}END\n`);
    const session = new GateSession(W, { ...options('holon'), fs });
    assert.match(session.preamble.guidance, /END/);
    assert.deepEqual(session.preamble.sources, ['AGENTS.md']);
  });

  it("the MCP output schema accepts a budget-less profile's evidence (truncation.budget null)", () => {
    const ev = resolveInstructions(W, ['src/a.ts'], options('holon'));
    const parsed = EVIDENCE_OUTPUT_SCHEMA.safeParse({ ...ev, sources: ev.sources.map((s) => ({ ...s, content: '' })) });
    assert.ok(parsed.success, parsed.success ? '' : parsed.error.message);
  });

  it('a profile that reads no settings refuses --set with a usage error; an agent profile lists its own', () => {
    assert.throws(
      () => resolveInstructions(W, ['src/a.ts'], { ...options('holaryn'), settings: { foo: '1' } }),
      (err: unknown) => err instanceof ResolveError && err.code === 'usage' && /takes no settings/.test(err.message),
    );
    assert.throws(
      () => resolveInstructions(W, [], { ...options('codex'), settings: { foo: '1' } }),
      (err: unknown) => err instanceof ResolveError && err.code === 'usage' && /project_doc_max_bytes/.test(err.message),
    );
  });
});
