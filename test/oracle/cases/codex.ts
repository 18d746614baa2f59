/**
 * Codex CLI 0.169.0 cases. Sources: `codex-rs/core/src/agents_md.rs` (discovery, budget, the
 * message), `codex-rs/codex-home/src/instructions` (the global file), Codex's AGENTS.md docs
 * ("AGENTS.md Discovery": override, fallbacks, root markers, `project_doc_max_bytes`), the
 * changelog (trust keeps untrusted projects' files out since 0.150) and a run of the release
 * started in a folder reached through a link. Each file's text is unique so the extractor can tell which file Codex sent.
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;

/** `~/.codex/config.toml` holding `lines`. */
function config(...lines: string[]): OracleCase['home'] {
  return { '.codex/config.toml': lines.join('\n') + '\n' };
}

export const cases: OracleCase[] = [
  // ---- the chain: project root (.git) → cwd ---------------------------------------------------
  {
    name: 'root-and-cwd',
    why: 'agents_md.rs: every AGENTS.md from the project root (.git) down to the cwd, root first, joined by a blank line',
    tree: { ...GIT, 'AGENTS.md': 'Root rules.\n', 'sub/AGENTS.md': 'Sub rules.\n' },
    cwd: 'sub',
  },
  {
    name: 'cwd-is-root',
    why: 'agents_md.rs: the cwd is the project root: its AGENTS.md alone; nothing below the cwd',
    tree: { ...GIT, 'AGENTS.md': 'Only the root.\n', 'sub/AGENTS.md': 'Below the cwd: never read.\n' },
  },
  {
    name: 'three-levels-with-a-gap',
    why: 'agents_md.rs: a directory without a file is passed over; the rest come root first',
    tree: { ...GIT, 'AGENTS.md': 'Level zero.\n', 'a/b/AGENTS.md': 'Level two.\n', 'a/b/c/AGENTS.md': 'Level three.\n', 'a/b/c/x.ts': '' },
    cwd: 'a/b/c',
  },
  {
    name: 'nothing-below-the-cwd-even-on-touch',
    why: 'agents_md.rs: files are read once, from the project root to the cwd; a target below the cwd adds nothing',
    tree: { ...GIT, 'AGENTS.md': 'Root.\n', 'pkg/AGENTS.md': 'Package: not sent.\n', 'pkg/src/a.ts': 'export {};\n' },
    read: 'pkg/src/a.ts',
  },
  {
    name: 'no-git-cwd-alone',
    why: 'agents_md.rs: no marker found: only the cwd is searched',
    tree: { 'AGENTS.md': 'Above a cwd without a repository.\n', 'sub/AGENTS.md': 'The cwd alone.\n' },
    cwd: 'sub',
  },
  {
    name: 'git-file-marks-the-root',
    why: 'agents_md.rs: a marker is any entry that exists: a .git file (a worktree) marks the root',
    tree: { '.git': 'gitdir: /nonexistent/.git/worktrees/w\n', 'AGENTS.md': 'Worktree root.\n', 'sub/AGENTS.md': 'Worktree sub.\n' },
    cwd: 'sub',
  },
  {
    name: 'nearest-git-wins',
    why: 'agents_md.rs: the walk up stops at the first ancestor holding a marker (a nested repository)',
    tree: {
      ...GIT,
      'AGENTS.md': 'Outer repository.\n',
      'inner/.git': { dir: true },
      'inner/AGENTS.md': 'Inner repository.\n',
      'inner/src/AGENTS.md': 'Inner src.\n',
    },
    cwd: 'inner/src',
  },
  {
    name: 'above-the-repository-not-read',
    why: 'agents_md.rs: "We do not walk past the project root"',
    tree: { 'AGENTS.md': 'Above the repository.\n', 'repo/.git': { dir: true }, 'repo/AGENTS.md': 'The repository.\n' },
    cwd: 'repo',
  },
  {
    name: 'root-markers-custom',
    why: 'docs: project_root_markers names what marks the root; .git is then no marker',
    tree: {
      '.hg': { dir: true },
      'AGENTS.md': 'Mercurial root.\n',
      'a/.git': { dir: true },
      'a/AGENTS.md': 'A git folder inside.\n',
      'a/b/AGENTS.md': 'Deeper.\n',
    },
    home: config('project_root_markers = [".hg"]'),
    cwd: 'a/b',
  },
  {
    name: 'root-markers-empty',
    why: 'agents_md.rs: an empty marker list disables parent traversal: the cwd alone',
    tree: { ...GIT, 'AGENTS.md': 'Root with markers off.\n', 'sub/AGENTS.md': 'Cwd with markers off.\n' },
    home: config('project_root_markers = []'),
    cwd: 'sub',
  },
  {
    name: 'root-markers-several',
    why: 'agents_md.rs: every marker is tried in each ancestor; the nearest ancestor with any wins',
    tree: {
      ...GIT,
      'AGENTS.md': 'Git root.\n',
      'pkg/package.json': '{}\n',
      'pkg/AGENTS.md': 'Package root.\n',
      'pkg/lib/AGENTS.md': 'Library.\n',
    },
    home: config('project_root_markers = [".git", "package.json"]'),
    cwd: 'pkg/lib',
  },

  // ---- names per directory ---------------------------------------------------------------------
  {
    name: 'override-wins-its-directory',
    why: 'agents_md.rs: AGENTS.override.md comes before AGENTS.md; the first that is a file wins (pitfall agent-codex-override)',
    tree: {
      ...GIT,
      'AGENTS.override.md': 'The override.\n',
      'AGENTS.md': 'Shadowed by the override.\n',
      'sub/AGENTS.md': 'Sub, no override.\n',
    },
    cwd: 'sub',
  },
  {
    name: 'override-in-the-cwd-only',
    why: 'docs: an override replaces the file beside it, not the ones above',
    tree: { ...GIT, 'AGENTS.md': 'Root stays.\n', 'sub/AGENTS.override.md': 'Sub override.\n', 'sub/AGENTS.md': 'Sub shadowed.\n' },
    cwd: 'sub',
  },
  {
    name: 'blank-override-still-claims-its-directory',
    why: 'agents_md.rs: the file is chosen by metadata before it is read; a blank override then adds nothing and AGENTS.md beside it is not read (pitfall agent-codex-override, empty)',
    tree: {
      ...GIT,
      'AGENTS.override.md': ' \n\t\n',
      'AGENTS.md': 'Never read: the override claimed the folder.\n',
      'sub/AGENTS.md': 'Sub after a blank override.\n',
    },
    cwd: 'sub',
  },
  {
    name: 'override-that-is-a-directory',
    why: 'agents_md.rs: a candidate that is not a file is passed over',
    tree: { ...GIT, 'AGENTS.override.md': { dir: true }, 'AGENTS.md': 'Chosen past a folder of the override name.\n' },
  },
  {
    name: 'agents-that-is-a-directory-then-fallback',
    why: 'agents_md.rs: a directory named AGENTS.md is passed over and the fallback name tried',
    tree: { ...GIT, 'AGENTS.md/readme.txt': 'not instructions\n', 'CLAUDE.md': 'The fallback past a folder.\n' },
    home: config('project_doc_fallback_filenames = ["CLAUDE.md"]'),
  },
  {
    name: 'fallback-name',
    why: 'docs: project_doc_fallback_filenames are tried after AGENTS.md in each directory',
    tree: {
      ...GIT,
      'CLAUDE.md': 'Root through a fallback.\n',
      'sub/AGENTS.md': 'Sub, the standard name.\n',
      'sub/CLAUDE.md': 'Shadowed fallback.\n',
    },
    home: config('project_doc_fallback_filenames = ["CLAUDE.md"]'),
    cwd: 'sub',
  },
  {
    name: 'fallback-order',
    why: 'agents_md.rs: fallbacks in their configured order; the first that exists wins',
    tree: {
      ...GIT,
      'TEAM.md': 'Team guide, second fallback.\n',
      'CLAUDE.md': 'Claude guide, first fallback.\n',
      'sub/TEAM.md': 'Sub team guide.\n',
    },
    home: config('project_doc_fallback_filenames = ["CLAUDE.md", "TEAM.md"]'),
    cwd: 'sub',
  },
  {
    name: 'fallback-names-empty-and-repeated',
    why: 'agents_md.rs: empty fallback names are skipped, repeats of a name tried once',
    tree: { ...GIT, 'GUIDE.md': 'Guide after an empty name and a repeat.\n' },
    home: config('project_doc_fallback_filenames = ["", "AGENTS.md", "GUIDE.md", "GUIDE.md"]'),
  },
  {
    name: 'fallback-name-with-spaces',
    why: 'config: a fallback name is used as configured; does 0.169 trim " CLAUDE.md "?',
    tree: { ...GIT, 'CLAUDE.md': 'Found by a name written with spaces around it.\n' },
    home: config('project_doc_fallback_filenames = [" CLAUDE.md "]'),
  },
  {
    name: 'fallback-name-with-a-folder-dropped',
    why: 'run of 0.169.0: a fallback name holding a slash is dropped (the source of 2026-08 joined it as a path); the next name is tried',
    tree: { ...GIT, 'docs/AGENTS.md': 'Docs folder guide: not named.\n', 'TEAM.md': 'The next fallback name.\n' },
    home: config('project_doc_fallback_filenames = ["docs/AGENTS.md", "TEAM.md"]'),
  },
  {
    name: 'fallback-name-dot-slash-dropped',
    why: 'run of 0.169.0: "./TEAM.md" is not a plain file name either',
    tree: {
      ...GIT,
      'TEAM.md': 'Named only with a dot-slash: not read.\n',
      'AGENTS.md': 'The standard name beside it.\n',
      'sub/TEAM.md': 'Sub team file: not read.\n',
    },
    home: config('project_doc_fallback_filenames = ["./TEAM.md"]'),
    cwd: 'sub',
  },
  {
    name: 'names-are-case-sensitive',
    why: 'agents_md.rs: exact names on a case-sensitive file system: agents.md and Agents.md are not AGENTS.md',
    tree: {
      ...GIT,
      'agents.md': 'Lower case: not read.\n',
      'sub/Agents.md': 'Mixed case: not read.\n',
      'sub/AGENTS.md': 'Upper case: read.\n',
    },
    cwd: 'sub',
  },

  // ---- the global file -------------------------------------------------------------------------
  {
    name: 'global-only',
    why: 'codex-home instructions: $CODEX_HOME/AGENTS.md alone: the heading names no directory',
    tree: { ...GIT, 'src/a.ts': '' },
    home: { '.codex/AGENTS.md': 'Global rules only.\n' },
  },
  {
    name: 'global-and-project',
    why: 'agents_md.rs: the global text, then "--- project-doc ---", then the project files',
    tree: { ...GIT, 'AGENTS.md': 'Project after the global.\n' },
    home: { '.codex/AGENTS.md': 'Global before the project.\n' },
  },
  {
    name: 'global-override-first',
    why: 'codex-home instructions: AGENTS.override.md before AGENTS.md in $CODEX_HOME',
    tree: { ...GIT },
    home: { '.codex/AGENTS.override.md': 'Global override.\n', '.codex/AGENTS.md': 'Global shadowed.\n' },
  },
  {
    name: 'global-blank-override-falls-back',
    why: 'codex-home instructions: the first global file with text after trimming: a blank override gives way',
    tree: { ...GIT, 'AGENTS.md': 'Project beside the fallen-back global.\n' },
    home: { '.codex/AGENTS.override.md': '\n   \n', '.codex/AGENTS.md': 'Global after a blank override.\n' },
  },
  {
    name: 'global-trimmed',
    why: 'codex-home instructions: the global text is trimmed (project text is not)',
    tree: { ...GIT, 'AGENTS.md': '\n  Project keeps its whitespace.  \n\n' },
    home: { '.codex/AGENTS.md': '\n\n   Global, trimmed.   \n\n' },
  },
  {
    name: 'codex-home-variable',
    why: 'docs: CODEX_HOME moves the global file (and config.toml)',
    tree: { ...GIT, 'AGENTS.md': 'Project with a moved home.\n' },
    home: { 'alt/AGENTS.md': 'Global from CODEX_HOME.\n', '.codex/AGENTS.md': 'The default home: not read.\n' },
    env: { CODEX_HOME: '{{home}}/alt' },
  },
  {
    name: 'global-ignores-fallbacks',
    why: 'codex-home instructions: only AGENTS.override.md and AGENTS.md in the home; fallback names do not apply',
    tree: { ...GIT, 'CLAUDE.md': 'Project fallback.\n' },
    home: { ...config('project_doc_fallback_filenames = ["CLAUDE.md"]'), '.codex/CLAUDE.md': 'Global fallback: not read.\n' },
  },
  {
    name: 'global-is-a-link',
    why: 'codex-home instructions: the global file is read through a link',
    tree: { ...GIT, 'shared/global.md': 'Global text kept in the tree.\n' },
    home: { '.codex/AGENTS.md': { link: '{{root}}/shared/global.md' } },
  },

  // ---- the budget --------------------------------------------------------------------------------
  {
    name: 'budget-cuts-the-last-file',
    why: 'agents_md.rs: project_doc_max_bytes spent root first; the file that does not fit is cut, with no marker for the model (pitfall agent-codex-cut)',
    tree: { ...GIT, 'AGENTS.md': 'Twelve bytes', 'sub/AGENTS.md': 'Only the first part of this fits.\n' },
    home: config('project_doc_max_bytes = 24'),
    cwd: 'sub',
  },
  {
    name: 'budget-exactly-used-then-nothing',
    why: 'agents_md.rs: once nothing is left the walk stops: later files are not read (pitfall agent-codex-cut, a file left out whole)',
    tree: { ...GIT, 'AGENTS.md': 'exactly-20-bytes-ok\n', 'sub/AGENTS.md': 'No room left for this.\n' },
    home: config('project_doc_max_bytes = 20'),
    cwd: 'sub',
  },
  {
    name: 'budget-zero',
    why: 'agents_md.rs: project_doc_max_bytes = 0 reads no project file; the global file stays',
    tree: { ...GIT, 'AGENTS.md': 'Not read at budget zero.\n' },
    home: { ...config('project_doc_max_bytes = 0'), '.codex/AGENTS.md': 'Global at budget zero.\n' },
  },
  {
    name: 'budget-cut-inside-a-character',
    why: 'agents_md.rs: the cut is in bytes, then decoded lossily: a split character becomes U+FFFD',
    tree: { ...GIT, 'AGENTS.md': 'Café crème\n' },
    home: config('project_doc_max_bytes = 4'),
  },
  {
    name: 'budget-cut-to-whitespace-gives-bytes-back',
    why: 'agents_md.rs: a cut that leaves only whitespace adds nothing and costs nothing; the next file still fits',
    tree: { ...GIT, 'AGENTS.md': 'Root fits.\n', 'a/AGENTS.md': '          Long text after spaces.\n', 'a/b/AGENTS.md': 'Tiny.\n' },
    home: config('project_doc_max_bytes = 20'),
    cwd: 'a/b',
  },
  {
    name: 'budget-leaves-the-global-alone',
    why: 'agents_md.rs: the global file is outside project_doc_max_bytes',
    tree: { ...GIT, 'AGENTS.md': 'Project cut after five bytes.\n' },
    home: { ...config('project_doc_max_bytes = 5'), '.codex/AGENTS.md': 'A global text much longer than the five-byte project budget.\n' },
  },
  {
    name: 'budget-default-32-kib',
    why: 'docs: project_doc_max_bytes defaults to 32768 bytes',
    tree: { ...GIT, 'AGENTS.md': `${'Rule line number filler text.\n'.repeat(1200)}` },
  },

  // ---- text as it is ----------------------------------------------------------------------------
  {
    name: 'bom-kept',
    why: 'agents_md.rs: from_utf8_lossy keeps a byte-order mark',
    tree: { ...GIT, 'AGENTS.md': { bytes: [0xef, 0xbb, 0xbf, ...Buffer.from('Starts with a BOM.\n')] } },
  },
  {
    name: 'blank-file-skipped',
    why: 'agents_md.rs: a file with only whitespace adds nothing',
    tree: { ...GIT, 'AGENTS.md': '\n \t \n', 'sub/AGENTS.md': 'After a blank root.\n' },
    cwd: 'sub',
  },
  {
    name: 'empty-file-skipped',
    why: 'agents_md.rs: an empty file adds nothing',
    tree: { ...GIT, 'AGENTS.md': '', 'sub/AGENTS.md': 'After an empty root.\n' },
    cwd: 'sub',
  },
  {
    name: 'invalid-utf8-replaced',
    why: 'agents_md.rs: invalid UTF-8 is replaced by U+FFFD',
    tree: { ...GIT, 'AGENTS.md': { bytes: [...Buffer.from('Bad byte: '), 0xff, 0xfe, ...Buffer.from(' end.\n')] } },
  },
  {
    name: 'crlf-and-no-final-newline',
    why: 'agents_md.rs: text is sent as read: CRLF kept, no newline added',
    tree: { ...GIT, 'AGENTS.md': 'Windows line one\r\nline two\r\n', 'sub/AGENTS.md': 'No final newline' },
    cwd: 'sub',
  },
  {
    name: 'markdown-kept-whole',
    why: 'agents_md.rs: no frontmatter or import handling: the file is the text',
    tree: {
      ...GIT,
      'AGENTS.md': '---\napplies_to: "*.ts"\n---\n# Heading\n\n@docs/other.md\n\n```sh\nnpm test\n```\n',
      'docs/other.md': 'Never imported.\n',
    },
  },

  // ---- links -------------------------------------------------------------------------------------
  {
    name: 'agents-is-a-link-in-the-tree',
    why: 'agents_md.rs: "Symlinks are allowed": AGENTS.md through a link to a file of the repository',
    tree: { ...GIT, 'docs/agents-guide.md': 'Linked guide.\n', 'AGENTS.md': { link: 'docs/agents-guide.md' } },
  },
  {
    name: 'dangling-link-passed-over',
    why: 'agents_md.rs: a link to nothing is "not found": the next name is tried',
    tree: { ...GIT, 'AGENTS.override.md': { link: 'missing.md' }, 'AGENTS.md': 'Past a dangling override link.\n' },
  },
  {
    name: 'cwd-through-a-link',
    why: 'a run of 0.169.0: Codex names the canonical working directory in its heading when the cwd is reached through a link',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root seen through a linked cwd.\n',
      'real/sub/AGENTS.md': 'The real sub.\n',
      alias: { link: 'real/sub' },
    },
    cwd: 'alias',
  },
  {
    name: 'cwd-through-a-link-out-of-the-repository',
    why: 'agents_md.rs: the walk starts from the canonical cwd: a link from outside into a repository finds that repository',
    tree: {
      'repo/.git': { dir: true },
      'repo/AGENTS.md': 'Repository root.\n',
      'repo/pkg/AGENTS.md': 'Package.\n',
      'elsewhere/AGENTS.md': 'Beside the link: not on the real path.\n',
      'elsewhere/pkg': { link: '../repo/pkg' },
    },
    cwd: 'elsewhere/pkg',
  },
  {
    name: 'folder-link-on-the-chain',
    why: 'agents_md.rs: a folder of the chain that is a link is walked like any folder',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root above a linked folder.\n',
      'store/pkg/AGENTS.md': 'Package reached by a folder link.\n',
      pkg: { link: 'store/pkg' },
    },
    cwd: 'pkg',
  },
  {
    name: 'unicode-and-spaces-in-the-cwd',
    why: 'agents_md.rs: the heading names the cwd as a path, whatever its characters',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root of a project with an odd folder.\n',
      'dossier spécial/AGENTS.md': 'Folder with a space and an accent.\n',
    },
    cwd: 'dossier spécial',
  },

  // ---- trust ------------------------------------------------------------------------------------
  {
    name: 'untrusted-project',
    why: 'changelog 0.150: an untrusted project supplies no project AGENTS.md; the global file stays',
    tree: { ...GIT, 'AGENTS.md': 'Kept out: the project is untrusted.\n' },
    home: {
      '.codex/config.toml': '[projects."{{root}}"]\ntrust_level = "untrusted"\n',
      '.codex/AGENTS.md': 'Global in an untrusted project.\n',
    },
  },
  {
    name: 'untrusted-root-does-not-cover-a-subfolder',
    why: 'run of 0.169.0: the trust level is looked up by the working directory alone; an untrusted repository root does not keep a subfolder cwd out',
    tree: { ...GIT, 'AGENTS.md': 'Root of an untrusted repository.\n', 'sub/AGENTS.md': 'Sub of an untrusted repository.\n' },
    home: { '.codex/config.toml': '[projects."{{root}}"]\ntrust_level = "untrusted"\n' },
    cwd: 'sub',
  },
  {
    name: 'untrusted-subfolder-cwd',
    why: 'config: projects."<cwd>".trust_level = "untrusted" keeps every project file out, the root\'s too',
    tree: { ...GIT, 'AGENTS.md': "Root, kept out by the cwd's trust.\n", 'sub/AGENTS.md': 'Sub, kept out.\n' },
    home: {
      '.codex/config.toml': '[projects."{{root}}/sub"]\ntrust_level = "untrusted"\n',
      '.codex/AGENTS.md': 'Global beside an untrusted cwd.\n',
    },
    cwd: 'sub',
  },
  {
    name: 'trusted-key-of-the-real-cwd',
    why: 'config: a cwd reached through a link is looked up by its canonical path',
    tree: { ...GIT, 'AGENTS.md': 'Root behind a linked, untrusted cwd.\n', 'real/AGENTS.md': 'Real folder.\n', alias: { link: 'real' } },
    home: { '.codex/config.toml': '[projects."{{root}}/real"]\ntrust_level = "untrusted"\n' },
    cwd: 'alias',
  },
  {
    name: 'trust-key-of-the-link-not-used',
    why: "config: Codex knows only the canonical cwd: a trust entry under the link's path does not apply",
    tree: {
      ...GIT,
      'AGENTS.md': 'Root: the link key does not apply.\n',
      'real/AGENTS.md': 'Real folder, loaded.\n',
      alias: { link: 'real' },
    },
    home: { '.codex/config.toml': '[projects."{{root}}/alias"]\ntrust_level = "untrusted"\n' },
    cwd: 'alias',
  },
  {
    name: 'trusted-project-config-fallback',
    why: "config: a trusted project's .codex/config.toml is a configuration layer: its project_doc_fallback_filenames apply",
    tree: {
      ...GIT,
      '.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\n',
      'TEAM.md': 'Fallback named by the project config.\n',
    },
    home: { '.codex/config.toml': '[projects."{{root}}"]\ntrust_level = "trusted"\n' },
  },
  {
    name: 'project-config-only-in-the-cwd',
    why: "run of 0.169.0: only the cwd's .codex/config.toml is a project layer; one in the repository root does not apply to a subfolder",
    tree: {
      ...GIT,
      '.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\n',
      'AGENTS.md': 'Root agents.\n',
      'sub/TEAM.md': 'Not named for the sub cwd.\n',
    },
    home: { '.codex/config.toml': '[projects."{{root}}"]\ntrust_level = "trusted"\n[projects."{{root}}/sub"]\ntrust_level = "trusted"\n' },
    cwd: 'sub',
  },
  {
    name: 'project-config-of-a-subfolder-cwd',
    why: "run of 0.169.0: the cwd's own .codex/config.toml, with the cwd trusted, names fallbacks for every folder of the chain",
    tree: {
      ...GIT,
      'TEAM.md': 'Root team file, named by the sub config.\n',
      'sub/.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\n',
      'sub/TEAM.md': 'Sub team file.\n',
    },
    home: { '.codex/config.toml': '[projects."{{root}}/sub"]\ntrust_level = "trusted"\n' },
    cwd: 'sub',
  },
  {
    name: 'project-config-needs-the-cwd-trusted',
    why: 'run of 0.169.0: a trusted repository root does not load a subfolder cwd\'s .codex/config.toml ("Untrusted project-local configuration is disabled")',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root agents.\n',
      'sub/.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\n',
      'sub/TEAM.md': 'Not named: the sub cwd is not trusted.\n',
    },
    home: { '.codex/config.toml': '[projects."{{root}}"]\ntrust_level = "trusted"\n' },
    cwd: 'sub',
  },
  {
    name: 'project-config-budget',
    why: 'agents_md.rs: project_doc_max_bytes comes from the merged configuration, a trusted project layer included',
    tree: { ...GIT, '.codex/config.toml': 'project_doc_max_bytes = 6\n', 'AGENTS.md': 'Cut by the project config.\n' },
    home: { '.codex/config.toml': 'project_doc_max_bytes = 1000\n[projects."{{root}}"]\ntrust_level = "trusted"\n' },
  },
  {
    name: 'project-config-root-markers-ignored',
    why: 'agents_md.rs: project_root_markers are read from every layer but the project ones',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root still found.\n',
      'sub/.codex/config.toml': 'project_root_markers = []\n',
      'sub/AGENTS.md': 'Sub agents.\n',
    },
    home: { '.codex/config.toml': '[projects."{{root}}/sub"]\ntrust_level = "trusted"\n' },
    cwd: 'sub',
  },
  {
    name: 'untrusted-project-config-ignored',
    why: 'config: without trust the project .codex/config.toml is not read',
    tree: {
      ...GIT,
      '.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\n',
      'TEAM.md': 'Not named: the project config is not read.\n',
      'AGENTS.md': 'The standard name.\n',
    },
  },
  // ---- more edges, each from a line of agents_md.rs -------------------------------------------
  {
    name: 'empty-agents-claims-its-directory',
    why: 'agents_md.rs: the first name that is a file wins before it is read: an empty AGENTS.md keeps the fallback beside it out',
    tree: { ...GIT, 'AGENTS.md': '', 'CLAUDE.md': 'Fallback behind an empty AGENTS.md: not read.\n', 'sub/CLAUDE.md': 'Sub fallback.\n' },
    home: config('project_doc_fallback_filenames = ["CLAUDE.md"]'),
    cwd: 'sub',
  },
  {
    name: 'link-loop-drops-every-project-file',
    why: 'agents_md.rs: an I/O error other than not-found (a link loop) fails the whole read: no project file, the global stays',
    tree: { ...GIT, 'AGENTS.md': 'Root before a loop.\n', 'sub/AGENTS.md': { link: 'AGENTS.md' } },
    home: { '.codex/AGENTS.md': 'Global survives the loop.\n' },
    cwd: 'sub',
  },
  {
    name: 'dangling-git-link-is-no-marker',
    why: 'agents_md.rs: the marker probe follows links: a .git link to nothing marks nothing',
    tree: { '.git': { link: 'nowhere' }, 'AGENTS.md': 'Above a dangling marker: not read.\n', 'sub/AGENTS.md': 'The cwd alone.\n' },
    cwd: 'sub',
  },
  {
    name: 'fallback-folder-then-file',
    why: 'agents_md.rs: a fallback name that is a folder is passed over, per directory',
    tree: {
      ...GIT,
      'GUIDE.md/x': 'a folder named GUIDE.md\n',
      'TEAM.md': 'Root team, past a GUIDE.md folder.\n',
      'sub/GUIDE.md': 'Sub guide, a file.\n',
    },
    home: config('project_doc_fallback_filenames = ["GUIDE.md", "TEAM.md"]'),
    cwd: 'sub',
  },
  {
    name: 'global-override-that-is-a-directory',
    why: 'codex-home instructions: a global candidate that is not a file is passed over',
    tree: { ...GIT },
    home: { '.codex/AGENTS.override.md/x': 'a folder\n', '.codex/AGENTS.md': 'Global past an override folder.\n' },
  },
  {
    name: 'global-both-blank',
    why: 'codex-home instructions: neither global file has text: only the project, without the separator',
    tree: { ...GIT, 'AGENTS.md': 'Project alone after blank globals.\n' },
    home: { '.codex/AGENTS.override.md': ' \n', '.codex/AGENTS.md': '\t\n' },
  },
  {
    name: 'bom-counts-three-bytes',
    why: "agents_md.rs: the budget counts the bytes as read, a byte-order mark's three too",
    tree: { ...GIT, 'AGENTS.md': { bytes: [0xef, 0xbb, 0xbf, ...Buffer.from('Hello there\n')] } },
    home: config('project_doc_max_bytes = 5'),
  },
  {
    name: 'invalid-byte-costs-one-byte',
    why: 'agents_md.rs: an invalid byte costs one byte of the budget though it arrives as a three-byte U+FFFD',
    tree: {
      ...GIT,
      'AGENTS.md': { bytes: [...Buffer.from('ab'), 0xff, ...Buffer.from('cdef\n')] },
      'sub/AGENTS.md': 'Sub after the invalid byte.\n',
    },
    home: config('project_doc_max_bytes = 12'),
    cwd: 'sub',
  },
  {
    name: 'marker-that-is-a-file',
    why: 'agents_md.rs: a custom marker that is a plain file marks its folder',
    tree: { WORKSPACE: '', 'AGENTS.md': 'Workspace root.\n', 'pkg/AGENTS.md': 'Workspace package.\n' },
    home: config('project_root_markers = ["WORKSPACE"]'),
    cwd: 'pkg',
  },
  {
    name: 'submodule-git-file',
    why: "agents_md.rs: a submodule's .git file marks the submodule as the root",
    tree: {
      ...GIT,
      'AGENTS.md': 'Super-project: above the submodule root.\n',
      'mod/.git': 'gitdir: ../.git/modules/mod\n',
      'mod/AGENTS.md': 'Submodule.\n',
    },
    cwd: 'mod',
  },
];
