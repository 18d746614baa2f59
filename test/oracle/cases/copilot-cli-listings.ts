/**
 * GitHub Copilot CLI 1.0.102 listing cases: the skills of `<available_skills>` in the system
 * message (with `.claude/commands` written as skills), the custom agents of the `task` tool, and
 * `excludeAgent: coding-agent` on rule files. Every behaviour here was seen in runs of the release
 * (its discovery is in its native runtime, not readable JavaScript).
 */
import { gitRepository } from '../tree';
import type { OracleCase } from '../case';

const GIT = gitRepository();

function skill(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n\nBody of ${name}: never sent.\n`;
}

function agent(description: string, extra = ''): string {
  return `---\ndescription: ${description}\n${extra}---\n\nYou are an agent.\n`;
}

/** A rule file for every file, with `excludeAgent` written as `value`. */
function excluding(value: string, body: string): string {
  return `---\napplyTo: "**"\nexcludeAgent: ${value}\n---\n${body}\n`;
}

export const cases: OracleCase[] = [
  // ---- skills -----------------------------------------------------------------------------------
  {
    name: 'skills-names',
    why: "a skill's or command's name (header name, else its folder or file) is trimmed and each run of spaces made one '-'; one that is then not a letter or digit followed by letters, digits, '.', '_', ':' or '-', or is over 64 characters, is dropped; commands are listed by that name, sorted",
    tree: {
      ...GIT,
      '.github/skills/spaced/SKILL.md': skill('"Good  Name"', 'Two spaces in its name'),
      '.github/skills/two words/SKILL.md': '---\ndescription: A folder with a space\n---\nbody\n',
      '.github/skills/plus/SKILL.md': skill('"a+b"', 'A plus sign'),
      '.github/skills/hyphen/SKILL.md': skill('"-lead"', 'A hyphen first'),
      '.github/skills/accent/SKILL.md': skill('"caf\u00e9"', 'An accent'),
      '.github/skills/long/SKILL.md': skill('L'.repeat(65), 'Sixty-five characters'),
      '.github/skills/max/SKILL.md': skill('M'.repeat(64), 'Sixty-four characters'),
      '.claude/commands/c1.md': skill('"My Cmd"', 'A command named in its header'),
      '.claude/commands/Upper Case.md': '---\ndescription: A file name with a space\n---\nbody\n',
      '.claude/commands/c3.md': skill('"a:b"', 'A colon'),
      '.claude/commands/_c.md': '---\ndescription: An underscore first\n---\nbody\n',
    },
  },
  {
    name: 'empty-git-folder-above-the-cwd',
    why: "a .git folder without HEAD, objects and refs is no repository to git: the instruction files and rule files of the top above the working directory are not read, but its skills, commands and custom agents are listed as the top's",
    tree: {
      '.git': { dir: true },
      'AGENTS.md': 'Top rules.\n',
      '.github/copilot-instructions.md': 'Top Copilot rules.\n',
      '.github/instructions/all.instructions.md': '---\napplyTo: "**"\n---\nA top rule file.\n',
      '.github/skills/top/SKILL.md': skill('top', 'A skill of the top'),
      '.claude/commands/cmd.md': '---\ndescription: A command of the top\n---\nbody\n',
      '.github/agents/helper.md': agent('An agent of the top'),
      'pkg/AGENTS.md': 'Package rules.\n',
      'pkg/src/b.ts': 'export const b = 2;\n',
    },
    cwd: 'pkg',
  },
  {
    name: 'skills-crlf-header',
    why: 'a skill or custom agent whose header is written with CRLF line ends is read as the same header (its description without the carriage return)',
    tree: {
      ...GIT,
      '.github/skills/crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: Written with CRLF\r\n---\r\nThe body.\r\n',
      '.github/agents/crlf-agent.md': '---\r\ndescription: An agent written with CRLF\r\n---\r\nYou are an agent.\r\n',
    },
  },
  {
    name: 'skills-description-forms',
    why: "a description is the header's text as YAML reads it, a block's final line break left out, spaces kept (an empty one is listed empty); a description that is a number, boolean, list, mapping or nothing drops the skill",
    tree: {
      ...GIT,
      '.github/skills/block/SKILL.md': '---\nname: block\ndescription: |\n  first line\n  second line\n---\nThe body.\n',
      '.github/skills/padded/SKILL.md': '---\nname: padded\ndescription: "  padded  "\n---\nThe body.\n',
      '.github/skills/empty/SKILL.md': '---\nname: empty\ndescription: ""\n---\nThe body.\n',
      '.github/skills/number/SKILL.md': '---\nname: number\ndescription: 42\n---\nThe body.\n',
      '.github/skills/list/SKILL.md': '---\nname: list\ndescription: [a, b]\n---\nThe body.\n',
      '.github/skills/none/SKILL.md': '---\nname: none\ndescription:\n---\nThe body.\n',
      '.github/skills/body/SKILL.md': '---\nname: body\n---\n# A heading\nThe   body   text.\n',
    },
  },
  {
    name: 'skills-commands-left-out-and-bom',
    why: "a command whose description is over 1,024 characters, or that says disable-model-invocation: true, is not listed; a skill whose header is no YAML is dropped; a byte-order mark before a skill's or custom agent's header is passed over",
    tree: {
      ...GIT,
      '.claude/commands/long.md': `---\ndescription: ${'w '.repeat(520).trim()}\n---\nbody\n`,
      '.claude/commands/manual.md': '---\ndescription: Only by hand\ndisable-model-invocation: true\n---\nbody\n',
      '.claude/commands/kept.md': '---\ndescription: A command listed\n---\nbody\n',
      '.github/skills/broken/SKILL.md': '---\nname: broken\ndescription: [unclosed\n---\nThe body.\n',
      '.github/skills/marked/SKILL.md': '\ufeff---\nname: marked\ndescription: After a byte-order mark\n---\nThe body.\n',
      '.github/agents/marked-agent.md': '\ufeff---\ndescription: An agent after a byte-order mark\n---\nYou are an agent.\n',
    },
  },
  {
    name: 'skills-groups-below-the-root',
    why: 'started below the root, the folders holding a skill in the order .github, .agents, .claude, each of the working directory then of the root: the ones of one directory that come one after the other are one group sorted by name',
    tree: {
      ...GIT,
      '.github/skills/gx/SKILL.md': skill('gx', 'Root .github'),
      '.agents/skills/ax/SKILL.md': skill('ax', 'Root .agents'),
      '.claude/skills/bx/SKILL.md': skill('bx', 'Root .claude'),
      'pkg/.github/skills/pg/SKILL.md': skill('pg', 'pkg .github'),
      'pkg/.claude/skills/pc/SKILL.md': skill('pc', 'pkg .claude'),
      'pkg/.claude/skills/pa/SKILL.md': skill('pa', 'pkg .claude too'),
      'pkg/src/b.ts': 'export const b = 2;\n',
    },
    cwd: 'pkg',
  },
  {
    name: 'skills-three-folders-at-the-root',
    why: 'run: .github/skills, .agents/skills and .claude/skills of the repository root, one list by name',
    tree: {
      ...GIT,
      '.agents/skills/zulu/SKILL.md': skill('zulu', 'From .agents.'),
      '.claude/skills/bravo/SKILL.md': skill('bravo', 'From .claude.'),
      '.github/skills/alpha/SKILL.md': skill('alpha', 'From .github.'),
    },
  },
  {
    name: 'pitfall-skill-name-clash',
    why: 'run: a name in .github/skills and .agents/skills and .claude/skills: .github wins',
    tree: {
      ...GIT,
      '.agents/skills/same/SKILL.md': skill('same', 'The .agents one.'),
      '.claude/skills/same/SKILL.md': skill('same', 'The .claude one.'),
      '.github/skills/same/SKILL.md': skill('same', 'The .github one.'),
    },
  },
  {
    name: 'skills-clash-agents-over-claude',
    why: 'run: a name in .agents/skills and .claude/skills: .agents wins',
    tree: {
      ...GIT,
      '.agents/skills/dup/SKILL.md': skill('dup', 'Agents dup.'),
      '.claude/skills/dup/SKILL.md': skill('dup', 'Claude dup.'),
    },
  },
  {
    name: 'skills-from-a-subfolder',
    why: 'run: from a folder below the root, each folder of the cwd then the root is its own group: .github, .agents, .claude',
    tree: {
      ...GIT,
      'sub/.agents/skills/s-ag/SKILL.md': skill('s-ag', 'Sub agents.'),
      'sub/.github/skills/s-gh/SKILL.md': skill('s-gh', 'Sub github.'),
      '.agents/skills/r-ag/SKILL.md': skill('r-ag', 'Root agents.'),
      '.github/skills/r-gh/SKILL.md': skill('r-gh', 'Root github.'),
      '.claude/skills/r-cl/SKILL.md': skill('r-cl', 'Root claude.'),
      'sub/.claude/skills/s-cl/SKILL.md': skill('s-cl', 'Sub claude.'),
    },
    cwd: 'sub',
  },
  {
    name: 'skills-below-the-cwd-not-read',
    why: 'run: a skills folder below the working directory is not listed',
    tree: {
      ...GIT,
      '.github/skills/top/SKILL.md': skill('top', 'At the root.'),
      'pkg/.github/skills/low/SKILL.md': skill('low', 'Below.'),
    },
  },
  {
    name: 'skills-nested-folder',
    why: 'run: a skill in a folder of a folder is found',
    tree: {
      ...GIT,
      '.github/skills/group/inner/SKILL.md': skill('inner', 'Nested.'),
      '.github/skills/flat/SKILL.md': skill('flat', 'Flat.'),
    },
  },
  {
    name: 'skills-name-from-the-header',
    why: "run: the name is the header's name:, not the folder's",
    tree: { ...GIT, '.github/skills/folder/SKILL.md': skill('header-name', 'Named in the header.') },
  },
  {
    name: 'skills-description-from-the-body',
    why: 'run: without description: the body without its headings, whitespace runs made one space',
    tree: { ...GIT, '.github/skills/bodied/SKILL.md': '---\nname: bodied\n---\n\n# Title\n\nFirst line\nsecond line.\n\nLater.\n' },
  },
  {
    name: 'skills-without-header-dropped',
    why: 'run: a SKILL.md without a --- header is not listed',
    tree: { ...GIT, '.github/skills/bare/SKILL.md': 'Just text.\n', '.github/skills/kept/SKILL.md': skill('kept', 'Has a header.') },
  },
  {
    name: 'pitfall-skill-description-over-1024-dropped',
    why: 'run: a description of 1,025 characters drops the whole skill, silently; 1,024 is kept',
    tree: {
      ...GIT,
      '.github/skills/fits/SKILL.md': skill('fits', 'y'.repeat(1024)),
      '.github/skills/toolong/SKILL.md': skill('toolong', 'z'.repeat(1025)),
    },
  },
  {
    name: 'skills-xml-escaped',
    why: 'run: <, >, &, " and \' are escaped in the entry',
    tree: { ...GIT, '.github/skills/xml/SKILL.md': '---\nname: xml\ndescription: "<b> & \\"q\\" \'a\'"\n---\nx\n' },
  },
  {
    name: 'skills-user-folder',
    why: "run: the user's folder's skills (~/.copilot/skills) follow the repository's, location user",
    tree: { ...GIT, '.github/skills/repo/SKILL.md': skill('repo', 'Repository skill.') },
    home: { '.copilot/skills/mine/SKILL.md': skill('mine', 'User skill.'), '.claude/skills/other/SKILL.md': skill('other', 'Not read.') },
  },
  {
    name: 'skills-linked-folder',
    why: 'run: a linked skill folder is followed',
    tree: { ...GIT, 'common/fmt/SKILL.md': skill('fmt', 'Through a link.'), '.github/skills/fmt': { link: '../../common/fmt' } },
  },
  // ---- commands ---------------------------------------------------------------------------------
  {
    name: 'commands-as-skills',
    why: "run: the root's .claude/commands/*.md are listed as skills after Copilot CLI's own; no header: the body",
    tree: {
      ...GIT,
      '.claude/commands/deploy.md': '---\ndescription: Deploy it.\n---\nDeploy.\n',
      '.claude/commands/plain.md': 'Just a command body.\n',
    },
  },
  {
    name: 'commands-shadowed-by-a-skill-and-nested-not-read',
    why: 'run: a command named like a skill is not listed; a command in a subfolder is not read',
    tree: {
      ...GIT,
      '.github/skills/m1/SKILL.md': skill('m1', 'The skill m1.'),
      '.claude/commands/m1.md': '---\ndescription: Command m1.\n---\nx\n',
      '.claude/commands/group/cmd.md': '---\ndescription: Grouped command.\n---\nx\n',
    },
  },
  {
    name: 'commands-of-the-cwd-then-the-root',
    why: "run: from a subfolder the cwd's .claude/commands, then the root's",
    tree: {
      ...GIT,
      '.claude/commands/rootcmd.md': '---\ndescription: Root command.\n---\nx\n',
      'sub/.claude/commands/subcmd.md': '---\ndescription: Sub command.\n---\nx\n',
    },
    cwd: 'sub',
  },
  // ---- custom agents ------------------------------------------------------------------------------
  {
    name: 'agents-github-and-claude',
    why: 'run: .github/agents (*.md, *.agent.md) and .claude/agents in the task tool, by name; the header name: names it',
    tree: {
      ...GIT,
      '.github/agents/planner.agent.md': agent('Plans.'),
      '.github/agents/reviewer.md': agent('Reviews code.'),
      '.claude/agents/helper.md': '---\nname: helpme\ndescription: Claude helper.\n---\nHelp.\n',
    },
  },
  {
    name: 'agents-clash-github-wins',
    why: 'run: the same file name in .github/agents and .claude/agents: .github wins',
    tree: { ...GIT, '.github/agents/reviewer.md': agent('GitHub reviewer.'), '.claude/agents/reviewer.md': agent('Claude reviewer.') },
  },
  {
    name: 'agents-nested-and-without-description',
    why: 'run: a subfolder agent is named folder--file; one without description is left out',
    tree: {
      ...GIT,
      '.github/agents/team/deep.md': agent('Deep agent.'),
      '.github/agents/mute.md': '---\nname: mute\n---\nNo description.\n',
    },
  },
  {
    name: 'agents-cwd-root-and-user',
    why: "run: from a subfolder the cwd's and the root's agent folders, and the user's ~/.copilot/agents",
    tree: {
      ...GIT,
      '.claude/agents/ca.md': agent('Root claude agent.'),
      'sub/.claude/agents/cb.md': agent('Sub claude agent.'),
      'sub/.github/agents/gx.md': agent('Sub github agent.'),
    },
    home: { '.copilot/agents/homer.md': agent('Home agent.'), '.claude/agents/notread.md': agent('Not read.') },
    cwd: 'sub',
  },
  // ---- excludeAgent -------------------------------------------------------------------------------
  {
    name: 'exclude-agent-forms',
    why: 'run: excludeAgent naming coding-agent (plain, quoted, flow list, block list) skips the rule file; another agent or another case keeps it',
    tree: {
      ...GIT,
      '.github/instructions/a.instructions.md': excluding('coding-agent', 'Plain excluded.'),
      '.github/instructions/b.instructions.md': excluding('"coding-agent"', 'Quoted excluded.'),
      '.github/instructions/c.instructions.md': excluding('[code-review, coding-agent]', 'Flow list excluded.'),
      '.github/instructions/d.instructions.md': '---\napplyTo: "**"\nexcludeAgent:\n  - coding-agent\n---\nBlock list excluded.\n',
      '.github/instructions/e.instructions.md': excluding('code-review', 'Code review only: kept.'),
      '.github/instructions/f.instructions.md': excluding('Coding-Agent', 'Case differs: kept.'),
    },
  },
  {
    name: 'exclude-agent-scoped-rule-and-claude-rule',
    why: 'run: the key also skips a scoped rule (no table row) and a .claude/rules file',
    tree: {
      ...GIT,
      '.github/instructions/scoped.instructions.md': '---\napplyTo: "src/**"\nexcludeAgent: coding-agent\n---\nScoped excluded.\n',
      '.github/instructions/kept.instructions.md': '---\napplyTo: "src/**"\n---\nScoped kept.\n',
      '.claude/rules/g.md': excluding('coding-agent', 'Claude rule excluded.'),
    },
  },
  {
    name: 'exclude-agent-user-and-subfolder',
    why: "run: the user's instructions and the root's and cwd's .github/instructions honour the key too",
    tree: {
      ...GIT,
      '.github/instructions/root.instructions.md': excluding('coding-agent', 'Root excluded.'),
      'sub/.github/instructions/sub.instructions.md': excluding('coding-agent', 'Sub excluded.'),
      'sub/.github/instructions/keep.instructions.md': excluding('code-review', 'Sub kept.'),
    },
    home: { '.copilot/instructions/u.instructions.md': excluding('coding-agent', 'User excluded.') },
    cwd: 'sub',
  },
];
