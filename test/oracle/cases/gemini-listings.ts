import { createHash } from 'node:crypto';
import type { OracleCase } from '../case';

const TRUST = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
const GIT = { '.git': { dir: true } } as const;
const sha = (t: string) => createHash('sha256').update(t).digest('hex');
const skill = (name: string, description: string, body = 'Body.\n') => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
const agent = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nYou are ${name}.\n`;

const A1 = agent('reviewer', 'Reviews code.');
export const listingCases: OracleCase[] = [
  {
    name: 'x-explore',
    why: 'exploration',
    tree: {
      ...GIT,
      'GEMINI.md': 'Use tabs.\n',
      '.gemini/skills/zeta/SKILL.md': skill('zeta', 'Zeta skill.'),
      '.gemini/skills/mid/SKILL.md': skill('mid', 'Mid skill.'),
      '.gemini/skills/beta2/SKILL.md': skill('beta2', 'Beta2 skill.'),
      '.gemini/skills/omega/SKILL.md': skill('omega', 'Omega skill.'),
      '.gemini/skills/alpha/SKILL.md': skill('alpha', 'Alpha skill.'),
      '.gemini/skills/SKILL.md': skill('top', 'Top skill.'),
      '.agents/skills/beta/SKILL.md': skill('beta', 'Beta skill.'),
      '.gemini/agents/reviewer.md': A1,
      '.gemini/agents/other.md': agent('other', 'Not acknowledged.'),
      'src/a.txt': 'a\n',
    },
    home: {
      '.gemini/skills/homeskill/SKILL.md': skill('homeskill', 'Home skill.'),
      '.agents/skills/homeagentskill/SKILL.md': skill('homeagentskill', 'Home agents skill.'),
      '.gemini/agents/homeagent.md': agent('homeagent', 'Home agent.'),
      '.gemini/acknowledgments/agents.json': JSON.stringify({ '{{root}}': { reviewer: sha(A1) } }),
    },
    env: TRUST,
  },
];
