/**
 * Qwen Code 0.24.4 listing cases (src/resolver/profiles/qwen-code/README.md, "Listings"): skills
 * and commands in the `<available_skills>` reminders of the first user message, subagents in the
 * `agent` tool's description. Each `why` names the part of the bundle it checks (SkillManager,
 * skill-utils.ts, environmentContext.ts, FileCommandLoader, command-factory.ts, SubagentManager)
 * or what a run first showed. Cases named `pitfall-…` back a `check --agents` pitfall
 * (src/resolver/profiles/qwen-code/pitfalls.ts).
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const settings = (value: unknown) => JSON.stringify(value, null, 2);
const skill = (name: string, description: string, body = 'Body.\n') => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
const agent = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nYou are ${name}.\n`;
const command = (description: string, prompt = 'Do it.') => `---\ndescription: ${description}\n---\n${prompt}\n`;
/** A description of many lines, `lines` of them, each about 90 characters. */
const manyLines = (first: string, lines: number) =>
  `|\n  ${first}\n${Array.from({ length: lines }, (_, i) => `  Step ${i + 1}: check the build, the tests and the changelog before going on.`).join('\n')}`;

export const cases: OracleCase[] = [
  // ---- skills ---------------------------------------------------------------------------------
  {
    name: 'skills-four-folders-sorted',
    why: 'SkillManager: .qwen/skills and .agents/skills of the project, ~/.qwen/skills and ~/.agents/skills of the user; the listing sorts every skill by name (bundled ones among them)',
    tree: {
      ...GIT,
      '.qwen/skills/zeta/SKILL.md': skill('zeta', 'Project zeta.'),
      '.agents/skills/Alpha/SKILL.md': skill('Alpha', 'Agents alpha.'),
      '.qwen/skills/middle/SKILL.md': skill('middle', 'Project middle.'),
    },
    home: {
      '.qwen/skills/mine/SKILL.md': skill('mine', 'My skill.'),
      '.agents/skills/ours/SKILL.md': skill('ours', 'Our skill.'),
    },
  },
  {
    name: 'pitfall-skill-name-clash',
    why: 'listSkillsAtLevel: the first directory wins a name (.qwen before .agents); collectCachedSkills: project before user',
    tree: {
      ...GIT,
      '.qwen/skills/deploy/SKILL.md': skill('deploy', 'Project deploy.'),
      '.agents/skills/deploy/SKILL.md': skill('deploy', 'Agents deploy.'),
    },
    home: {
      '.qwen/skills/deploy/SKILL.md': skill('deploy', 'My deploy.'),
      '.qwen/skills/lint/SKILL.md': skill('lint', 'My lint.'),
      '.agents/skills/lint/SKILL.md': skill('lint', 'Our lint.'),
    },
  },
  {
    name: 'skill-replaces-bundled',
    why: 'collectCachedSkills: a project skill named review replaces the bundled one',
    tree: { ...GIT, '.qwen/skills/my-review/SKILL.md': skill('review', 'Our own review.') },
  },
  {
    name: 'skill-folders-links-and-dots',
    why: 'loadSkillsFromDir: every folder entry and link to a folder holding SKILL.md, dot folders too; a link to a file and a loose SKILL.md are not skills',
    tree: {
      ...GIT,
      'common/linked/SKILL.md': skill('linked', 'Through a link.'),
      '.qwen/skills/linked': { link: '../../common/linked' },
      '.qwen/skills/.dotted/SKILL.md': skill('dotted', 'In a dot folder.'),
      '.qwen/skills/SKILL.md': skill('loose', 'Loose file.'),
      '.qwen/skills/filelink': { link: '../../common/linked/SKILL.md' },
      '.qwen/skills/plain/SKILL.md': skill('plain', 'Plain.'),
    },
  },
  {
    name: 'skills-cwd-only',
    why: 'getSkillsBaseDirs: project skills are read at the project root (the working directory), not above it',
    tree: {
      ...GIT,
      '.qwen/skills/rootskill/SKILL.md': skill('rootskill', 'At the root.'),
      'pkg/.qwen/skills/pkgskill/SKILL.md': skill('pkgskill', 'In the package.'),
    },
    cwd: 'pkg',
  },
  {
    name: 'skill-when-to-use-and-escaping',
    why: 'renderAvailableSkillsBlock: escapeXml of name and description, when_to_use after an em dash, the level in parentheses',
    tree: {
      ...GIT,
      '.qwen/skills/web/SKILL.md': `---\nname: web\ndescription: Fix <div> & "quotes" in 'pages'.\nwhen_to_use: When a page breaks.\n---\nBody.\n`,
      '.qwen/skills/num/SKILL.md': '---\nname: num\ndescription: 42\n---\nBody.\n',
    },
  },
  {
    name: 'pitfall-skill-frontmatter-hides',
    why: 'parseSkillContent: no header, no name, no description, a name with a space, paths that is not a list: the skill is skipped',
    tree: {
      ...GIT,
      '.qwen/skills/nohead/SKILL.md': '# Deploy\n\nname: nohead\n',
      '.qwen/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nBody.\n',
      '.qwen/skills/spaced/SKILL.md': skill('my skill', 'Spaced name.'),
      '.qwen/skills/badpaths/SKILL.md': '---\nname: badpaths\ndescription: Bad paths.\npaths: "src/**"\n---\nBody.\n',
      '.qwen/skills/good/SKILL.md': skill('good', 'Good.'),
    },
  },
  {
    name: 'skill-hidden-and-disabled',
    why: 'disable-model-invocation keeps a skill out of the listing; skills.disabled (any case, user and workspace settings together) too',
    tree: {
      ...GIT,
      '.qwen/settings.json': settings({ skills: { disabled: ['LINT'] } }),
      '.qwen/skills/secret/SKILL.md': '---\nname: secret\ndescription: Hidden.\ndisable-model-invocation: true\n---\nBody.\n',
      '.qwen/skills/lint/SKILL.md': skill('lint', 'Lint.'),
      '.qwen/skills/deploy/SKILL.md': skill('deploy', 'Deploy.'),
      '.qwen/skills/keep/SKILL.md': skill('keep', 'Keep.'),
    },
    home: { '.qwen/settings.json': settings({ skills: { disabled: ['Deploy'] } }) },
  },
  {
    name: 'skill-paths-not-touched',
    why: 'isSkillActive: a skill with paths is listed only after a tool touches a matching file; nothing touched, it is not listed',
    tree: {
      ...GIT,
      '.qwen/skills/docs/SKILL.md': '---\nname: docs\ndescription: Docs only.\npaths:\n  - "docs/**"\n---\nBody.\n',
      '.qwen/skills/always/SKILL.md': skill('always', 'Always.'),
      'src/a.ts': 'a\n',
    },
    read: 'src/a.ts',
  },
  {
    name: 'skill-long-single-line-whole',
    why: 'trimSkillEntriesTowardsBudget keeps the first line: a 3,000-character description of one line is sent whole even over the budget',
    tree: {
      ...GIT,
      '.qwen/skills/release/SKILL.md': skill(
        'release',
        `Use this skill for releases. ${'Every step is checked twice. '.repeat(100)}`.trim(),
      ),
    },
  },
  {
    name: 'pitfall-skill-listing-cut',
    why: 'trimSkillEntriesTowardsBudget: over 8,000 characters (bundled skills included), every project and user description is cut to its first line, when_to_use dropped',
    tree: {
      ...GIT,
      '.qwen/skills/release/SKILL.md': `---\nname: release\ndescription: ${manyLines('Ship a release.', 14)}\nwhen_to_use: On release day.\n---\nBody.\n`,
      '.qwen/skills/short/SKILL.md': skill('short', 'One line only.'),
    },
    home: { '.qwen/skills/notes/SKILL.md': `---\nname: notes\ndescription: ${manyLines('Write release notes.', 10)}\n---\nBody.\n` },
  },

  // ---- commands -------------------------------------------------------------------------------
  {
    name: 'commands-md-toml-nested',
    why: 'FileCommandLoader: **/*.toml and **/*.md of ~/.qwen/commands and .qwen/commands; a/b.md is a:b, : in a name becomes _; no description: "Custom command from <file>"',
    tree: {
      ...GIT,
      '.qwen/commands/deploy.md': command('Deploy it.'),
      '.qwen/commands/git/push.toml': 'description = "Push it."\nprompt = "Push now."\n',
      '.qwen/commands/plain.md': 'No header at all.\n',
      '.qwen/commands/bare.toml': 'prompt = "No description."\n',
      '.qwen/commands/a:b.md': command('Colon in the name.'),
    },
    home: { '.qwen/commands/mine.md': command('My command.') },
  },
  {
    name: 'pitfall-command-name-clash',
    why: 'CommandService: a project command replaces the user command of the same name; a command named like a skill is not listed',
    tree: {
      ...GIT,
      '.qwen/commands/deploy.md': command('Project deploy.'),
      '.qwen/commands/lint.md': command('Lint command.'),
      '.qwen/commands/review.md': command('Clashes with a bundled skill.'),
      '.qwen/skills/lint/SKILL.md': skill('lint', 'Lint skill.'),
    },
    home: { '.qwen/commands/deploy.md': command('My deploy.') },
  },
  {
    name: 'commands-skipped',
    why: 'parseAndAdapt*: TOML that does not parse or has no prompt, a header that is not YAML, a description that is not a string: skipped; disable-model-invocation: not listed',
    tree: {
      ...GIT,
      '.qwen/commands/broken.toml': 'description = "unterminated\n',
      '.qwen/commands/noprompt.toml': 'description = "No prompt."\n',
      '.qwen/commands/badyaml.md': '---\ndescription: [unclosed\n---\nBody.\n',
      '.qwen/commands/numdesc.md': '---\ndescription: 42\n---\nBody.\n',
      '.qwen/commands/hidden.md': '---\ndescription: Hidden.\ndisable-model-invocation: true\n---\nBody.\n',
      '.qwen/commands/ok.md': command('Fine.'),
    },
  },
  {
    name: 'commands-multiline-and-escaped',
    why: 'the command entry escapes XML and keeps a multi-line description whole under the budget',
    tree: {
      ...GIT,
      '.qwen/commands/fix.md': '---\ndescription: |\n  Fix <b>bold</b> & more.\n  Second line.\n---\nBody.\n',
      '.qwen/commands/one.toml': 'description = """\nTOML multi\nline"""\nprompt = "p"\n',
    },
  },

  // ---- subagents ------------------------------------------------------------------------------
  {
    name: 'agents-project-user-builtin',
    why: 'listSubagents: project, user, then the built-in agents; the first of a name wins (project over user; without the project file the home one is listed)',
    tree: {
      ...GIT,
      '.qwen/agents/reviewer.md': agent('reviewer', 'Reviews code.'),
    },
    home: {
      '.qwen/agents/reviewer.md': agent('reviewer', 'My home reviewer.'),
    },
  },
  {
    name: 'agent-replaces-builtin',
    why: 'listSubagents: a project agent named Explore comes in the project block and the built-in Explore is gone',
    tree: { ...GIT, '.qwen/agents/explore.md': agent('Explore', 'Our own explorer.') },
  },
  {
    name: 'agent-files-skipped',
    why: 'parseSubagentContent: no header, no description, or a header not followed by a line break is skipped; only .md files',
    tree: {
      ...GIT,
      '.qwen/agents/nohead.md': 'You are nobody.\n',
      '.qwen/agents/nodesc.md': '---\nname: nodesc\n---\nBody.\n',
      '.qwen/agents/notes.txt': agent('notes', 'Not markdown.'),
      '.qwen/agents/good.md': agent('good', 'Good agent.'),
    },
  },
  {
    name: 'agent-multiline-description',
    why: 'the Agent tool writes `- **name**: description` with the description as parsed; SubagentValidator refuses a system prompt under 10 characters (seen: none of Body. was listed)',
    tree: {
      ...GIT,
      '.qwen/agents/doc.md': '---\nname: doc\ndescription: |\n  Writes docs.\n  - never code\n---\nYou write the docs.\n',
      '.qwen/agents/folded.md': '---\nname: folded\ndescription: >\n  Folded one\n  and two.\n---\nBody.\n',
      '.qwen/agents/lit.md': '---\nname: lit\ndescription: |\n  Line one.\n  Line two.\n---\nBody.\n',
    },
  },

  // ---- trust ----------------------------------------------------------------------------------
  {
    name: 'untrusted-folder-listings',
    why: 'folder trust on, no rule: the context files are held back, but skills, commands and agents are listed as in a trusted folder (seen in a run)',
    tree: {
      ...GIT,
      '.qwen/skills/proj/SKILL.md': skill('proj', 'Project skill.'),
      '.qwen/agents/reviewer.md': agent('reviewer', 'Reviews code.'),
      '.qwen/commands/deploy.md': command('Deploy it.'),
    },
    home: {
      '.qwen/settings.json': settings({ security: { folderTrust: { enabled: true } } }),
      '.qwen/commands/mine.md': command('My command.'),
    },
  },
];
