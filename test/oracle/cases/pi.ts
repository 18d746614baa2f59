import type { OracleCase } from '../case';
const GIT = { '.git': { dir: true } } as const;
export const cases: OracleCase[] = [
  {
    name: 'probe',
    why: 'probe',
    tree: { ...GIT, 'AGENTS.md': 'Agents at the root.\n', 'CLAUDE.md': 'Claude at the root.\n', 'a/CLAUDE.md': 'claude a\n', '.pi/APPEND_SYSTEM.md': 'appended\n', '.agents/skills/foo/SKILL.md': '---\nname: foo\ndescription: Foo skill.\n---\nbody\n' },
    home: { '.pi/agent/AGENTS.md': 'global\n' },
    cwd: 'a',
    read: 'a/CLAUDE.md',
  },
];
