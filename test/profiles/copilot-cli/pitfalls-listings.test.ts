/**
 * `check --agents copilot-cli` on listings: a skill Copilot CLI drops and a name it lets another win
 * (oracle cases `pitfall-*` in test/oracle/cases/copilot-cli-listings.ts).
 */
import { strict as assert } from 'node:assert';
import { agentFindings } from '../../helpers/agent-findings';
import { FileSpec, TempDirs } from '../../helpers/cli';

describe('listing pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  const check = (agent: string, files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}) =>
    agentFindings(temp, agent, files, home);

  it('copilot-cli: a skill dropped for its description, a skill a .github one of the same name hides', () => {
    const found = check('copilot-cli', {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/objects': { dir: true },
      '.git/refs/heads': { dir: true },
      '.github/skills/big/SKILL.md': `---\nname: big\ndescription: ${'z'.repeat(1025)}\n---\n`,
      '.github/skills/same/SKILL.md': '---\nname: same\ndescription: GitHub.\n---\n',
      '.claude/skills/same/SKILL.md': '---\nname: same\ndescription: Claude.\n---\n',
    });
    assert.deepEqual(found, [
      ['.claude/skills/same/SKILL.md', 3, 'agent-copilot-cli-name-clash'],
      ['.github/skills/big/SKILL.md', 3, 'agent-copilot-cli-skill-dropped'],
    ]);
  });
});
