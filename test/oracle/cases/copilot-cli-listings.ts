import type { OracleCase } from '../case';
const GIT = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.git/config': '[core]\n\trepositoryformatversion = 0\n',
  '.git/objects': { dir: true as const },
  '.git/refs/heads': { dir: true as const },
};
function skill(name: string, description: string, extra = ''): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\nBody of ${name}.\n`;
}
function agent(description: string, extra = ''): string {
  return `---\ndescription: ${description}\n${extra}---\n\nYou are an agent.\n`;
}
export const listingCases: OracleCase[] = [
  {
    name: 'explore-1',
    why: 'exploration',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root rules.\n',
      '.agents/skills/alpha/SKILL.md': skill('alpha', 'Alpha agents skill.'),
      '.claude/skills/beta/SKILL.md': skill('beta', 'Beta claude skill.'),
      '.github/skills/gamma/SKILL.md': skill('gamma', 'Gamma github skill.'),
      '.github/skills/alpha/SKILL.md': skill('alpha', 'Alpha github clash.'),
      '.codex/skills/delta/SKILL.md': skill('delta', 'Codex folder.'),
      '.github/skills/long/SKILL.md': skill('long', 'x'.repeat(3000)),
      '.github/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nx\n',
      '.github/skills/nofm/SKILL.md': 'plain\n',
      '.github/skills/group/nested/SKILL.md': skill('nested', 'Nested.'),
      '.github/agents/reviewer.md': agent('Reviews code.'),
      '.github/agents/planner.agent.md': agent('Plans.'),
      '.claude/agents/reviewer.md': agent('Claude reviewer.'),
      '.claude/agents/helper.md': '---\nname: helpme\ndescription: Claude helper.\n---\nHelp.\n',
      '.claude/commands/deploy.md': '---\ndescription: Deploy it.\n---\nDeploy.\n',
      '.claude/commands/nofm.md': 'Just a command body.\n',
      '.github/prompts/p.prompt.md': '---\ndescription: A prompt.\n---\nPrompt.\n',
      'sub/.github/skills/subsk/SKILL.md': skill('subsk', 'Sub skill.'),
    },
    home: {
      '.copilot/skills/homesk/SKILL.md': skill('homesk', 'Home copilot skill.'),
      '.claude/skills/homecl/SKILL.md': skill('homecl', 'Home claude skill.'),
      '.agents/skills/homeag/SKILL.md': skill('homeag', 'Home agents skill.'),
      '.copilot/agents/homer.md': agent('Home agent.'),
    },
  },
];
listingCases.push(
  {
    name: 'explore-2',
    why: 'exploration',
    tree: {
      ...GIT,
      '.github/skills/rootsk/SKILL.md': skill('rootsk', 'Root github skill.'),
      'sub/.github/skills/subsk/SKILL.md': skill('subsk', 'Sub github skill.'),
      'sub/.agents/skills/zeta/SKILL.md': skill('zeta', 'Zeta in agents.'),
      'sub/.github/skills/able/SKILL.md': skill('able', 'Able in github.'),
      'sub/.claude/skills/c1/SKILL.md': skill('c1', 'C1 claude.'),
      'sub/.agents/skills/c1/SKILL.md': skill('c1', 'C1 agents.'),
      'sub/.github/skills/d1024/SKILL.md': skill('d1024', 'y'.repeat(1024)),
      'sub/.github/skills/d1025/SKILL.md': skill('d1025', 'z'.repeat(1025)),
      'sub/.github/skills/bodydesc/SKILL.md': '---\nname: bodydesc\n---\n\n# Title line\n\nFirst para line.\nSecond.\n',
      'sub/.github/skills/fold/SKILL.md': skill('named', 'Name differs from folder.'),
      'sub/.github/skills/xml/SKILL.md': '---\nname: xml\ndescription: "<b> & \\"q\\" \'a\'"\n---\nx\n',
      'sub/.github/agents/x.agent.md': agent('X github.'),
      'sub/.claude/agents/x.md': agent('X claude.'),
      'sub/.github/agents/mute.md': '---\nname: mute\n---\nNo description.\n',
      'sub/.github/agents/nested/deep.md': agent('Deep agent.'),
      'sub/.claude/commands/group/cmd.md': '---\ndescription: Grouped command.\n---\nx\n',
      'sub/.claude/commands/able.md': '---\ndescription: Command named like a skill.\n---\nx\n',
      '.claude/commands/rootcmd.md': '---\ndescription: Root command.\n---\nx\n',
      '.github/agents/rootagent.md': agent('Root agent.'),
    },
    home: {
      '.copilot/skills/homesk/SKILL.md': skill('homesk', 'Home copilot skill.'),
      '.copilot/agents/homer.md': agent('Home agent.'),
      '.claude/agents/homecl.md': agent('Home claude agent.'),
      '.claude/commands/homecmd.md': '---\ndescription: Home command.\n---\nx\n',
    },
    cwd: 'sub',
  },
);
