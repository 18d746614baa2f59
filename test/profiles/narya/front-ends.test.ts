/**
 * docs/profiles.md §4: when Narya keeps a repository's files out, every front end says so and
 * names the command that records a decision — the evidence, the text report, the gate's preamble
 * and the tool answer (MCP and the editor's language-model tool).
 */
import { strict as assert } from 'node:assert';
import { renderReport } from '../../../src/cli/report';
import { GateSession } from '../../../src/gate/session';
import { repositoryInstructions } from '../../../src/gate/tool';
import type { ResolveOptions } from '../../../src/resolver';
import { memfs, resolve } from '../../helpers/tree';

const COMMAND = 'holaryn trust /repo --set trusted';
const PLAIN = { bold: String, dim: String, red: String, yellow: String, green: String, cyan: String };
const TREE = { '.git': { dir: true }, 'AGENTS.md': 'secret house rules\n', 'x.ts': '' } as const;

function options(decision: 'unknown' | 'refused' | 'trusted'): ResolveOptions {
  return { profile: 'narya', trustStore: () => ({ decision }), globalFile: null, fs: memfs({ ...TREE }) };
}

describe('narya: every front end says the repository is not trusted', () => {
  it('the text report shows the notice', () => {
    const { ev } = resolve({ ...TREE }, ['x.ts'], options('unknown'));
    const text = renderReport(ev, PLAIN, true);
    assert.ok(text.includes(COMMAND), text);
    assert.ok(!text.includes('secret house rules'));
  });

  it("the gate's preamble carries the notice and no guidance", () => {
    const session = new GateSession('/repo', options('refused'));
    assert.equal(session.preamble.guidance, '');
    assert.ok(session.preamble.notice?.includes(COMMAND), JSON.stringify(session.preamble));
  });

  it('the tool answer (MCP, language-model tool) is the notice', () => {
    const { text, evidence } = repositoryInstructions('/repo', ['x.ts'], options('unknown'));
    assert.equal(evidence.context, '');
    assert.ok(text.includes(COMMAND), text);
  });

  it('once trusted, no notice anywhere and the files are shown', () => {
    const session = new GateSession('/repo', options('trusted'));
    assert.equal(session.preamble.notice, undefined);
    assert.ok(session.preamble.guidance.includes('secret house rules'));
    const { text } = repositoryInstructions('/repo', ['x.ts'], options('trusted'));
    assert.ok(text.includes('secret house rules'));
  });
});
