import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;

export const cases: OracleCase[] = [
  {
    name: 'probe',
    why: 'probe',
    tree: {
      ...GIT,
      'QWEN.md': 'Root qwen.\n',
      'AGENTS.md': 'Root agents.\n',
      'sub/QWEN.md': 'Sub qwen.\n',
      'sub/deep/f.ts': 'x\n',
      '.qwen/rules/a.md': 'Rule a.\n',
      '.qwen/rules/ts.md': '---\npaths: ["**/*.ts"]\n---\nTS rule.\n',
      '.qwen/QWEN.local.md': 'Local.\n',
    },
    home: { '.qwen/QWEN.md': 'Global qwen.\n' },
    cwd: 'sub',
    read: 'sub/deep/f.ts',
  },
];
