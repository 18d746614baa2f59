/**
 * Continue CLI 1.5.47 oracle cases (src/resolver/profiles/continue/README.md). Each `why` names the
 * rule it checks and where it comes from in the CLI's source (systemMessage.ts, the config-yaml
 * package's markdownToRule.ts) or a run. Continue looks only at its working directory (the agent
 * file, `.continue/rules`) and the user folder (`~/.continue/rules`); a git repository changes
 * nothing it loads, so most trees have none.
 */
import type { OracleCase } from '../case';
import { ownGitDir } from '../vectors/env-payloads';

const SM = 'systemMessage.ts constructSystemMessage';
const RULES = 'systemMessage.ts loadMarkdownRulesWithMetadata';
const PARSE = 'config-yaml markdownToRule.ts parseMarkdownRule';
const SKILLS = 'loadMarkdownSkills.ts and tools/skills.ts';
const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n\nWhat ${name} does.\n`;
const bytes = (s: string, prefix: number[] = []) => ({ bytes: [...prefix, ...Buffer.from(s, 'utf8')] });
const BOM = [0xef, 0xbb, 0xbf];

export const cases: OracleCase[] = [
  // ---- the agent file ------------------------------------------------------------------------------
  {
    name: 'agents-md',
    why: `${SM}: AGENTS.md of the working directory, whole, in <context name="userRules">`,
    tree: { 'AGENTS.md': 'Agents at the root.\n' },
  },
  {
    name: 'agent-md',
    why: `${SM}: AGENT.md when there is no AGENTS.md`,
    tree: { 'AGENT.md': 'Agent, singular.\n', 'GEMINI.md': 'Not a Continue name.\n' },
  },
  {
    name: 'claude-md',
    why: `${SM}: CLAUDE.md when there is neither AGENTS.md nor AGENT.md`,
    tree: { 'CLAUDE.md': 'Claude file.\n', 'CODEX.md': 'Codex file, after Claude.\n' },
  },
  {
    name: 'codex-md',
    why: `${SM}: CODEX.md, the last name`,
    tree: { 'CODEX.md': 'Codex file.\n' },
  },
  {
    name: 'first-name-wins',
    why: `${SM}: the first of AGENTS.md, AGENT.md, CLAUDE.md, CODEX.md that exists, the others not read`,
    tree: { 'AGENTS.md': 'Agents wins.\n', 'AGENT.md': 'agent\n', 'CLAUDE.md': 'claude\n', 'CODEX.md': 'codex\n' },
  },
  {
    name: 'agent-before-claude',
    why: `${SM}: AGENT.md comes before CLAUDE.md`,
    tree: { 'AGENT.md': 'Agent wins.\n', 'CLAUDE.md': 'claude\n' },
  },
  {
    name: 'empty-agents-stops',
    why: `${SM}: an empty AGENTS.md exists, so Continue stops there and sends no agent file (CLAUDE.md is not read)`,
    tree: { 'AGENTS.md': '', 'CLAUDE.md': 'Never sent.\n', '.continue/rules/a.md': 'A rule.\n' },
  },
  {
    name: 'whitespace-agents',
    why: `${SM}: the agent file is sent as read, whitespace and all (no trim)`,
    tree: { 'AGENTS.md': '\n  \n', 'CLAUDE.md': 'Not read.\n' },
  },
  {
    name: 'agents-folder-stops',
    why: `${SM}: a folder named AGENTS.md exists; reading it fails inside the loop's try, so no agent file is sent at all`,
    tree: { 'AGENTS.md/inner.md': 'Inside a folder.\n', 'CLAUDE.md': 'Not read either.\n' },
  },
  {
    name: 'dangling-link-skipped',
    why: `${SM}: fs.existsSync follows links, so a dangling AGENTS.md does not exist and CLAUDE.md is read`,
    tree: { 'AGENTS.md': { link: 'missing.md' }, 'CLAUDE.md': 'Claude after a dangling link.\n' },
  },
  {
    name: 'linked-agents',
    why: `${SM}: an AGENTS.md link is followed (readFileSync)`,
    tree: { 'AGENTS.md': { link: 'docs/guide.md' }, 'docs/guide.md': 'The guide, through a link.\n' },
  },
  {
    name: 'lowercase-not-read',
    why: `${SM}: the names are exact (Linux): agents.md and Claude.md are not read`,
    tree: { 'agents.md': 'lower\n', 'Claude.md': 'mixed\n', 'CODEX.md': 'The exact name.\n' },
  },
  {
    name: 'no-walk-up',
    why: `${SM}: only the working directory (process.cwd()); the git root's AGENTS.md above it is not read`,
    tree: { '.git': { dir: true }, 'AGENTS.md': 'Root, not read.\n', 'pkg/CLAUDE.md': 'Package Claude.\n' },
    cwd: 'pkg',
  },
  {
    name: 'no-walk-down',
    why: `${SM}: files below the working directory are never read, not even when the read tool touches them`,
    tree: { 'AGENTS.md': 'Root.\n', 'src/AGENTS.md': 'Below.\n', 'src/.continue/rules/r.md': 'Below rule.\n', 'src/app.ts': 'x\n' },
    read: 'src/app.ts',
  },
  {
    name: 'agents-crlf-bom-frontmatter',
    why: `${SM}: readFileSync(utf-8): CRLF and a BOM kept, a frontmatter block sent as text`,
    tree: { 'AGENTS.md': bytes('---\r\nname: x\r\n---\r\nWindows lines.\r\n', BOM) },
  },
  {
    name: 'agents-invalid-utf8',
    why: `${SM}: invalid UTF-8 decodes to U+FFFD`,
    tree: { 'AGENTS.md': { bytes: [0x4f, 0x6b, 0x20, 0xff, 0xfe, 0x21, 0x0a] } },
  },
  // ---- rules ----------------------------------------------------------------------------------------
  {
    name: 'rules-only',
    why: `${SM}: without an agent file the rules follow the opening line directly`,
    tree: { '.continue/rules/only.md': 'The only rule.\n' },
  },
  {
    name: 'rules-folder',
    why: `${RULES}: .continue/rules/*.md after the agent file; a rule without frontmatter is sent untrimmed, one with it trimmed`,
    tree: { 'AGENTS.md': 'Agents.\n', '.continue/rules/a.md': 'Rule a.\n\n', '.continue/rules/b.md': '---\nname: B\n---\n\nRule b.\n\n' },
    read: 'AGENTS.md',
  },
  {
    name: 'rules-byte-order',
    why: `${RULES}: readdirSync lists a folder sorted by bytes: upper case before lower case, digits first`,
    tree: {
      '.continue/rules/b.md': 'b\n',
      '.continue/rules/A.md': 'A\n',
      '.continue/rules/a.md': 'a\n',
      '.continue/rules/10.md': 'ten\n',
      '.continue/rules/_x.md': 'underscore\n',
    },
  },
  {
    name: 'rules-breadth-first',
    why: `${RULES}: readdirSync(dir, { recursive: true }) lists breadth first: the folder's files, then each subfolder's, then theirs`,
    tree: {
      '.continue/rules/z.md': 'top z\n',
      '.continue/rules/a/c/deep.md': 'deep in a/c\n',
      '.continue/rules/a/b.md': 'a/b\n',
      '.continue/rules/b/a.md': 'b/a\n',
      '.continue/rules/a/z.md': 'a/z\n',
    },
  },
  {
    name: 'rules-other-extensions',
    why: `${RULES}: only paths ending in .md (case matters): .mdc, .MD, .txt and a file with no extension are left out`,
    tree: {
      '.continue/rules/a.mdc': 'mdc\n',
      '.continue/rules/b.MD': 'upper\n',
      '.continue/rules/c.txt': 'txt\n',
      '.continue/rules/README': 'none\n',
      '.continue/rules/d.md': 'Markdown.\n',
    },
  },
  {
    name: 'rules-folder-named-md',
    why: `${RULES}: a folder whose name ends in .md is not a file (statSync) but is walked`,
    tree: { '.continue/rules/group.md/inner.md': 'Inside group.md.\n', '.continue/rules/top.md': 'Top.\n' },
  },
  {
    name: 'rules-globs-regex-left-out',
    why: `${RULES}: a rule with globs or regex and no alwaysApply is not always applied, and the CLI sends only those`,
    tree: {
      '.continue/rules/a-globs.md': '---\nglobs: "**/*.ts"\n---\nTypeScript only.\n',
      '.continue/rules/b-regex.md': '---\nregex: foo\n---\nFoo only.\n',
      '.continue/rules/c-plain.md': '---\ndescription: plain\n---\nAlways.\n',
    },
    read: 'src/x.ts',
  },
  {
    name: 'rules-always-apply',
    why: `${RULES}: alwaysApply true sends a rule even with globs; false keeps one out; the string "true" is not true`,
    tree: {
      '.continue/rules/a.md': '---\nalwaysApply: true\nglobs: "**/*.py"\n---\nAlways, globs or not.\n',
      '.continue/rules/b.md': '---\nalwaysApply: false\n---\nNever.\n',
      '.continue/rules/c.md': '---\nalwaysApply: "true"\n---\nA string.\n',
      '.continue/rules/d.md': '---\nalwaysApply: null\n---\nNull is not undefined.\n',
    },
  },
  {
    name: 'rules-empty-globs',
    why: `${RULES}: !frontmatter.globs: an empty string is no globs (sent), an empty list is (left out)`,
    tree: {
      '.continue/rules/a.md': '---\nglobs: ""\n---\nEmpty string globs.\n',
      '.continue/rules/b.md': '---\nglobs: []\n---\nEmpty list globs.\n',
    },
  },
  {
    name: 'rules-invokable',
    why: `${RULES}: an invokable rule (a prompt) is skipped`,
    tree: { '.continue/rules/p.md': '---\ninvokable: true\n---\nA prompt.\n', '.continue/rules/q.md': 'A rule.\n' },
  },
  {
    name: 'rules-empty-body',
    why: `${RULES}: a rule whose text is blank after its frontmatter is skipped, as is an empty file`,
    tree: { '.continue/rules/a.md': '---\nname: empty\n---\n\n', '.continue/rules/b.md': '', '.continue/rules/c.md': 'Kept.\n' },
  },
  {
    name: 'rules-duplicate-text',
    why: "ConfigService.ts: the rules files join the configuration's rules filtered only against its own, so equal texts are each sent (seen in a run; systemMessage.ts alone would send one)",
    tree: {
      '.continue/rules/a.md': '---\nname: one\n---\nSame text.\n',
      '.continue/rules/b.md': '---\nname: two\n---\n\nSame text.\n\n',
      '.continue/rules/c.md': 'Same text.\n',
    },
  },
  {
    name: 'rules-horizontal-rules',
    why: `${PARSE}: any two "---" lines make a frontmatter: the text before the first is dropped and the part between is read as YAML`,
    tree: { '.continue/rules/style.md': '# Style\n\nIntro line.\n\n---\n\nMiddle part.\n\n---\n\nEnd part.\n---\nAfter a third.\n' },
  },
  {
    name: 'rules-bad-yaml',
    why: `${PARSE}: frontmatter that does not parse as YAML leaves the whole text, untrimmed`,
    tree: { '.continue/rules/bad.md': '---\nkey: [unclosed\n---\nBody.\n\n' },
  },
  {
    name: 'rules-crlf-and-dashes',
    why: `${PARSE}: CRLF becomes LF; a "---" line may carry trailing spaces`,
    tree: { '.continue/rules/w.md': '---  \r\nname: w\r\n---\t\r\nWindows rule.\r\nSecond line.\r\n' },
  },
  {
    name: 'rules-bom-frontmatter',
    why: `${PARSE}: a BOM before the first "---" keeps that line from matching, so one "---" line is left and the whole text is the rule`,
    tree: { '.continue/rules/bom.md': bytes('---\nname: bom\n---\nWith a BOM.\n', BOM) },
  },
  {
    name: 'rules-cwd-only',
    why: `${RULES}: <cwd>/.continue/rules only: the git root's rules folder above the working directory is not read`,
    tree: { '.git': { dir: true }, '.continue/rules/root.md': 'Root rule.\n', 'app/.continue/rules/app.md': 'App rule.\n' },
    cwd: 'app',
  },
  {
    name: 'global-rules',
    why: `${RULES}: ~/.continue/rules after the working directory's rules`,
    tree: { 'AGENTS.md': 'Project.\n', '.continue/rules/p.md': 'Project rule.\n' },
    home: { '.continue/rules/g.md': 'Global rule.\n', '.continue/rules/sub/h.md': '---\nglobs: "*.js"\n---\nGlobal, globs.\n' },
  },
  {
    name: 'global-duplicate-of-project',
    why: 'ConfigService.ts: a global rule equal to a project rule is sent again (no dedup among rules files)',
    tree: { '.continue/rules/p.md': 'Shared rule.\n' },
    home: { '.continue/rules/g.md': 'Shared rule.\n', '.continue/rules/h.md': 'Only global.\n' },
  },
  {
    name: 'linked-rules',
    why: `${RULES}: statSync and readdirSync follow links: a linked rule file and a linked folder are read`,
    tree: {
      'common/one.md': 'Linked file rule.\n',
      'common/dir/two.md': 'Linked folder rule.\n',
      '.continue/rules/one.md': { link: '../../common/one.md' },
      '.continue/rules/dir': { link: '../../common/dir' },
      '.continue/rules/zz.md': 'Plain.\n',
    },
  },
  {
    name: 'global-dir-variable',
    why: 'env.ts: CONTINUE_GLOBAL_DIR moves the user folder: its rules are read, ~/.continue/rules is not',
    tree: { '.continue/rules/p.md': 'Project rule.\n' },
    home: { 'cfg/rules/moved.md': 'Moved global rule.\n', '.continue/rules/old.md': 'Not read now.\n' },
    env: { CONTINUE_GLOBAL_DIR: '{{home}}/cfg' },
  },
  {
    name: 'read-loads-nothing',
    why: 'readFile.ts: the Read tool returns the file alone; nothing is loaded when a tool touches a folder with its own files',
    tree: {
      'AGENTS.md': 'Root agents.\n',
      'pkg/AGENTS.md': 'Package agents.\n',
      'pkg/.continue/rules/p.md': 'Package rule.\n',
      'pkg/index.ts': 'export {};\n',
    },
    read: 'pkg/index.ts',
  },
  {
    name: 'big-agents-file',
    why: `${SM}: no budget: a 200 KB AGENTS.md is sent whole`,
    tree: { 'AGENTS.md': `${'Line of the big file.\n'.repeat(9000)}` },
  },
  // ---- skills (the Skills tool's description) ------------------------------------------------------
  {
    name: 'skills-three-folders',
    why: `${SKILLS}: .continue/skills, then .claude/skills, then ~/.continue/skills, each folder in name order`,
    tree: {
      '.continue/skills/b-tool/SKILL.md': skill('b-tool', 'Continue skill b.'),
      '.continue/skills/a-tool/SKILL.md': skill('a-tool', 'Continue skill a.'),
      '.claude/skills/review/SKILL.md': skill('review', 'Claude skill.'),
      '.claude/skills/review/notes.md': 'extra file\n',
    },
    home: { '.continue/skills/global/SKILL.md': skill('global', 'Home skill.') },
  },
  {
    name: 'skills-header-checks',
    why: `${SKILLS}: name and description must be non-empty strings (zod); a skill failing that is dropped, a folder without SKILL.md is no skill`,
    tree: {
      '.claude/skills/good/SKILL.md': skill('named-otherwise', "The name is the header's, not the folder's."),
      '.claude/skills/no-desc/SKILL.md': '---\nname: no-desc\n---\nBody.\n',
      '.claude/skills/number/SKILL.md': '---\nname: number\ndescription: 42\n---\nBody.\n',
      '.claude/skills/empty/SKILL.md': '---\nname: empty\ndescription: ""\n---\nBody.\n',
      '.claude/skills/none/README.md': 'Not a skill.\n',
      '.claude/skills/loose.md': 'A file, not a folder.\n',
    },
  },
  {
    name: 'skills-same-name',
    why: `${SKILLS}: no name is kept once: the same name in two folders is listed twice`,
    tree: {
      '.continue/skills/dup/SKILL.md': skill('dup', 'From .continue.'),
      '.claude/skills/dup/SKILL.md': skill('dup', 'From .claude.'),
    },
  },
  {
    name: 'skills-multiline-description',
    why: `${SKILLS}: the description is written as YAML gives it, line breaks and commas kept`,
    tree: { '.claude/skills/long/SKILL.md': '---\nname: long\ndescription: |\n  First line, with a comma.\n  Second line.\n---\nBody.\n' },
  },
  {
    name: 'skills-linked-folder',
    why: `${SKILLS}: readdir withFileTypes: a link to a skill folder is not a folder entry and is left out; a linked SKILL.md is read`,
    tree: {
      'common/linked/SKILL.md': skill('linked', 'Through a folder link.'),
      'common/file.md': skill('file-link', 'Through a file link.'),
      '.claude/skills/linked': { link: '../../common/linked' },
      '.claude/skills/real/SKILL.md': { link: '../../../common/file.md' },
    },
  },
  {
    name: 'skills-cwd-only',
    why: `${SKILLS}: the working directory's folders only: the git root's .claude/skills above it is not listed`,
    tree: {
      '.git': { dir: true },
      '.claude/skills/root/SKILL.md': skill('root', 'At the root.'),
      'app/.claude/skills/app/SKILL.md': skill('app', 'In the app.'),
    },
    cwd: 'app',
  },
  // ---- a real repository ---------------------------------------------------------------------------
  {
    name: 'git-repository',
    why: `${SM}: in a git repository Continue sends git status beside the rules; the rules are the same`,
    tree: {
      ...ownGitDir(),
      'AGENTS.md': 'In a repository.\n',
      '.continue/rules/r.md': 'Repository rule.\n',
      '.claude/skills/s/SKILL.md': skill('s', 'A skill in a repository.'),
      'src/main.ts': 'export {};\n',
    },
  },
  // ---- more of the rules reader ---------------------------------------------------------------------
  {
    name: 'rules-folder-is-link',
    why: `${RULES}: .continue/rules itself a link to a folder is listed through it`,
    tree: {
      'docs/rules/a.md': 'Through the folder link.\n',
      'docs/rules/sub/b.md': 'And below it.\n',
      '.continue/rules': { link: '../docs/rules' },
    },
  },
  {
    name: 'rules-hidden-and-empty-frontmatter',
    why: `${RULES}/${PARSE}: hidden folders are listed; an empty or comment-only frontmatter is no frontmatter keys (always applied, trimmed)`,
    tree: {
      '.continue/rules/.hidden/h.md': 'Hidden folder rule.\n',
      '.continue/rules/empty.md': '---\n---\n\nEmpty frontmatter.\n',
      '.continue/rules/comment.md': '---\n# just a comment\n---\nComment frontmatter.\n',
    },
  },
  {
    name: 'rules-invokable-wins',
    why: `${RULES}: invokable is checked first: alwaysApply true does not bring an invokable rule back`,
    tree: { '.continue/rules/a.md': '---\nalwaysApply: true\ninvokable: true\n---\nA prompt.\n', '.continue/rules/b.md': 'B.\n' },
  },
  {
    name: 'rules-lists',
    why: `${RULES}: globs and regex given as lists keep a rule out too`,
    tree: {
      '.continue/rules/a.md': '---\nglobs:\n  - "src/**"\n  - "*.md"\n---\nListed globs.\n',
      '.continue/rules/b.md': '---\nregex:\n  - foo\n---\nListed regex.\n',
      '.continue/rules/c.md': 'C.\n',
    },
  },
  {
    name: 'rules-nothing-after-frontmatter',
    why: `${PARSE}: text before a frontmatter is dropped, so a rule whose text is all above it sends nothing`,
    tree: { '.continue/rules/a.md': 'All the text is here.\n---\nname: a\n---\n', '.continue/rules/b.md': 'B.\n' },
  },
  {
    name: 'agents-link-to-folder',
    why: `${SM}: an AGENTS.md link to a folder exists; reading it fails and nothing is sent`,
    tree: { 'docs/guide/x.md': 'x\n', 'AGENTS.md': { link: 'docs/guide' }, 'CODEX.md': 'Not read.\n', '.continue/rules/r.md': 'Rule.\n' },
  },
  {
    name: 'skills-many-in-order',
    why: `${SKILLS}: eight skills over the three folders, read in parallel, listed in the folders' order`,
    tree: {
      '.continue/skills/c1/SKILL.md': skill('c1', 'one'),
      '.continue/skills/c2/SKILL.md': skill('c2', 'two'),
      '.continue/skills/c3/SKILL.md': skill('c3', 'three'),
      '.claude/skills/k1/SKILL.md': skill('k1', 'four'),
      '.claude/skills/k2/SKILL.md': skill('k2', 'five'),
      '.claude/skills/k3/SKILL.md': skill('k3', 'six'),
    },
    home: { '.continue/skills/h1/SKILL.md': skill('h1', 'seven'), '.continue/skills/h2/SKILL.md': skill('h2', 'eight') },
  },
  {
    name: 'skills-odd-files',
    why: `${SKILLS}: a SKILL.md with a BOM has no header (dropped), skill.md is not SKILL.md, a SKILL.md folder cannot be read`,
    tree: {
      '.claude/skills/bom/SKILL.md': bytes('---\nname: bom\ndescription: With a BOM.\n---\n', BOM),
      '.claude/skills/lower/skill.md': skill('lower', 'Lower-case file name.'),
      '.claude/skills/folder/SKILL.md/x.md': 'x\n',
      '.claude/skills/ok/SKILL.md': skill('ok', 'The only one listed.'),
    },
  },
  {
    name: 'home-other-files-not-read',
    why: `${SM}/${SKILLS}: of the home only the user folder's rules and skills: ~/.claude/CLAUDE.md, ~/.claude/skills, ~/AGENTS.md and ~/.continue/AGENTS.md are not read`,
    tree: { 'CLAUDE.md': 'Project Claude.\n' },
    home: {
      '.claude/CLAUDE.md': 'Home Claude.\n',
      '.claude/skills/home/SKILL.md': skill('home', 'A home Claude skill.'),
      'AGENTS.md': 'Home agents.\n',
      '.continue/AGENTS.md': 'Continue folder agents.\n',
      '.continue/rules/g.md': 'Global rule.\n',
    },
  },
  {
    name: 'no-imports',
    why: `${SM}: the agent file and the rules are sent as read: an @path line is text, not an import`,
    tree: {
      'AGENTS.md': 'See @docs/more.md for more.\n@docs/more.md\n',
      'docs/more.md': 'Never imported.\n',
      '.continue/rules/r.md': 'Rule naming @docs/more.md.\n',
    },
  },
  {
    name: 'cwd-through-link',
    why: `${SM}: started in a folder reached through a link, Continue reads the folder it leads to`,
    tree: { 'real/AGENTS.md': 'Real folder.\n', 'real/.continue/rules/r.md': 'Real rule.\n', alias: { link: 'real' } },
    cwd: 'alias',
  },
];
