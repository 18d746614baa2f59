/**
 * pi 0.73.1 oracle cases (src/resolver/profiles/pi/README.md). Each `why` names the rule it checks
 * and where it comes from in pi's source (`resource-loader.js`: `loadContextFileFromDir`,
 * `loadProjectContextFiles`, `discoverSystemPromptFile`, `discoverAppendSystemPromptFile`;
 * `system-prompt.js`: `buildSystemPrompt`; `config.js`: `getAgentDir`) or a run.
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const BOM = [0xef, 0xbb, 0xbf];
const bytes = (s: string, prefix: number[] = []) => ({ bytes: [...prefix, ...Buffer.from(s, 'utf8')] });
const skill = (name: string | null, description: string | null, extra = '') =>
  `---\n${name === null ? '' : `name: ${name}\n`}${description === null ? '' : `description: ${description}\n`}${extra}---\n\n# Skill body\n\nNot sent.\n`;

export const cases: OracleCase[] = [
  // ---- names and fallbacks ----------------------------------------------------------------------
  {
    name: 'agents-at-root',
    why: 'loadContextFileFromDir: AGENTS.md of the working directory, under # Project Context as ## <absolute path>',
    tree: { ...GIT, 'AGENTS.md': 'Agents at the root.\n' },
  },
  {
    name: 'claude-fallback',
    why: 'loadContextFileFromDir: CLAUDE.md when the folder has no AGENTS.md',
    tree: { ...GIT, 'CLAUDE.md': 'Claude at the root.\n' },
  },
  {
    name: 'agents-before-claude',
    why: 'loadContextFileFromDir: the first name that exists wins the folder; CLAUDE.md beside AGENTS.md is not sent',
    tree: { ...GIT, 'AGENTS.md': 'Agents wins.\n', 'CLAUDE.md': 'Claude loses.\n' },
  },
  {
    name: 'upper-case-agents',
    why: 'loadContextFileFromDir: AGENTS.MD is the second name (a case-sensitive disk)',
    tree: { ...GIT, 'AGENTS.MD': 'Upper-case agents.\n', 'CLAUDE.md': 'Claude loses.\n' },
  },
  {
    name: 'both-agents-spellings',
    why: 'loadContextFileFromDir: AGENTS.md comes before AGENTS.MD',
    tree: { ...GIT, 'AGENTS.md': 'Lower suffix.\n', 'AGENTS.MD': 'Upper suffix.\n' },
  },
  {
    name: 'upper-case-claude',
    why: 'loadContextFileFromDir: CLAUDE.MD is the last name',
    tree: { ...GIT, 'CLAUDE.MD': 'Upper-case claude.\n', 'agents.md': 'Not a pi name.\n', 'GEMINI.md': 'Nor this.\n' },
  },
  {
    name: 'claude-md-before-upper',
    why: 'loadContextFileFromDir: CLAUDE.md comes before CLAUDE.MD',
    tree: { ...GIT, 'CLAUDE.md': 'Claude lower.\n', 'CLAUDE.MD': 'Claude upper.\n' },
  },
  {
    name: 'agents-folder-passed-over',
    why: 'loadContextFileFromDir: a folder named AGENTS.md exists but cannot be read; pi catches the error and takes the next name',
    tree: { ...GIT, 'AGENTS.md/inner.md': 'Inside a folder.\n', 'CLAUDE.md': 'Claude after the folder.\n' },
  },
  {
    name: 'empty-agents-claims-folder',
    why: 'loadContextFileFromDir: an empty AGENTS.md is sent (its heading and nothing) and CLAUDE.md is not',
    tree: { ...GIT, 'AGENTS.md': '', 'CLAUDE.md': 'Claude not sent.\n' },
  },
  {
    name: 'whitespace-only',
    why: 'buildSystemPrompt: a file of blank lines is sent as it is',
    tree: { ...GIT, 'AGENTS.md': '\n   \n\n' },
  },
  // ---- the walk ---------------------------------------------------------------------------------
  {
    name: 'walk-down-to-cwd',
    why: 'loadProjectContextFiles: every folder from / down to the working directory, the top first',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'a/AGENTS.md': 'a\n', 'a/b/AGENTS.md': 'b\n' },
    cwd: 'a/b',
  },
  {
    name: 'walk-mixed-names',
    why: 'loadProjectContextFiles: the name is chosen per folder',
    tree: { ...GIT, 'CLAUDE.md': 'root claude\n', 'a/AGENTS.md': 'a agents\n', 'a/CLAUDE.md': 'a claude\n', 'a/b/CLAUDE.MD': 'b upper\n' },
    cwd: 'a/b',
  },
  {
    name: 'walk-skips-folders-without',
    why: 'loadProjectContextFiles: a folder with none of the names adds nothing',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'a/notes.md': 'x\n', 'a/b/c/AGENTS.md': 'c\n' },
    cwd: 'a/b/c',
  },
  {
    name: 'walk-above-git-root',
    why: 'loadProjectContextFiles: the walk does not stop at the git root; it goes on to /',
    tree: { 'AGENTS.md': 'above the repository\n', 'repo/.git': { dir: true }, 'repo/AGENTS.md': 'repository\n' },
    cwd: 'repo',
  },
  {
    name: 'no-git',
    why: 'loadProjectContextFiles: no repository needed',
    tree: { 'AGENTS.md': 'no git root\n', 'sub/CLAUDE.md': 'sub\n' },
    cwd: 'sub',
  },
  {
    name: 'below-cwd-not-loaded',
    why: 'loadProjectContextFiles: only the working directory and its parents; a deeper file is not sent',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'deeper\n', 'pkg/src/x.ts': 'export {};\n' },
  },
  {
    name: 'read-loads-nothing',
    why: 'pi reads context files once, at start: a read of a file in a deeper folder (the read tool) brings no file in',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'deeper\n', 'pkg/src/x.ts': 'export {};\n' },
    read: 'pkg/src/x.ts',
  },
  {
    name: 'read-in-cwd',
    why: 'the read tool result carries the file only; the context is the system prompt of every request',
    tree: { ...GIT, 'CLAUDE.md': 'root claude\n', 'sub/AGENTS.md': 'sub agents\n', 'sub/a.ts': 'export const a = 1;\n' },
    cwd: 'sub',
    read: 'sub/a.ts',
  },
  // ---- the agent folder -------------------------------------------------------------------------
  {
    name: 'global-agents',
    why: 'loadProjectContextFiles: ~/.pi/agent/AGENTS.md first, then the walk',
    tree: { ...GIT, 'AGENTS.md': 'project\n' },
    home: { '.pi/agent/AGENTS.md': 'global\n' },
  },
  {
    name: 'global-claude-fallback',
    why: 'loadContextFileFromDir on the agent folder: CLAUDE.md when it has no AGENTS.md',
    tree: { ...GIT, 'CLAUDE.md': 'project claude\n' },
    home: { '.pi/agent/CLAUDE.md': 'global claude\n', '.claude/CLAUDE.md': 'Claude Code’s global file: not pi’s\n' },
  },
  {
    name: 'global-only',
    why: 'loadProjectContextFiles: the agent folder’s file alone',
    tree: { ...GIT, 'src/main.ts': 'x\n' },
    home: { '.pi/agent/AGENTS.md': 'only global\n', '.pi/AGENTS.md': 'not the agent folder\n' },
  },
  {
    name: 'agent-dir-variable',
    why: 'config.js getAgentDir: PI_CODING_AGENT_DIR moves the agent folder; ~/.pi/agent is not read then',
    tree: { ...GIT, 'AGENTS.md': 'project\n' },
    home: { '.pi/agent/AGENTS.md': 'default folder\n', 'custom/CLAUDE.md': 'custom folder\n' },
    env: { PI_CODING_AGENT_DIR: '{{home}}/custom' },
  },
  // ---- SYSTEM.md and APPEND_SYSTEM.md -----------------------------------------------------------
  {
    name: 'project-system-md',
    why: 'discoverSystemPromptFile: .pi/SYSTEM.md replaces pi’s own prompt; the project context follows it',
    tree: { ...GIT, '.pi/SYSTEM.md': 'You are a careful reviewer.\n', 'AGENTS.md': 'project\n' },
  },
  {
    name: 'global-system-md',
    why: 'discoverSystemPromptFile: <agent>/SYSTEM.md when the project has none',
    tree: { ...GIT, 'AGENTS.md': 'project\n' },
    home: { '.pi/agent/SYSTEM.md': 'Global system prompt.' },
  },
  {
    name: 'project-system-wins',
    why: 'discoverSystemPromptFile: the project file first; the global one is not read',
    tree: { ...GIT, '.pi/SYSTEM.md': 'project system\n' },
    home: { '.pi/agent/SYSTEM.md': 'global system\n' },
  },
  {
    name: 'empty-system-md',
    why: 'buildSystemPrompt: an empty SYSTEM.md is no custom prompt: pi keeps its own, and the global file is not taken instead',
    tree: { ...GIT, '.pi/SYSTEM.md': '', 'AGENTS.md': 'project\n' },
    home: { '.pi/agent/SYSTEM.md': 'global system\n' },
  },
  {
    name: 'system-md-only-in-cwd',
    why: 'discoverSystemPromptFile: only the working directory’s .pi is looked at, not a parent’s',
    tree: { ...GIT, '.pi/SYSTEM.md': 'root system\n', '.pi/APPEND_SYSTEM.md': 'root append\n', 'sub/AGENTS.md': 'sub\n' },
    cwd: 'sub',
  },
  {
    name: 'project-append',
    why: 'discoverAppendSystemPromptFile: .pi/APPEND_SYSTEM.md after pi’s prompt, before the project context',
    tree: { ...GIT, '.pi/APPEND_SYSTEM.md': 'Always answer in French.\n', 'AGENTS.md': 'project\n' },
  },
  {
    name: 'global-append',
    why: 'discoverAppendSystemPromptFile: <agent>/APPEND_SYSTEM.md when the project has none',
    tree: { ...GIT, 'CLAUDE.md': 'project\n' },
    home: { '.pi/agent/APPEND_SYSTEM.md': 'global append\n' },
  },
  {
    name: 'project-append-wins',
    why: 'discoverAppendSystemPromptFile: one file, the project’s first',
    tree: { ...GIT, '.pi/APPEND_SYSTEM.md': 'project append\n' },
    home: { '.pi/agent/APPEND_SYSTEM.md': 'global append\n' },
  },
  {
    name: 'empty-append',
    why: 'buildSystemPrompt: an empty APPEND_SYSTEM.md appends nothing (and the global one is not read)',
    tree: { ...GIT, '.pi/APPEND_SYSTEM.md': '', 'AGENTS.md': 'project\n' },
    home: { '.pi/agent/APPEND_SYSTEM.md': 'global append\n' },
  },
  {
    name: 'system-append-context',
    why: 'buildSystemPrompt: SYSTEM.md, a blank line, APPEND_SYSTEM.md, then # Project Context with the global and project files',
    tree: { ...GIT, '.pi/SYSTEM.md': 'system\n', '.pi/APPEND_SYSTEM.md': 'append\n', 'AGENTS.md': 'project\n' },
    home: { '.pi/agent/AGENTS.md': 'global\n' },
  },
  {
    name: 'system-md-no-context',
    why: 'buildSystemPrompt: a SYSTEM.md with no context file is the whole instruction text',
    tree: { ...GIT, '.pi/SYSTEM.md': 'Only the system prompt, no newline at the end' },
  },
  // ---- text as sent -----------------------------------------------------------------------------
  {
    name: 'bom-kept',
    why: 'readFileSync(…, "utf-8") keeps a leading BOM as U+FEFF',
    tree: { ...GIT, 'AGENTS.md': bytes('With a BOM.\n', BOM) },
  },
  {
    name: 'crlf-kept',
    why: 'the text is sent as read: CRLF line ends stay',
    tree: { ...GIT, 'AGENTS.md': 'line one\r\nline two\r\n' },
  },
  {
    name: 'invalid-utf8',
    why: 'readFileSync(…, "utf-8") turns bytes that are not UTF-8 into U+FFFD',
    tree: { ...GIT, 'AGENTS.md': { bytes: [0x41, 0xff, 0xfe, 0x42, 0x0a] } },
  },
  {
    name: 'no-final-newline-and-unicode',
    why: 'buildSystemPrompt: ## <path>, a blank line, the text whole, a blank line',
    tree: { ...GIT, 'AGENTS.md': 'Émoji 🚀 and ünïcode', 'sub/CLAUDE.md': '中文说明\n' },
    cwd: 'sub',
  },
  {
    name: 'frontmatter-and-headings',
    why: 'pi reads no frontmatter and expands no @imports: the file is sent as it is, headings and all',
    tree: {
      ...GIT,
      'AGENTS.md': '---\ntitle: rules\n---\n# Project Context\n\n## /not/a/file\n\n@docs/more.md\n',
      'docs/more.md': 'Not imported.\n',
    },
  },
  {
    name: 'large-file-whole',
    why: 'pi sets no budget: a 200 KB file is sent whole',
    tree: { ...GIT, 'AGENTS.md': 'x'.repeat(199) + '\n' + 'Rule line of the large file.\n'.repeat(7000) },
  },
  {
    name: 'linked-agents',
    why: 'loadContextFileFromDir: a link named AGENTS.md is followed; its own path is written',
    tree: { ...GIT, 'AGENTS.md': { link: 'docs/agents-guide.md' }, 'docs/agents-guide.md': 'Through a link.\n' },
  },
  {
    name: 'broken-link-passed-over',
    why: 'loadContextFileFromDir: existsSync is false for a broken link, so the next name is taken',
    tree: { ...GIT, 'AGENTS.md': { link: 'missing.md' }, 'CLAUDE.md': 'Claude after a broken link.\n' },
  },
  {
    name: 'cwd-through-link',
    why: 'pi writes the working directory as the process has it (links resolved): the walk runs up the real folders',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'real/sub/AGENTS.md': 'real sub\n', 'real/CLAUDE.md': 'real\n', here: { link: 'real/sub' } },
    cwd: 'here',
  },
  // ---- skills (listings) ------------------------------------------------------------------------
  {
    name: 'skill-agents-folder',
    why: 'addAutoDiscoveredResources: .agents/skills of the working directory; formatSkillsForPrompt writes name, description, location',
    tree: { ...GIT, 'AGENTS.md': 'project\n', '.agents/skills/lint/SKILL.md': skill('lint', 'Runs the linter.') },
  },
  {
    name: 'skill-pi-folder-and-root-file',
    why: 'collectSkillEntries mode "pi": .pi/skills takes folders with SKILL.md and .md files directly inside (named after the folder they sit in unless name: says)',
    tree: {
      ...GIT,
      '.pi/skills/deploy/SKILL.md': skill('deploy', 'Deploys the app.'),
      '.pi/skills/quick.md': skill('quick', 'A one-file skill.'),
      '.pi/skills/unnamed.md': skill(null, 'Named after its folder.'),
    },
  },
  {
    name: 'skill-agents-root-file-not-a-skill',
    why: 'collectSkillEntries mode "agents": a .md file directly in .agents/skills is not a skill',
    tree: {
      ...GIT,
      '.agents/skills/loose.md': skill('loose', 'Not a skill here.'),
      '.agents/skills/real/SKILL.md': skill('real', 'A skill.'),
    },
  },
  {
    name: 'skill-order-and-walk',
    why: 'addAutoDiscoveredResources: .pi/skills first, then .agents/skills from the working directory up to the git root, nearest first',
    tree: {
      ...GIT,
      '.agents/skills/root-skill/SKILL.md': skill('root-skill', 'At the root.'),
      'pkg/.agents/skills/pkg-skill/SKILL.md': skill('pkg-skill', 'In pkg.'),
      'pkg/app/.agents/skills/app-skill/SKILL.md': skill('app-skill', 'In app.'),
      'pkg/app/.pi/skills/pi-skill/SKILL.md': skill('pi-skill', 'In app .pi.'),
      'pkg/app/.pi/skills/zz/SKILL.md': skill('zz', 'Sorted after pi-skill.'),
    },
    cwd: 'pkg/app',
  },
  {
    name: 'skill-walk-stops-at-git-root',
    why: 'collectAncestorAgentsSkillDirs: the walk stops at the folder holding .git; .pi/skills of a parent is never read',
    tree: {
      '.agents/skills/above/SKILL.md': skill('above', 'Above the repository.'),
      '.pi/skills/parent-pi/SKILL.md': skill('parent-pi', 'Not the working directory.'),
      'repo/.git': { dir: true },
      'repo/.agents/skills/inside/SKILL.md': skill('inside', 'In the repository.'),
    },
    cwd: 'repo',
  },
  {
    name: 'skill-walk-without-git',
    why: 'collectAncestorAgentsSkillDirs: with no git root the walk goes on up',
    tree: { '.agents/skills/top/SKILL.md': skill('top', 'Top.'), 'a/b/.agents/skills/deep/SKILL.md': skill('deep', 'Deep.') },
    cwd: 'a/b',
  },
  {
    name: 'skill-home-folders',
    why: 'addAutoDiscoveredResources: the user skills (<agent>/skills, then ~/.agents/skills) after the project ones',
    tree: { ...GIT, '.agents/skills/proj/SKILL.md': skill('proj', 'Project.') },
    home: {
      '.pi/agent/skills/mine/SKILL.md': skill('mine', 'Agent folder.'),
      '.pi/agent/skills/single.md': skill('single', 'A file in the agent folder.'),
      '.agents/skills/shared/SKILL.md': skill('shared', 'Home agents folder.'),
      '.agents/skills/shared.md': skill('not-root', 'Not a skill in .agents.'),
    },
  },
  {
    name: 'skill-name-collision',
    why: 'loadSkills: of two skills with one name the first (the project’s) is kept',
    tree: {
      ...GIT,
      '.pi/skills/a/SKILL.md': skill('same', 'First.'),
      '.agents/skills/b/SKILL.md': skill('same', 'Second, dropped.'),
    },
    home: { '.agents/skills/c/SKILL.md': skill('same', 'Home, dropped.') },
  },
  {
    name: 'skill-missing-description',
    why: 'loadSkillFromFile: a skill without a description (or a blank one) is not loaded',
    tree: {
      ...GIT,
      '.agents/skills/none/SKILL.md': skill('none', null),
      '.agents/skills/blank/SKILL.md': skill('blank', '"   "'),
      '.agents/skills/ok/SKILL.md': skill('ok', 'Has one.'),
    },
  },
  {
    name: 'skill-disable-model-invocation',
    why: 'formatSkillsForPrompt: disable-model-invocation: true keeps a skill out of the list, and it still claims its name',
    tree: {
      ...GIT,
      '.pi/skills/manual/SKILL.md': skill('manual', 'Only by command.', 'disable-model-invocation: true\n'),
      '.agents/skills/manual/SKILL.md': skill('manual', 'Loses to the hidden one.'),
      '.agents/skills/auto/SKILL.md': skill('auto', 'Listed.', 'disable-model-invocation: false\n'),
    },
  },
  {
    name: 'skill-nested-folders',
    why: 'collectSkillEntries: folders without SKILL.md are looked into; a folder with one is not looked into further; dot folders and node_modules are left out',
    tree: {
      ...GIT,
      '.agents/skills/group/inner/SKILL.md': skill('inner', 'Two levels down.'),
      '.agents/skills/outer/SKILL.md': skill('outer', 'Outer.'),
      '.agents/skills/outer/nested/SKILL.md': skill('nested', 'Below a skill: not looked at.'),
      '.agents/skills/.hidden/SKILL.md': skill('hidden', 'Dot folder.'),
      '.agents/skills/node_modules/dep/SKILL.md': skill('dep', 'node_modules.'),
    },
  },
  {
    name: 'skill-ignore-files',
    why: 'collectSkillEntries: .gitignore, .ignore and .fdignore in a skills folder leave out what they match',
    tree: {
      ...GIT,
      '.agents/skills/.gitignore': 'secret/\n',
      '.agents/skills/.ignore': 'draft\n',
      '.agents/skills/secret/SKILL.md': skill('secret', 'Ignored.'),
      '.agents/skills/draft/SKILL.md': skill('draft', 'Ignored too.'),
      '.agents/skills/kept/SKILL.md': skill('kept', 'Kept.'),
    },
  },
  {
    name: 'skill-escaping-and-name-mismatch',
    why: 'formatSkillsForPrompt escapes & < > " \' in every field; a name: unlike its folder is only a warning',
    tree: {
      ...GIT,
      '.agents/skills/folder-name/SKILL.md': skill('other-name', '"Use <this> & \\"that\\" when it\'s needed."'),
    },
  },
  {
    name: 'skill-long-description',
    why: 'validateDescription: past 1024 characters is only a warning; the description is sent whole',
    tree: { ...GIT, '.agents/skills/long/SKILL.md': skill('long', 'L'.repeat(1500)) },
  },
  {
    name: 'skill-bad-header',
    why: 'parseFrontmatter: a header that is not YAML fails the skill; a file with no header has no description',
    tree: {
      ...GIT,
      '.agents/skills/broken/SKILL.md': '---\nname: broken\ndescription: [unclosed\n---\nbody\n',
      '.agents/skills/plain/SKILL.md': '# No header\n',
      '.agents/skills/good/SKILL.md': skill('good', 'Fine.'),
    },
  },
  {
    name: 'skill-crlf-and-multiline',
    why: 'parseFrontmatter reads CR LF as LF; a folded description is YAML’s',
    tree: {
      ...GIT,
      '.agents/skills/crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: Windows lines.\r\n---\r\nbody\r\n',
      '.agents/skills/folded/SKILL.md': '---\nname: folded\ndescription: >\n  One line\n  and the next.\n---\n',
    },
  },
  {
    name: 'skill-linked-folder',
    why: 'collectSkillEntries follows a linked skill folder; the location is the path through the link, and one file reached twice is listed once',
    tree: {
      ...GIT,
      'common/tool/SKILL.md': skill('tool', 'Shared.'),
      '.agents/skills/tool': { link: '../../common/tool' },
      '.pi/skills/tool-again': { link: '../../common/tool' },
    },
  },
  // ---- settings that change the skills --------------------------------------------------------
  {
    name: 'settings-skills-folder',
    why: 'resolveLocalEntries: a project settings skills entry (from .pi) is read as a skills folder ("pi" mode: .md files inside too) and comes before the discovered folders',
    tree: {
      ...GIT,
      '.pi/settings.json': JSON.stringify({ skills: ['../common-skills'] }),
      'common-skills/alpha/SKILL.md': skill('alpha', 'From settings.'),
      'common-skills/loose.md': skill('loose', 'A file in the named folder.'),
      '.agents/skills/beta/SKILL.md': skill('beta', 'Discovered.'),
    },
  },
  {
    name: 'settings-skills-exclude',
    why: 'isEnabledByOverrides: a "!" pattern turns off a discovered skill, matched by its folder name; "+" brings one back by its exact path',
    tree: {
      ...GIT,
      '.pi/settings.json': JSON.stringify({ skills: ['!legacy*', '+../.agents/skills/legacy-keep'] }),
      '.agents/skills/legacy-old/SKILL.md': skill('legacy-old', 'Turned off.'),
      '.agents/skills/legacy-keep/SKILL.md': skill('legacy-keep', 'Forced back.'),
      '.agents/skills/current/SKILL.md': skill('current', 'Kept.'),
    },
  },
  {
    name: 'settings-skills-patterns',
    why: 'applyPatterns: include globs keep only matching files of the named folders, "!" drops, "-" drops an exact path',
    tree: {
      ...GIT,
      '.pi/settings.json': JSON.stringify({ skills: ['../lib', 'tool-*', '!tool-draft', '-../lib/tool-b'] }),
      'lib/tool-a/SKILL.md': skill('tool-a', 'Kept.'),
      'lib/tool-b/SKILL.md': skill('tool-b', 'Dropped by "-".'),
      'lib/tool-draft/SKILL.md': skill('tool-draft', 'Dropped by "!".'),
      'lib/other/SKILL.md': skill('other', 'Not included.'),
    },
  },
  {
    name: 'settings-skills-user',
    why: 'resolveLocalEntries: the agent folder’s settings.json skills entries (~ is the home), after the project’s skills and before the user folders',
    tree: { ...GIT, '.agents/skills/proj/SKILL.md': skill('proj', 'Project.') },
    home: {
      '.pi/agent/settings.json': JSON.stringify({ skills: ['~/my-skills', '!home-off'] }),
      'my-skills/mine/SKILL.md': skill('mine', 'Named by the user settings.'),
      '.agents/skills/home-off/SKILL.md': skill('home-off', 'Turned off by the user settings.'),
      '.agents/skills/home-on/SKILL.md': skill('home-on', 'Home folder.'),
    },
  },
  {
    name: 'settings-skills-old-format',
    why: 'migrateSettings: the old { skills: { customDirectories } } form is read as the list',
    tree: {
      ...GIT,
      '.pi/settings.json': JSON.stringify({ skills: { customDirectories: ['../old-skills'] } }),
      'old-skills/legacy/SKILL.md': skill('legacy', 'Old settings form.'),
    },
  },
];
