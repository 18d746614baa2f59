/**
 * Cline CLI 3.0.65 oracle cases (src/resolver/profiles/cline/README.md). Each `why` names the rule it checks and
 * where it comes from: the source of `@cline/core` 0.0.86 and `@cline/shared` 0.0.86, which the
 * CLI's binary embeds (`resolveRulesConfigSearchPaths`, the rules definition of the user
 * instruction watcher: `discoverFiles`, `includeFile`, `parseRuleConfigFromMarkdown`, the rule
 * names, `formatRulesForSystemPrompt`), or a behaviour first seen in a run.
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const fm = (data: string, body: string) => `---\n${data}\n---\n${body}`;

export const cases: OracleCase[] = [
  // ---- the workspace's files ---------------------------------------------------------------------
  {
    name: 'clinerules-file',
    why: 'search paths: <workspace>/.clinerules as a file is one rule named ".clinerules" (its base name without extension)',
    tree: { ...GIT, '.clinerules': 'Use tabs.\n' },
  },
  {
    name: 'clinerules-folder',
    why: 'discoverFiles: a .clinerules folder gives each .md, .markdown and .txt file directly in it, each named by its base name without extension, sorted by name',
    tree: {
      ...GIT,
      '.clinerules/b-style.md': 'Style rule.\n',
      '.clinerules/a-tests.markdown': 'Test rule.\n',
      '.clinerules/c-notes.txt': 'Notes rule.\n',
    },
  },
  {
    name: 'clinerules-folder-skips',
    why: 'discoverFiles/includeFile: files of other extensions (.mdc, .json, none) and subfolders (hooks, workflows, nested) are not rules',
    tree: {
      ...GIT,
      '.clinerules/keep.md': 'Kept.\n',
      '.clinerules/cursor.mdc': 'Not a rule.\n',
      '.clinerules/data.json': '{"no": true}\n',
      '.clinerules/README': 'No extension.\n',
      '.clinerules/nested/deep.md': 'Not walked.\n',
      '.clinerules/workflows/release.md': 'A workflow, not a rule.\n',
    },
  },
  {
    name: 'clinerules-folder-agents',
    why: 'discoverFiles: an AGENTS.md inside a rules folder is a rule named "AGENTS" (not "Workspace AGENTS.md")',
    tree: { ...GIT, '.clinerules/AGENTS.md': 'Agents in the folder.\n', '.clinerules/x.md': 'x\n' },
  },
  {
    name: 'cline-rules-folder',
    why: 'search paths: <workspace>/.cline/rules is a rules folder too',
    tree: { ...GIT, '.cline/rules/one.md': 'From .cline/rules.\n' },
  },
  {
    name: 'both-workspace-folders',
    why: 'search paths: .clinerules and .cline/rules both load; the rules are sorted by name, not by folder',
    tree: { ...GIT, '.clinerules/zeta.md': 'zeta\n', '.cline/rules/alpha.md': 'alpha\n', '.clinerules/mid.md': 'mid\n' },
  },
  {
    name: 'agents-md-root',
    why: 'search paths: <workspace>/AGENTS.md is a rule named "Workspace AGENTS.md"',
    tree: { ...GIT, 'AGENTS.md': '# Project\n\nUse pnpm.\n' },
  },
  {
    name: 'other-agents-files-ignored',
    why: 'search paths: CLAUDE.md, GEMINI.md, .cursorrules, .windsurfrules, .github/copilot-instructions.md and .cursor/rules are not read by 3.0.65',
    tree: {
      ...GIT,
      'AGENTS.md': 'agents\n',
      'CLAUDE.md': 'claude\n',
      'GEMINI.md': 'gemini\n',
      '.cursorrules': 'cursor\n',
      '.windsurfrules': 'windsurf\n',
      '.github/copilot-instructions.md': 'copilot\n',
      '.cursor/rules/r.mdc': 'cursor rule\n',
    },
  },
  {
    name: 'nested-agents-not-read',
    why: 'search paths: only the workspace root AGENTS.md; AGENTS.md and .clinerules in subfolders are never read',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'nested\n', 'pkg/.clinerules': 'nested rules\n', 'pkg/a.ts': 'a\n' },
  },
  {
    name: 'cwd-below-git-root',
    why: "the workspace is the working directory, not the repository root: a subfolder run reads the subfolder's files only",
    tree: {
      ...GIT,
      'AGENTS.md': 'repo root\n',
      '.clinerules': 'repo rules\n',
      'app/AGENTS.md': 'app agents\n',
      'app/.clinerules/r.md': 'app rule\n',
    },
    cwd: 'app',
  },
  {
    name: 'no-git',
    why: 'no repository needed: the same files load without a .git',
    tree: { 'AGENTS.md': 'agents\n', '.clinerules/r.md': 'rule\n' },
  },
  {
    name: 'nothing',
    why: 'no rule at all: the system prompt has no "# Rules" block',
    tree: { ...GIT, 'README.md': 'readme\n' },
  },
  // ---- the home's files --------------------------------------------------------------------------
  {
    name: 'global-documents-rules',
    why: "search paths: ~/Documents/Cline/Rules (the extension's global rules folder) is read",
    tree: { ...GIT },
    home: { 'Documents/Cline/Rules/global.md': 'Global rule.\n' },
  },
  {
    name: 'global-cline-rules',
    why: 'search paths: ~/.cline/rules and ~/Cline/Rules are global rules folders too',
    tree: { ...GIT },
    home: { '.cline/rules/one.md': 'from .cline\n', 'Cline/Rules/two.md': 'from Cline\n' },
  },
  {
    name: 'global-agents-md',
    why: 'search paths: ~/.agents/AGENTS.md is a rule named "Global AGENTS.md"',
    tree: { ...GIT, 'AGENTS.md': 'workspace agents\n' },
    home: { '.agents/AGENTS.md': 'global agents\n' },
  },
  {
    name: 'global-and-workspace-sorted',
    why: 'every rule, global or not, in one list sorted by name (localeCompare)',
    tree: { ...GIT, '.clinerules/b.md': 'workspace b\n', '.clinerules/d.md': 'workspace d\n' },
    home: { 'Documents/Cline/Rules/a.md': 'global a\n', 'Documents/Cline/Rules/c.md': 'global c\n' },
  },
  {
    name: 'cline-dir-env',
    why: 'resolveClineDir: CLINE_DIR replaces ~/.cline, so its rules folder is read and ~/.cline/rules is not',
    tree: { ...GIT },
    home: { 'alt/rules/moved.md': 'from CLINE_DIR\n', '.cline/rules/default.md': 'not read\n' },
    env: { CLINE_DIR: '{{home}}/alt' },
  },
  // ---- names: one rule per name ------------------------------------------------------------------
  {
    name: 'same-name-global-wins',
    why: 'the watcher keeps one rule per lower-cased name; a later folder (the global ones) replaces the workspace rule of that name',
    tree: { ...GIT, '.clinerules/style.md': 'workspace style\n' },
    home: { 'Documents/Cline/Rules/Style.md': 'global style\n' },
  },
  {
    name: 'same-name-two-workspace-folders',
    why: 'one rule per name: .cline/rules comes after .clinerules and replaces its rule of the same name',
    tree: { ...GIT, '.clinerules/x.md': 'from clinerules\n', '.cline/rules/x.txt': 'from cline rules\n' },
  },
  {
    name: 'frontmatter-name',
    why: "parseRuleConfigFromMarkdown: a frontmatter name is the rule's name (and its sort key); the block is not sent",
    tree: { ...GIT, '.clinerules/zz.md': fm('name: Alpha first', 'Named by frontmatter.\n'), '.clinerules/b.md': 'b\n' },
  },
  {
    name: 'frontmatter-name-collides',
    why: "one rule per name: a frontmatter name equal to another file's name keeps only the one found later (.cline/rules after .clinerules); within one folder the listing order decides, so the case uses two",
    tree: { ...GIT, '.clinerules/shared.md': 'first\n', '.cline/rules/a.md': fm('name: shared', 'second\n') },
  },
  // ---- toggles in the frontmatter ----------------------------------------------------------------
  {
    name: 'disabled-and-enabled',
    why: 'parseRuleConfigFromMarkdown: disabled: true or enabled: false turns a rule off; enabled: true and disabled: false keep it',
    tree: {
      ...GIT,
      '.clinerules/off1.md': fm('disabled: true', 'off one\n'),
      '.clinerules/off2.md': fm('enabled: false', 'off two\n'),
      '.clinerules/on1.md': fm('enabled: true', 'on one\n'),
      '.clinerules/on2.md': fm('disabled: false', 'on two\n'),
    },
  },
  {
    name: 'disabled-global-hides-workspace',
    why: 'one rule per name, then the disabled ones dropped: a disabled global rule of the same name takes the workspace rule with it',
    tree: { ...GIT, '.clinerules/style.md': 'workspace style\n', '.clinerules/other.md': 'other\n' },
    home: { 'Documents/Cline/Rules/style.md': fm('disabled: true', 'global style off\n') },
  },
  {
    name: 'bad-frontmatter-dropped',
    why: 'parse errors drop the rule: YAML that does not parse, a non-string name, a non-boolean disabled',
    tree: {
      ...GIT,
      '.clinerules/yaml.md': fm('name: [unclosed', 'bad yaml\n'),
      '.clinerules/num.md': fm('name: 42', 'numeric name\n'),
      '.clinerules/flag.md': fm('disabled: "yes"', 'string flag\n'),
      '.clinerules/good.md': 'good\n',
    },
  },
  {
    name: 'paths-frontmatter-ignored',
    why: '3.0.65 has no conditional rules: a paths (or globs) frontmatter key does not limit the rule, which is always sent',
    tree: { ...GIT, '.clinerules/ts.md': fm('paths:\n  - "src/**/*.ts"', 'TypeScript only?\n'), 'src/a.ts': 'a\n' },
  },
  {
    name: 'other-frontmatter-ignored',
    why: 'parseRuleConfigFromMarkdown: other keys (description, alwaysApply) are read and ignored; the body alone is sent',
    tree: { ...GIT, '.clinerules/r.md': fm('description: something\nalwaysApply: false', 'Body only.\n') },
  },
  // ---- text --------------------------------------------------------------------------------------
  {
    name: 'text-trimmed',
    why: 'parseRuleConfigFromMarkdown: the body is trimmed at both ends; inner blank lines stay',
    tree: { ...GIT, '.clinerules/r.md': '\n\n  Leading blank lines.\n\n\nInner gap.\n\n\n' },
  },
  {
    name: 'empty-and-blank',
    why: 'a rule whose body is empty after trimming is an error and is dropped (an empty file, a blank one, frontmatter only)',
    tree: {
      ...GIT,
      '.clinerules/empty.md': '',
      '.clinerules/blank.md': ' \n\t\n',
      '.clinerules/only-fm.md': fm('name: nothing', ''),
      '.clinerules/kept.md': 'kept\n',
    },
  },
  {
    name: 'bom-and-crlf',
    why: 'stripUtf8Bom before the frontmatter; a CRLF frontmatter block is read; CRLF inside the body is sent as it is',
    tree: {
      ...GIT,
      '.clinerules/bom.md': { bytes: [0xef, 0xbb, 0xbf, ...Buffer.from('---\nname: bommed\n---\nBOM body\n')] },
      '.clinerules/crlf.md': '---\r\nname: crlf\r\n---\r\nline one\r\nline two\r\n',
    },
  },
  {
    name: 'invalid-utf8',
    why: 'files are read as UTF-8: a byte that is not UTF-8 becomes U+FFFD',
    tree: { ...GIT, '.clinerules/bad.md': { bytes: [...Buffer.from('caf'), 0xe9, ...Buffer.from(' au lait\n')] } },
  },
  {
    name: 'frontmatter-not-at-start',
    why: 'the frontmatter block must start the file: a --- block after text is part of the body',
    tree: { ...GIT, '.clinerules/r.md': 'Intro.\n---\nname: not a name\n---\nRest.\n' },
  },
  {
    name: 'sort-order',
    why: "rules sorted with String.prototype.localeCompare (case and punctuation as the runtime's collation orders them)",
    tree: {
      ...GIT,
      '.clinerules/b.md': 'b\n',
      '.clinerules/B2.md': 'B2\n',
      '.clinerules/a.md': 'a\n',
      '.clinerules/_under.md': 'under\n',
      '.clinerules/10-ten.md': 'ten\n',
      '.clinerules/9-nine.md': 'nine\n',
      '.clinerules/Zed.md': 'Zed\n',
      '.clinerules/ärger.md': 'umlaut\n',
    },
    home: { '.agents/AGENTS.md': 'global agents\n' },
  },
  {
    name: 'markdown-heading-inside',
    why: 'the rule text is sent as written under its "## name" heading, its own headings unchanged',
    tree: { ...GIT, '.clinerules/doc.md': '# Title\n\n## Section\n\nText.\n' },
  },
  // ---- links and odd entries ---------------------------------------------------------------------
  {
    name: 'linked-file-in-folder-skipped',
    why: 'discoverFiles keeps only directory entries that are files: a link to a file inside a rules folder is not read',
    tree: {
      ...GIT,
      'docs/shared.md': 'shared text\n',
      '.clinerules/link.md': { link: '../docs/shared.md' },
      '.clinerules/real.md': 'real\n',
    },
  },
  {
    name: 'linked-clinerules',
    why: 'search paths are stat-ed: .clinerules as a link to a file (or a folder) is read through the link',
    tree: {
      ...GIT,
      'docs/rules.md': 'linked rules file\n',
      '.clinerules': { link: 'docs/rules.md' },
      'common/r.md': 'in linked folder\n',
      '.cline/rules': { link: '../common' },
    },
  },
  {
    name: 'agents-md-folder',
    why: 'discoverFiles stats each search path: an AGENTS.md that is a folder is read as a rules folder',
    tree: { ...GIT, 'AGENTS.md/inner.md': 'inside a folder named AGENTS.md\n' },
  },
  {
    name: 'managed-cline-folder',
    why: 'rules definition: <workspace>/.cline itself is searched; each subfolder with a managed.json gives its rules.md',
    tree: {
      ...GIT,
      '.cline/pack/managed.json': '{}',
      '.cline/pack/rules.md': 'managed pack rule\n',
      '.cline/loose/rules.md': 'no managed.json: not read\n',
    },
  },
];
