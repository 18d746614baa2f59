import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const skill = (name: string, description: string, body = 'Body.\n') => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
const agent = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nYou are ${name}.\n`;

export const listingCases: OracleCase[] = [
  {
    name: 'x-explore',
    why: 'exploration',
    tree: {
      ...GIT,
      'QWEN.md': 'Use tabs.\n',
      '.qwen/skills/zeta/SKILL.md': skill('zeta', 'Zeta skill.'),
      '.qwen/skills/alpha/SKILL.md': skill('alpha', 'Alpha skill.'),
      '.agents/skills/beta/SKILL.md': skill('beta', 'Beta skill.'),
      '.qwen/agents/reviewer.md': agent('reviewer', 'Reviews code.'),
      '.qwen/commands/deploy.md': '---\ndescription: Deploy it.\n---\nDeploy now.\n',
      '.qwen/commands/git/push.toml': 'description = "Push it."\nprompt = "Push now."\n',
      '.qwen/commands/plain.md': 'No frontmatter here.\n',
      'src/a.txt': 'a\n',
    },
    home: {
      '.qwen/skills/homeskill/SKILL.md': skill('homeskill', 'Home skill.'),
      '.agents/skills/homeagentskill/SKILL.md': skill('homeagentskill', 'Home agents skill.'),
      '.qwen/agents/homeagent.md': agent('homeagent', 'Home agent.'),
      '.qwen/commands/homecmd.md': '---\ndescription: Home command.\n---\nDo it.\n',
    },
  },
];
