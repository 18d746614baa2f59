import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
function skill(name: string, description: string, body = 'Skill body.\n'): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
}

export const cases: OracleCase[] = [
  {
    name: 'explore',
    why: 'explore',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root rules.\n',
      '.clinerules/skills/zeta/SKILL.md': skill('zeta', 'Z.'),
      '.clinerules/skills/alpha/SKILL.md': skill('alpha', 'A.'),
      '.cline/skills/beta/SKILL.md': skill('beta', 'B.'),
      '.agents/skills/gamma/SKILL.md': skill('gamma', 'G.'),
      '.agents/skills/Upper/SKILL.md': skill('Upper', 'U.'),
      '.agents/skills/nofm/SKILL.md': 'No header.\n',
      '.agents/skills/noname/SKILL.md': '---\ndescription: x\n---\nBody.\n',
      '.agents/skills/empty/SKILL.md': '---\nname: empty\n---\n',
      '.agents/skills/off/SKILL.md': '---\nname: off\ndisabled: true\n---\nBody.\n',
      '.agents/skills/alpha/SKILL.md': skill('Alpha', 'Clash with clinerules alpha.'),
      '.claude/skills/claude-one/SKILL.md': skill('claude-one', 'Not read by cline?'),
      '.cursor/skills/cursor-one/SKILL.md': skill('cursor-one', 'Not read?'),
      '.clinerules/workflows/release.md': 'Release workflow.\n',
    },
    home: { '.cline/skills/home-one/SKILL.md': skill('home-one', 'H.'), '.agents/skills/home-two/SKILL.md': skill('home-two', 'H2.') },
  },
];
