import type { OracleCase } from '../case';

export const cases: OracleCase[] = [
  {
    name: 'root-and-cwd',
    why: 'agents_md.rs: every AGENTS.md from the project root (.git) down to the cwd, root first',
    tree: { '.git': { dir: true }, 'AGENTS.md': 'Root rules.\n', 'sub/AGENTS.md': 'Sub rules.\n' },
    cwd: 'sub',
  },
];
