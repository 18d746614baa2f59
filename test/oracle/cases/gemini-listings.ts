/**
 * Gemini CLI 0.61.0 listing cases (src/resolver/profiles/gemini/README.md, "Listings"): the skills
 * of `<available_skills>` and the subagents of "# Available Sub-Agents" in the system instruction.
 * Each `why` names the part of the bundle it checks (skillLoader.js, skillManager.js,
 * agentLoader.js, registry.js, acknowledgedAgents.js) or what a run first showed. Cases named
 * `pitfall-…` back a `check --agents` pitfall (src/resolver/profiles/gemini/pitfalls.ts).
 */
import { createHash } from 'node:crypto';
import type { OracleCase } from '../case';

const TRUST = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
const GIT = { '.git': { dir: true } } as const;
const settings = (value: unknown) => JSON.stringify(value, null, 2);
const sha = (t: string) => createHash('sha256').update(t).digest('hex');
const skill = (name: string, description: string, body = 'Body.\n') => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
const agent = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nYou are ${name}.\n`;
/** `~/.gemini/acknowledgments/agents.json` accepting each agent file (name → its text) for the root. */
const acks = (agents: Record<string, string>, project = '{{root}}') => ({
  '.gemini/acknowledgments/agents.json': settings({ [project]: Object.fromEntries(Object.entries(agents).map(([n, t]) => [n, sha(t)])) }),
});

const REVIEWER = agent('reviewer', 'Reviews code before a merge.');
const TESTER = agent('tester', 'Runs the tests.');
const LONG = `Use this skill for releases. ${'Every step is checked twice. '.repeat(110)}`.trim();

export const cases: OracleCase[] = [
  // ---- skills: folders and order ---------------------------------------------------------------
  {
    name: 'skills-four-folders',
    why: 'skillManager.js discoverSkills: ~/.gemini/skills, ~/.agents/skills, then .gemini/skills and .agents/skills of the trusted cwd, after the built-in skills',
    tree: {
      ...GIT,
      '.gemini/skills/proj/SKILL.md': skill('proj', 'Project skill.'),
      '.agents/skills/shared/SKILL.md': skill('shared', 'Shared agents skill.'),
    },
    home: {
      '.gemini/skills/mine/SKILL.md': skill('mine', 'My skill.'),
      '.agents/skills/ours/SKILL.md': skill('ours', 'Our skill.'),
    },
    env: TRUST,
  },
  {
    name: 'skills-reverse-name-order',
    why: 'loadSkillsFromDir globs */SKILL.md: the skills of one folder came in reverse name order (code units), whatever order they were made in',
    tree: {
      ...GIT,
      '.gemini/skills/b/SKILL.md': skill('b', 'B.'),
      '.gemini/skills/Zed/SKILL.md': skill('Zed', 'Zed.'),
      '.gemini/skills/a1/SKILL.md': skill('a1', 'A1.'),
      '.gemini/skills/_under/SKILL.md': skill('under', 'Under.'),
      '.gemini/skills/A/SKILL.md': skill('A', 'Capital A.'),
      '.gemini/skills/c-2/SKILL.md': skill('c-2', 'C2.'),
    },
    env: TRUST,
  },
  {
    name: 'skills-top-file-dot-folder-node-modules',
    why: 'loadSkillsFromDir: a SKILL.md right in the skills folder is a skill (first); dot folders and node_modules are not globbed; a folder without SKILL.md is no skill',
    tree: {
      ...GIT,
      '.gemini/skills/SKILL.md': skill('top', 'Top skill.'),
      '.gemini/skills/.hidden/SKILL.md': skill('hidden', 'Hidden.'),
      '.gemini/skills/node_modules/SKILL.md': skill('nm', 'Node modules.'),
      '.gemini/skills/empty/README.md': 'no skill\n',
      '.gemini/skills/deep/more/SKILL.md': skill('deep', 'Too deep.'),
      '.gemini/skills/real/SKILL.md': skill('real', 'Real.'),
    },
    env: TRUST,
  },
  {
    name: 'skills-cwd-only',
    why: 'Storage.getProjectSkillsDir is <cwd>/.gemini/skills: a subfolder cwd does not read the repository root skills',
    tree: {
      ...GIT,
      '.gemini/skills/rootskill/SKILL.md': skill('rootskill', 'At the root.'),
      'pkg/.gemini/skills/pkgskill/SKILL.md': skill('pkgskill', 'In the package.'),
      'pkg/.agents/skills/pkgagents/SKILL.md': skill('pkgagents', 'Agents folder of the package.'),
    },
    cwd: 'pkg',
    env: TRUST,
  },
  {
    name: 'skill-linked-folder',
    why: 'the glob follows a linked skill folder: listed with its location through the link',
    tree: {
      ...GIT,
      'common/linked/SKILL.md': skill('linked', 'Through a link.'),
      '.gemini/skills/linked': { link: '../../common/linked' },
      '.gemini/skills/plain/SKILL.md': skill('plain', 'Plain.'),
    },
    env: TRUST,
  },
  {
    name: 'skill-paths-frontmatter-ignored',
    why: 'skillLoader.js reads only name and description: a paths: key lists the skill whatever file is touched',
    tree: {
      ...GIT,
      '.gemini/skills/docs/SKILL.md': `---\nname: docs\ndescription: Docs only.\npaths:\n  - "docs/**"\n---\nBody.\n`,
      'src/a.ts': 'a\n',
    },
    read: 'src/a.ts',
    env: TRUST,
  },

  // ---- skills: clashes -----------------------------------------------------------------------
  {
    name: 'pitfall-skill-name-clash',
    why: "addSkillsWithPrecedence: a project skill replaces the user skill of the same name in the user one's place; .agents/skills replaces .gemini/skills",
    tree: {
      ...GIT,
      '.gemini/skills/deploy/SKILL.md': skill('deploy', 'Project deploy.'),
      '.agents/skills/deploy/SKILL.md': skill('deploy', 'Agents deploy.'),
      '.gemini/skills/lint/SKILL.md': skill('lint', 'Project lint.'),
    },
    home: {
      '.gemini/skills/deploy/SKILL.md': skill('deploy', 'My deploy.'),
      '.gemini/skills/zz/SKILL.md': skill('zz', 'Mine.'),
    },
    env: TRUST,
  },
  {
    name: 'skill-overrides-builtin',
    why: 'addSkillsWithPrecedence: a project skill named skill-creator replaces the built-in one, first in the list',
    tree: {
      ...GIT,
      '.gemini/skills/mine/SKILL.md': skill('skill-creator', 'My own skill creator.'),
    },
    home: { '.gemini/skills/home/SKILL.md': skill('home', 'Home.') },
    env: TRUST,
  },
  {
    name: 'skill-case-differs',
    why: 'the precedence map is keyed by the exact name: Deploy and deploy are two skills',
    tree: {
      ...GIT,
      '.gemini/skills/one/SKILL.md': skill('deploy', 'Lower.'),
      '.agents/skills/two/SKILL.md': skill('Deploy', 'Upper.'),
    },
    env: TRUST,
  },

  // ---- skills: headers -----------------------------------------------------------------------
  {
    name: 'skill-name-sanitized',
    why: 'loadSkillFromFile replaces : \\ / < > * ? " | in the name with -',
    tree: { ...GIT, '.gemini/skills/x/SKILL.md': skill('"ops:deploy/now*"', 'Sanitized name.') },
    env: TRUST,
  },
  {
    name: 'skill-description-yaml-forms',
    why: 'the YAML reader gives folded, literal and quoted descriptions as parsed (newlines kept); sent as is, no escaping',
    tree: {
      ...GIT,
      '.gemini/skills/folded/SKILL.md': '---\nname: folded\ndescription: >\n  First line\n  second line.\n---\nBody.\n',
      '.gemini/skills/literal/SKILL.md': '---\nname: literal\ndescription: |\n  Line one.\n  Line <two> & "three".\n---\nBody.\n',
      '.gemini/skills/quoted/SKILL.md': "---\nname: quoted\ndescription: 'It''s quoted: yes'\n---\nBody.\n",
    },
    env: TRUST,
  },
  {
    name: 'skill-long-description-whole',
    why: 'no cap on a description: a 3,000-character description is sent whole',
    tree: { ...GIT, '.gemini/skills/release/SKILL.md': skill('release', LONG) },
    env: TRUST,
  },
  {
    name: 'pitfall-skill-frontmatter-hides',
    why: 'loadSkillFromFile: no --- header, or a header without name or description, skips the skill silently',
    tree: {
      ...GIT,
      '.gemini/skills/nohead/SKILL.md': '# Deploy\n\nname: nohead\ndescription: no header\n',
      '.gemini/skills/noname/SKILL.md': '---\ndescription: No name.\n---\nBody.\n',
      '.gemini/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nBody.\n',
      '.gemini/skills/good/SKILL.md': skill('good', 'Good.'),
    },
    env: TRUST,
  },
  {
    name: 'skill-header-simple-fallback',
    why: 'parseFrontmatter: YAML that does not parse, or gives a number, falls back to the line reader (name and description as written)',
    tree: {
      ...GIT,
      '.gemini/skills/colon/SKILL.md': '---\nname: colon\ndescription: Use when: the build fails\n---\nBody.\n',
      '.gemini/skills/number/SKILL.md': '---\nname: number\ndescription: 42\n---\nBody.\n',
      '.gemini/skills/wrapped/SKILL.md': '---\nname: wrapped\ndescription: Use when: a\n  second line\n---\nBody.\n',
    },
    env: TRUST,
  },

  // ---- skills: settings and trust ------------------------------------------------------------
  {
    name: 'skills-disabled-setting',
    why: 'setDisabledSkills: skills.disabled names (any case, the user and workspace lists together) are not listed',
    tree: {
      ...GIT,
      '.gemini/settings.json': settings({ skills: { disabled: ['LINT'] } }),
      '.gemini/skills/lint/SKILL.md': skill('lint', 'Lint.'),
      '.gemini/skills/deploy/SKILL.md': skill('deploy', 'Deploy.'),
      '.gemini/skills/keep/SKILL.md': skill('keep', 'Keep.'),
    },
    home: { '.gemini/settings.json': settings({ skills: { disabled: ['Deploy'] } }) },
    env: TRUST,
  },
  {
    name: 'skills-enabled-false',
    why: 'config skillsSupport = skills.enabled: false lists no skill at all (nor the built-in ones)',
    tree: { ...GIT, '.gemini/skills/lint/SKILL.md': skill('lint', 'Lint.') },
    home: { '.gemini/settings.json': settings({ skills: { enabled: false } }), '.gemini/skills/mine/SKILL.md': skill('mine', 'Mine.') },
    env: TRUST,
  },
  {
    name: 'untrusted-skills-out-agents-in',
    why: 'discoverSkills skips project skills in an untrusted folder; loadAgents reads project agents when folder trust is off, even untrusted',
    tree: {
      ...GIT,
      '.gemini/skills/proj/SKILL.md': skill('proj', 'Project.'),
      '.gemini/agents/reviewer.md': REVIEWER,
    },
    home: {
      '.gemini/settings.json': settings({ security: { folderTrust: { enabled: false } } }),
      '.gemini/skills/mine/SKILL.md': skill('mine', 'Mine.'),
      ...acks({ reviewer: REVIEWER }),
    },
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' },
  },

  // ---- subagents -----------------------------------------------------------------------------
  {
    name: 'pitfall-agent-not-acknowledged',
    why: 'loadAgents: a project agent is registered only when acknowledgments/agents.json has its exact sha256 for the project; a changed file is not',
    tree: {
      ...GIT,
      '.gemini/agents/reviewer.md': REVIEWER,
      '.gemini/agents/tester.md': TESTER,
      '.gemini/agents/changed.md': agent('changed', 'Changed since it was accepted.'),
    },
    home: acks({ reviewer: REVIEWER, changed: agent('changed', 'The text that was accepted.') }),
    env: TRUST,
  },
  {
    name: 'agents-project-then-home',
    why: 'loadAgents: built-ins, then the acknowledged project agents, then ~/.gemini/agents (no acknowledgement needed)',
    tree: { ...GIT, '.gemini/agents/reviewer.md': REVIEWER },
    home: { '.gemini/agents/helper.md': agent('helper', 'Helps.'), ...acks({ reviewer: REVIEWER }) },
    env: TRUST,
  },
  {
    name: 'pitfall-agent-name-clash',
    why: 'registerAgent: a later agent of a registered name is ignored: the project agent wins over the home one, a built-in over both',
    tree: {
      ...GIT,
      '.gemini/agents/reviewer.md': REVIEWER,
      '.gemini/agents/generalist.md': agent('generalist', 'My generalist.'),
    },
    home: {
      '.gemini/agents/reviewer.md': agent('reviewer', 'My home reviewer.'),
      ...acks({ reviewer: REVIEWER, generalist: agent('generalist', 'My generalist.') }),
    },
    env: TRUST,
  },
  {
    name: 'agent-files-skipped',
    why: 'loadAgentsFromDirectory: only regular .md files not starting with _; a header with an unknown key, a bad slug or no description is a load error',
    tree: {
      ...GIT,
      '.gemini/agents/_draft.md': agent('draft', 'Draft.'),
      '.gemini/agents/notes.txt': agent('notes', 'Not markdown.'),
      '.gemini/agents/extra.md': '---\nname: extra\ndescription: Extra key.\ncolor: blue\n---\nBody.\n',
      '.gemini/agents/Bad.md': agent('Bad Name', 'Bad slug.'),
      '.gemini/agents/nodesc.md': '---\nname: nodesc\n---\nBody.\n',
      '.gemini/agents/good.md': agent('good', 'Good agent.'),
    },
    home: acks({
      draft: agent('draft', 'Draft.'),
      extra: '---\nname: extra\ndescription: Extra key.\ncolor: blue\n---\nBody.\n',
      good: agent('good', 'Good agent.'),
    }),
    env: TRUST,
  },
  {
    name: 'agent-linked-file-skipped',
    why: 'loadAgentsFromDirectory keeps dirent.isFile(): a linked .md file is not read',
    tree: {
      ...GIT,
      'common/linked.md': agent('linked', 'Through a link.'),
      '.gemini/agents/linked.md': { link: '../../common/linked.md' },
      '.gemini/agents/plain.md': agent('plain', 'Plain.'),
    },
    home: acks({ linked: agent('linked', 'Through a link.'), plain: agent('plain', 'Plain.') }),
    env: TRUST,
  },
  {
    name: 'agents-disabled-setting',
    why: 'isAgentsEnabled: experimental.enableAgents false registers no agent (the section is gone); skills are still listed',
    tree: { ...GIT, '.gemini/agents/reviewer.md': REVIEWER, '.gemini/skills/s/SKILL.md': skill('s', 'S.') },
    home: { '.gemini/settings.json': settings({ experimental: { enableAgents: false } }), ...acks({ reviewer: REVIEWER }) },
    env: TRUST,
  },
  {
    name: 'agent-multiline-description',
    why: 'renderSubAgents writes the description as parsed: a literal block keeps its newlines',
    tree: { ...GIT, '.gemini/agents/doc.md': '---\nname: doc\ndescription: |\n  Writes docs.\n  - never code\n---\nBody.\n' },
    home: acks({ doc: '---\nname: doc\ndescription: |\n  Writes docs.\n  - never code\n---\nBody.\n' }),
    env: TRUST,
  },
];
