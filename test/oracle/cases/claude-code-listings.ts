import { gitRepository } from '../tree';
import type { OracleCase, OracleEntry } from '../case';

/**
 * Claude Code 2.1.328's listings, case by case: the skills and commands of its Skill tool's
 * listing and the custom subagents of its Agent tool's (a system message after the first user
 * message; what a touch brings in, a later one). Each `why` says what the case shows; every rule
 * was first read in the release's bundled source and then run here.
 */

const git = { '.git': { dir: true } } as const;

const skill = (description: string, extra = ''): string => `---\ndescription: ${description}\n${extra}---\nThe body is never listed.\n`;
const agent = (name: string, description: string, extra = ''): string =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nYou are ${name}.\n`;
const settings = (s: unknown): Record<string, OracleEntry> => ({ '.claude/settings.json': JSON.stringify(s) });

/** `n` characters of words. */
const words = (n: number): string =>
  Array.from({ length: n }, (_, i) => `w${i % 10}`)
    .join(' ')
    .slice(0, n);

export const cases: OracleCase[] = [
  {
    name: 'skills-project-folder',
    why: 'each folder of .claude/skills holding a SKILL.md is a skill named by its folder, listed `- name: description`, the folder sorted by name with case folded; a folder without SKILL.md is none',
    tree: {
      ...git,
      '.claude/skills/beta/SKILL.md': skill('Beta does things'),
      '.claude/skills/Alpha/SKILL.md': skill('Alpha, capitalised'),
      '.claude/skills/gamma/SKILL.md': skill('"Quoted: with a colon"'),
      '.claude/skills/empty-folder/README.md': 'no SKILL.md here\n',
    },
  },
  {
    name: 'skills-when-to-use-and-display-name',
    why: 'when_to_use follows the description after " - "; a frontmatter name other than the folder is shown in brackets after the folder name, which stays the name',
    tree: {
      ...git,
      '.claude/skills/deploy/SKILL.md': skill('Deploys the app', 'when_to_use: When the user says ship it\n'),
      '.claude/skills/review/SKILL.md': skill('Reviews a diff', 'name: code-reviewer\n'),
      '.claude/skills/same/SKILL.md': skill('Its name is its folder', 'name: same\n'),
    },
  },
  {
    name: 'skills-description-fallback',
    why: 'without a description a skill is described by its first non-blank body line (a heading by its text, past 100 characters cut to 97 and "..."), an empty body by "Skill"',
    tree: {
      ...git,
      '.claude/skills/heading/SKILL.md': '---\nname: heading\n---\n\n## Does the heading thing\nmore\n',
      '.claude/skills/plain/SKILL.md': 'No header at all, first line.\nSecond line.\n',
      '.claude/skills/long/SKILL.md': `---\nallowed-tools: Read\n---\n${words(150)}\n`,
      '.claude/skills/bare/SKILL.md': '---\nname: bare\n---\n',
    },
  },
  {
    name: 'skills-names-not-shown',
    why: 'a skill or command name with a control character, < or >, a hidden or blank-like character (no-break space, zero-width space), two spaces, a space at an end or by a colon, a colon at an end, or a combining mark with nothing before it is not listed; one space, a colon inside, letters with accents and emoji are',
    tree: {
      ...git,
      '.claude/skills/two words/SKILL.md': skill('One space is fine'),
      '.claude/skills/smile\u{1F600}/SKILL.md': skill('An emoji is fine'),
      '.claude/skills/caf\u00e9/SKILL.md': skill('An accent is fine'),
      '.claude/skills/a  b/SKILL.md': skill('Two spaces'),
      '.claude/skills/trail /SKILL.md': skill('A space at the end'),
      '.claude/skills/a\u00a0b/SKILL.md': skill('A no-break space'),
      '.claude/skills/a\u200bb/SKILL.md': skill('A zero-width space'),
      '.claude/skills/\u0301mark/SKILL.md': skill('A mark with nothing before it'),
      '.claude/skills/ab<c/SKILL.md': skill('A less-than sign'),
      '.claude/commands/ops:deploy.md': skill('A colon inside'),
      '.claude/commands/:lead.md': skill('A colon at the start'),
      '.claude/commands/a :b.md': skill('A space before a colon'),
      '.claude/commands/tab\there.md': skill('A tab'),
      '.claude/commands/ok name.md': skill('One space in a command'),
    },
  },
  {
    name: 'skills-crlf-in-a-git-repository',
    why: 'a skill and a subagent whose headers are written with CRLF line ends are read as the same headers; in a repository git takes for one, the system prompt also holds its git status (not modelled: the proof names it)',
    tree: {
      ...gitRepository(),
      '.claude/skills/crlf/SKILL.md': '---\r\ndescription: Written with CRLF\r\n---\r\nThe body.\r\n',
      '.claude/agents/crlf-agent.md':
        '---\r\nname: crlf-agent\r\ndescription: An agent written with CRLF\r\n---\r\nYou are crlf-agent.\r\n',
    },
  },
  {
    name: 'skills-description-normalised',
    why: 'a description on several lines is listed on one (each line break a space); < and > are escaped',
    tree: {
      ...git,
      '.claude/skills/multi/SKILL.md': '---\ndescription: |\n  first line\n  second line\n---\nx\n',
      '.claude/skills/tags/SKILL.md': '---\ndescription: "Use <b>bold</b> & more"\n---\nx\n',
    },
  },
  {
    name: 'pitfall-skill-description-over-the-cut',
    why: 'a description (with when_to_use) over 1,536 characters is cut to 1,535 and "…" in the listing',
    tree: {
      ...git,
      '.claude/skills/wordy/SKILL.md': skill(words(3000)),
      '.claude/skills/exact/SKILL.md': skill(words(1536)),
    },
  },
  {
    name: 'skill-listing-max-desc-chars',
    why: 'the skillListingMaxDescChars setting moves the per-entry cut',
    tree: { ...git, ...settings({ skillListingMaxDescChars: 40 }), '.claude/skills/wordy/SKILL.md': skill(words(200)) },
  },
  {
    name: 'pitfall-skill-hidden-by-disable-model-invocation',
    why: 'disable-model-invocation: true keeps a skill out of the listing; user-invocable: false does not',
    tree: {
      ...git,
      '.claude/skills/manual/SKILL.md': skill('Only when typed', 'disable-model-invocation: true\n'),
      '.claude/skills/model-only/SKILL.md': skill('Only the model starts it', 'user-invocable: false\n'),
    },
  },
  {
    name: 'skill-overrides',
    why: 'skillOverrides in the project settings: off and user-invocable-only leave a skill out, name-only lists its name alone; the local settings file outranks the project one',
    tree: {
      ...git,
      ...settings({ skillOverrides: { quiet: 'off', brief: 'name-only', typed: 'user-invocable-only', back: 'off' } }),
      '.claude/settings.local.json': JSON.stringify({ skillOverrides: { back: 'on' } }),
      '.claude/skills/quiet/SKILL.md': skill('Turned off'),
      '.claude/skills/brief/SKILL.md': skill('Name only'),
      '.claude/skills/typed/SKILL.md': skill('Typed only'),
      '.claude/skills/back/SKILL.md': skill('Turned back on locally'),
      '.claude/skills/plain/SKILL.md': skill('Untouched'),
    },
  },
  {
    name: 'pitfall-skill-name-clash-home-wins',
    why: "the user's ~/.claude/skills come before the project's; of two skills with one name the first is listed",
    tree: { ...git, '.claude/skills/lint/SKILL.md': skill('The project lint'), '.claude/skills/only-here/SKILL.md': skill('Project only') },
    home: { '.claude/skills/lint/SKILL.md': skill('My own lint'), '.claude/skills/mine/SKILL.md': skill('Mine only') },
  },
  {
    name: 'pitfall-skill-and-command-clash',
    why: 'commands come after every skill folder, so a command named like a skill is not listed',
    tree: {
      ...git,
      '.claude/skills/release/SKILL.md': skill('The release skill'),
      '.claude/commands/release.md': '---\ndescription: The release command\n---\nRelease now\n',
      '.claude/commands/other.md': '---\ndescription: Another command\n---\nx\n',
    },
  },
  {
    name: 'commands-listed-as-skills',
    why: '.claude/commands files are listed with the skills, after them, all commands by name: a subfolder joins with ":", no description takes the first body line, an empty file "Custom command"; the home commands too',
    tree: {
      ...git,
      '.claude/skills/zeta/SKILL.md': skill('A skill first'),
      '.claude/commands/build.md': '---\ndescription: Builds it\nargument-hint: "[target]"\n---\nBuild $ARGUMENTS\n',
      '.claude/commands/ops/deploy.md': '# Deploy to production\nSteps\n',
      '.claude/commands/blank.md': '',
    },
    home: { '.claude/commands/mine.md': '---\ndescription: My command\n---\nx\n' },
  },
  {
    name: 'skills-up-to-the-git-root',
    why: ".claude/skills and .claude/commands of every folder from the working directory up to the repository's top are read, the working directory's first; above the top none",
    cwd: 'repo/pkg',
    tree: {
      'repo/.git': { dir: true },
      'repo/.claude/skills/top/SKILL.md': skill('At the top'),
      'repo/pkg/.claude/skills/here/SKILL.md': skill('At the working directory'),
      'repo/pkg/.claude/skills/same/SKILL.md': skill('The nearer one'),
      'repo/.claude/skills/same/SKILL.md': skill('The farther one'),
      'repo/.claude/commands/topcmd.md': '---\ndescription: Top command\n---\nx\n',
      '.claude/skills/above/SKILL.md': skill('Above the repository: not read'),
    },
  },
  {
    name: 'skills-without-a-repository',
    why: 'outside a repository every folder up from the working directory is read',
    cwd: 'a/b',
    tree: {
      '.claude/skills/root/SKILL.md': skill('At the sandbox root'),
      'a/.claude/skills/middle/SKILL.md': skill('In a'),
      'a/b/.claude/skills/low/SKILL.md': skill('In a/b'),
    },
  },
  {
    name: 'nested-skills-on-read',
    why: 'reading a file below the working directory brings in the .claude/skills of the folders on its way (not the file\u2019s own folder\u2019s parents above the working directory): a later system message lists them, each described with the folder it applies to',
    read: 'pkg/sub/f.txt',
    tree: {
      ...git,
      '.claude/skills/top/SKILL.md': skill('Top skill'),
      'pkg/.claude/skills/pkgskill/SKILL.md': skill('Package skill'),
      'pkg/sub/.claude/skills/deep/SKILL.md': skill('Deep skill'),
      'other/.claude/skills/elsewhere/SKILL.md': skill('Not on the way'),
      'pkg/sub/f.txt': 'f\n',
    },
  },
  {
    name: 'skill-paths-on-read',
    why: 'a skill with paths is listed only once a matching file is touched, matched relative to the working directory, in the message after the read',
    read: 'src/app.ts',
    tree: {
      ...git,
      '.claude/skills/ts/SKILL.md': skill('TypeScript help', 'paths: "src/**/*.ts"\n'),
      '.claude/skills/docs/SKILL.md': skill('Docs help', 'paths:\n  - "docs/**"\n'),
      '.claude/skills/always/SKILL.md': skill('Always there'),
      'src/app.ts': 'export {};\n',
    },
  },
  {
    name: 'pitfall-skill-paths-never-touched',
    why: 'with no file touched a skill with paths is never listed',
    tree: { ...git, '.claude/skills/ts/SKILL.md': skill('TypeScript help', 'paths: "**/*.ts"\n'), 'a.ts': 'x\n' },
  },
  {
    name: 'bad-frontmatter',
    why: 'a header YAML cannot read is read again with special values quoted (`[draft` is text); one that still fails is dropped whole: the folder names the skill and the first body line describes it',
    tree: {
      ...git,
      '.claude/skills/bracket/SKILL.md': '---\ndescription: [draft notes\n---\nbody line\n',
      '.claude/skills/broken/SKILL.md': '---\ndescription: ok\n  bad: [indent\n---\nFirst line of the body\n',
    },
  },
  {
    name: 'skill-links',
    why: 'linked skill folders and a linked commands folder are read; one SKILL.md reached through two folders is listed once, by the first name',
    tree: {
      ...git,
      'common/real/SKILL.md': skill('Shared through a link'),
      'common/cmds/linked.md': '---\ndescription: A command through a linked folder\n---\nx\n',
      '.claude/skills/alias-a': { link: '../../common/real' },
      '.claude/skills/alias-b': { link: '../../common/real' },
      '.claude/commands': { link: '../common/cmds' },
      '.claude/skills/own/SKILL.md': skill('Its own file'),
    },
  },
  {
    name: 'agents-project-and-home',
    why: 'subagents of ~/.claude/agents and .claude/agents are listed among the built-in ones by name: `- name: description (Tools: …)`; the project wins a clash; tools and disallowedTools shape the tools; \\n in a description is a line break',
    tree: {
      ...git,
      '.claude/agents/reviewer.md': agent('reviewer', 'Reviews code', 'tools: Read, Grep\n'),
      '.claude/agents/writer.md': agent('writer', 'Writes\\nand rewrites', 'disallowedTools: [Bash, Write]\n'),
      '.claude/agents/clash.md': agent('shared-name', 'The project one'),
      '.claude/agents/listed.md': agent('a-lister', 'Listed tools', 'tools:\n  - Read\n  - Edit\n'),
    },
    home: {
      '.claude/agents/clash.md': agent('shared-name', 'The home one'),
      '.claude/agents/mine.md': agent('zz-mine', 'From home'),
    },
  },
  {
    name: 'pitfall-agent-without-description',
    why: 'a subagent file without a name or a description is skipped; the name comes from the header, not the file name',
    tree: {
      ...git,
      '.claude/agents/nodesc.md': '---\nname: nodesc\n---\nprompt\n',
      '.claude/agents/noname.md': '---\ndescription: No name\n---\nprompt\n',
      '.claude/agents/file-name.md': agent('header-name', 'Named by its header'),
    },
  },
  {
    name: 'agent-replaces-a-built-in',
    why: 'a project subagent named like a built-in one (Explore) replaces it in the listing',
    tree: { ...git, '.claude/agents/explore.md': agent('Explore', 'The project explorer') },
  },
  {
    name: 'agents-in-subfolders-and-up',
    why: '.claude/agents is read with its subfolders, in every folder up to the top; a deeper folder wins a clash',
    cwd: 'pkg',
    tree: {
      ...git,
      '.claude/agents/team/lead.md': agent('lead', 'From a subfolder'),
      '.claude/agents/both.md': agent('both', 'The top one'),
      'pkg/.claude/agents/both.md': agent('both', 'The nearer one'),
    },
  },
  {
    name: 'skill-listing-budget',
    why: 'over the listing budget (skillListingBudgetFraction of the window in characters, built-in skills counted) the repository skills keep their descriptions in order while they fit, the rest are listed by name',
    tree: {
      ...git,
      ...settings({ skillListingBudgetFraction: 0.0021 }),
      '.claude/skills/a-first/SKILL.md': skill(words(120)),
      '.claude/skills/b-second/SKILL.md': skill(words(120)),
      '.claude/skills/c-third/SKILL.md': skill(words(120)),
    },
  },
  {
    name: 'skill-listing-budget-from-env',
    why: 'SLASH_COMMAND_TOOL_CHAR_BUDGET sets the budget in characters',
    env: { SLASH_COMMAND_TOOL_CHAR_BUDGET: '6400' },
    tree: {
      ...git,
      '.claude/skills/one/SKILL.md': skill(words(150)),
      '.claude/skills/two/SKILL.md': skill(words(150)),
      '.claude/skills/three/SKILL.md': skill(words(150)),
    },
  },
  {
    name: 'claude-config-dir-skills',
    why: 'with CLAUDE_CONFIG_DIR the user skills, commands and agents come from that folder',
    env: { CLAUDE_CONFIG_DIR: '{{home}}/cfg' },
    tree: { ...git, '.claude/skills/proj/SKILL.md': skill('Project skill') },
    home: {
      'cfg/skills/cfgskill/SKILL.md': skill('From the config folder'),
      'cfg/commands/cfgcmd.md': '---\ndescription: Config command\n---\nx\n',
      'cfg/agents/cfg.md': agent('cfg-agent', 'Config agent'),
      '.claude/skills/ignored/SKILL.md': skill('Not read with CLAUDE_CONFIG_DIR'),
    },
  },
  {
    name: 'skill-named-like-a-built-in',
    why: 'a repository skill named like a built-in skill (init) is listed in its place, with the repository skills',
    tree: { ...git, '.claude/skills/init/SKILL.md': skill('The project init') },
  },
  {
    name: 'skill-listing-older-model',
    why: 'with claude-sonnet-4-5 (a 200K window at 4 characters a token: a budget of 8,000 characters) the listings move into the first user message as reminders and fewer descriptions fit',
    env: { ANTHROPIC_MODEL: 'claude-sonnet-4-5' },
    tree: {
      ...git,
      '.claude/skills/a-one/SKILL.md': skill(words(600)),
      '.claude/skills/b-two/SKILL.md': skill(words(600)),
      '.claude/skills/c-three/SKILL.md': skill(words(600)),
      '.claude/agents/helper.md': agent('helper', 'Helps'),
    },
  },
  {
    name: 'nested-skills-on-read-older-model',
    why: 'with claude-sonnet-4-5 what a read brings in (a nested skills folder, a skill whose paths match) is listed in a reminder with the tool result',
    env: { ANTHROPIC_MODEL: 'claude-sonnet-4-5' },
    read: 'sub/f.ts',
    tree: {
      ...git,
      '.claude/skills/ts/SKILL.md': skill('TypeScript help', 'paths: "**/*.ts"\n'),
      'sub/.claude/skills/deep/SKILL.md': skill('Deep skill'),
      'sub/f.ts': 'x\n',
    },
  },
];
