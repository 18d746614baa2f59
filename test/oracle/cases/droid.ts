import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
export const cases: OracleCase[] = [
  {
    name: 'p1-walk',
    why: 'probe',
    tree: {
      ...GIT,
      'AGENTS.md': 'root agents\n',
      '.agents/CLAUDE.md': 'root dot-agents claude\n',
      '.factory/AGENTS.md': 'root factory agents\n',
      '.agent/AGENTS.md': 'root dot-agent agents\n',
      'sub/AGENTS.md': 'sub agents\n',
      'sub/.factory/AGENTS.md': 'sub factory agents\n',
      'sub/DESIGN.md': 'sub design\n',
      'DESIGN.md': 'root design\n',
    },
    cwd: 'sub',
    home: {
      '.factory/AGENTS.md': 'home factory agents\n',
      '.agents/CLAUDE.md': 'home agents claude\n',
      'AGENTS.md': 'home plain\n',
      '.factory/DESIGN.md': 'home design\n',
    },
  },
  {
    name: 'p2-cases',
    why: 'probe',
    tree: {
      ...GIT,
      'Claude.md': 'mixed claude\n',
      'CLAUDE.md': 'upper claude\n',
      'agents.md': 'lower agents\n',
      'Agents.md': 'title agents\n',
      'real.md': 'real\n',
      '.factory/CLAUDE.md': { link: '../real.md' },
      'empty/x': '',
    },
  },
  {
    name: 'p3-touch',
    why: 'probe',
    tree: {
      ...GIT,
      'AGENTS.md': '  leading spaces kept\n\n\n',
      'src/AGENTS.md': '',
      'src/a/.factory/CLAUDE.md': 'a factory claude\n',
      'src/a/b/Claude.md': 'b mixed\n',
      'src/a/b/CLAUDE.md': 'b upper\n',
      'src/a/b/x.ts': 'x\n',
      'src/a/b/DESIGN.md': 'b design\n',
    },
    read: 'src/a/b/x.ts',
  },
  {
    name: 'p4-nogit',
    why: 'probe',
    tree: { 'AGENTS.md': 'root no git\n', 'sub/AGENTS.md': 'sub no git\n', 'sub/deep/AGENTS.md': 'deep\n', 'sub/deep/y.ts': 'y\n' },
    cwd: 'sub',
    read: 'sub/deep/y.ts',
  },
];
