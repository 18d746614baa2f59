/** The tree of the worked example in docs/examples.md (root-relative keys). */
import type { Tree } from './tree';

export const EXAMPLE_TREE: Tree = {
  'AGENTS.md': '---\npriority: 10\n---\nUse pnpm, never npm.\n',
  'CLAUDE.md': 'Prefer small PRs.\n',
  'src/.holaryn/instructions.md':
    '---\napplies_to: ["*.ts"]\nexcludes: "generated/*"\nrequired_validation:\n  - pnpm test\nowner: web\n---\nUse full type hints.\n',
  'src/CLAUDE.md': '---\nmode: replace\n---\nsrc rules replace the .holaryn ones here.\n',
  'src/app.ts': '',
  'src/generated/api.ts': '',
};
