/**
 * `check --agents codex` on listings: a description Codex cuts, a skill it drops (oracle cases
 * `pitfall-*` in test/oracle/cases/codex-listings.ts).
 */
import { strict as assert } from 'node:assert';
import { agentFindings } from '../../helpers/agent-findings';
import { FileSpec, TempDirs } from '../../helpers/cli';

describe('listing pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  const check = (agent: string, files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}) =>
    agentFindings(temp, agent, files, home);

  it('codex: a cut description on its description: line, a skill without one', () => {
    const found = check('codex', {
      '.git': { dir: true },
      '.agents/skills/long/SKILL.md': `---\nname: long\ndescription: ${'x'.repeat(1100)}\n---\n`,
      '.agents/skills/mute/SKILL.md': '---\nname: mute\n---\n',
    });
    assert.deepEqual(found, [
      ['.agents/skills/long/SKILL.md', 3, 'agent-codex-skill-cut'],
      ['.agents/skills/mute/SKILL.md', 1, 'agent-codex-skill-dropped'],
    ]);
  });
});
