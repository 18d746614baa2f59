/**
 * Continue CLI 1.5.47 oracle cases (src/resolver/profiles/continue/README.md). Each `why` names the
 * rule it checks and where it comes from in the CLI's source (systemMessage.ts, the config-yaml
 * package's markdownToRule.ts, loadMarkdownSkills.ts) or a run.
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;

export const cases: OracleCase[] = [
  {
    name: 'agents-md',
    why: 'systemMessage.ts: AGENTS.md of the working directory, whole, in <context name="userRules">',
    tree: { ...GIT, 'AGENTS.md': 'Agents at the root.\n' },
  },
  {
    name: 'rules-folder',
    why: 'systemMessage.ts loadMarkdownRulesWithMetadata: .continue/rules/*.md after the agent file',
    tree: {
      ...GIT,
      'AGENTS.md': 'Agents.\n',
      '.continue/rules/a.md': 'Rule a.\n',
      '.continue/rules/b.md': '---\nname: B\n---\n\nRule b.\n',
    },
    read: 'AGENTS.md',
  },
];
