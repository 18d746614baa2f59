/**
 * Codex CLI 0.169.0 listing cases: the skills of `<skills_instructions>` (a developer message) and
 * the agent roles of the `spawn_agent` tool's `agent_type` description. Each case says what it
 * checks; the behaviour was first seen in runs of the release (`--keep --show`) and matches
 * `codex-rs/core-skills` (loader: roots, depth 6, dot names skipped, links followed; render: the
 * `rN` aliases and the order system, repository, user, then name and path).
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;

/** A SKILL.md with a `name:` and `description:` header. */
function skill(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n\nBody of ${name}: never sent.\n`;
}

/** An agent role file (`.codex/agents/<file>.toml`). */
function role(name: string, description: string): string {
  return `name = "${name}"\ndescription = "${description}"\ndeveloper_instructions = "Act as ${name}."\n`;
}

/** `~/.codex/config.toml` trusting the folder `rel` of the tree ('' the root). */
function trusted(rel = '', extra = ''): Record<string, string> {
  return { '.codex/config.toml': `[projects."{{root}}${rel === '' ? '' : `/${rel}`}"]\ntrust_level = "trusted"\n${extra}` };
}

export const cases: OracleCase[] = [
  // ---- skill folders --------------------------------------------------------------------------
  {
    name: 'skills-header-value-forms',
    why: 'a description or name that is a number, boolean or one-line mapping is listed as written (1.50, 0x1F); an empty, blank or missing description, a list, or a mapping on several lines drops the skill; an empty or null name falls back to the folder',
    tree: {
      ...GIT,
      '.agents/skills/float/SKILL.md': '---\nname: float\ndescription: 1.50\n---\nbody\n',
      '.agents/skills/hex/SKILL.md': '---\nname: hex\ndescription: 0x1F\n---\nbody\n',
      '.agents/skills/bool/SKILL.md': '---\ndescription: true\n---\nbody\n',
      '.agents/skills/flow/SKILL.md': '---\ndescription: {x: y}\n---\nbody\n',
      '.agents/skills/anchored/SKILL.md': '---\ndescription: &a hello\n---\nbody\n',
      '.agents/skills/empty/SKILL.md': '---\nname: empty\ndescription: ""\n---\nbody\n',
      '.agents/skills/blank/SKILL.md': '---\nname: blank\ndescription: "   "\n---\nbody\n',
      '.agents/skills/none/SKILL.md': '---\nname: none\ndescription:\n---\nbody\n',
      '.agents/skills/list/SKILL.md': '---\nname: list\ndescription: [a, b]\n---\nbody\n',
      '.agents/skills/block/SKILL.md': '---\nname: block\ndescription:\n  a: 1\n---\nbody\n',
      '.agents/skills/listname/SKILL.md': '---\nname: [x]\ndescription: A list for a name\n---\nbody\n',
      '.agents/skills/nullname/SKILL.md': '---\nname: ~\ndescription: A null name\n---\nbody\n',
      '.agents/skills/emptyname/SKILL.md': '---\nname: ""\ndescription: An empty name\n---\nbody\n',
    },
  },
  {
    name: 'skills-agents-folder',
    why: 'loader: .agents/skills of the project root is a repository skill root',
    tree: { ...GIT, 'AGENTS.md': 'Rules beside a skill.\n', '.agents/skills/lint/SKILL.md': skill('lint', 'Runs the linter.') },
  },
  {
    name: 'skills-codex-folder-of-the-cwd',
    why: "loader: the working directory's .codex folder is a project layer; its skills come first among the roots (r0)",
    tree: {
      ...GIT,
      '.codex/skills/release/SKILL.md': skill('release', 'Cuts a release.'),
      '.agents/skills/build/SKILL.md': skill('build', 'Builds it.'),
    },
  },
  {
    name: 'skills-codex-folder-of-a-parent-not-read',
    why: "run: only the working directory's .codex is a layer; the root's .codex/skills is not read from a subfolder, its .agents/skills is",
    tree: {
      ...GIT,
      '.codex/skills/hidden-from-sub/SKILL.md': skill('hidden-from-sub', 'Not read from sub.'),
      '.agents/skills/shared/SKILL.md': skill('shared', 'Read from the root.'),
      'sub/.gitkeep': '',
    },
    cwd: 'sub',
  },
  {
    name: 'skills-chain-root-to-cwd',
    why: 'loader: .agents/skills of every folder from the project root down to the cwd, each its own root; none below the cwd',
    tree: {
      ...GIT,
      '.agents/skills/top/SKILL.md': skill('top', 'At the root.'),
      'a/.agents/skills/mid/SKILL.md': skill('mid', 'In a.'),
      'a/b/.agents/skills/low/SKILL.md': skill('low', 'In a/b, the cwd.'),
      'a/b/c/.agents/skills/below/SKILL.md': skill('below', 'Below the cwd: not read.'),
    },
    cwd: 'a/b',
  },
  {
    name: 'skills-above-the-project-root-not-read',
    why: 'loader: the walk stops at the project root (.git)',
    tree: {
      '.agents/skills/outside/SKILL.md': skill('outside', 'Above the repository.'),
      'repo/.git': { dir: true },
      'repo/.agents/skills/inside/SKILL.md': skill('inside', 'In the repository.'),
    },
    cwd: 'repo',
  },
  {
    name: 'skills-nested-folders-to-depth-six',
    why: 'loader: SKILL.md at any depth up to 6 folders below the root; deeper is not searched',
    tree: {
      ...GIT,
      '.agents/skills/group/nested/SKILL.md': skill('nested', 'Two levels down.'),
      '.agents/skills/a/b/c/d/e/six/SKILL.md': skill('six', 'Six levels down.'),
      '.agents/skills/a/b/c/d/e/f/seven/SKILL.md': skill('seven', 'Seven levels down: not found.'),
    },
  },
  {
    name: 'skills-dot-folder-skipped',
    why: 'loader: entries whose names start with a dot are skipped',
    tree: {
      ...GIT,
      '.agents/skills/.draft/SKILL.md': skill('draft', 'In a dot folder.'),
      '.agents/skills/visible/SKILL.md': skill('visible', 'Seen.'),
    },
  },
  {
    name: 'skills-name-from-the-folder',
    why: 'loader: without name: the folder name is the skill name',
    tree: { ...GIT, '.agents/skills/folder-named/SKILL.md': '---\ndescription: Named by its folder.\n---\nBody.\n' },
  },
  {
    name: 'pitfall-skill-without-description-dropped',
    why: 'run: a SKILL.md without description: is not listed ("missing field `description`")',
    tree: {
      ...GIT,
      '.agents/skills/silent/SKILL.md': '---\nname: silent\n---\nA body nobody sees.\n',
      '.agents/skills/spoken/SKILL.md': skill('spoken', 'Has a description.'),
    },
  },
  {
    name: 'skills-without-header-dropped',
    why: 'run: a SKILL.md without a --- header is not listed ("missing YAML frontmatter delimited by ---")',
    tree: {
      ...GIT,
      '.agents/skills/plain/SKILL.md': 'name: plain\ndescription: no fences\n',
      '.agents/skills/fenced/SKILL.md': skill('fenced', 'Has fences.'),
    },
  },
  {
    name: 'pitfall-skill-description-over-1024',
    why: 'run: a description over 1,024 characters is cut to 1,021 and "..."',
    tree: { ...GIT, '.agents/skills/long/SKILL.md': skill('long', `${'Describe at length. '.repeat(80)}The end.`) },
  },
  {
    name: 'skills-description-cut-counts-characters',
    why: 'run: the 1,024 limit counts characters, not bytes',
    tree: { ...GIT, '.agents/skills/accents/SKILL.md': skill('accents', 'é'.repeat(1100)) },
  },
  {
    name: 'skills-description-at-the-limit',
    why: 'run: exactly 1,024 characters is sent whole',
    tree: { ...GIT, '.agents/skills/exact/SKILL.md': skill('exact', 'x'.repeat(1024)) },
  },
  {
    name: 'skills-multi-line-description-one-line',
    why: 'loader: name and description are made one line (YAML folding, whitespace runs)',
    tree: { ...GIT, '.agents/skills/folded/SKILL.md': '---\nname: folded\ndescription: >\n  First line\n  second   line.\n---\nBody.\n' },
  },
  {
    name: 'skills-header-that-is-no-yaml',
    why: 'run: a header YAML cannot parse still lists the skill, its name: and description: lines as written',
    tree: { ...GIT, '.agents/skills/broken/SKILL.md': '---\nname: [broken\ndescription: Kept anyway.\n---\nBody.\n' },
  },
  {
    name: 'skills-same-name-twice',
    why: 'run: two skills of one name are both listed, by path',
    tree: {
      ...GIT,
      '.agents/skills/one/SKILL.md': skill('twin', 'The first twin.'),
      '.agents/skills/two/SKILL.md': skill('twin', 'The second twin.'),
    },
  },
  {
    name: 'skills-repository-before-user-same-name',
    why: "render: the repository's skills before the user's; a user skill of the same name is listed too",
    tree: { ...GIT, '.agents/skills/deploy/SKILL.md': skill('deploy', 'Repository deploy.') },
    home: {
      '.codex/skills/deploy/SKILL.md': skill('deploy', 'User deploy.'),
      '.agents/skills/alpha/SKILL.md': skill('alpha', 'User alpha.'),
    },
  },
  {
    name: 'skills-codex-home-variable',
    why: 'loader: the user root is $CODEX_HOME/skills when CODEX_HOME is set',
    tree: { ...GIT, 'AGENTS.md': 'Project.\n' },
    home: {
      'alt-codex/skills/moved/SKILL.md': skill('moved', 'In $CODEX_HOME.'),
      '.codex/skills/stale/SKILL.md': skill('stale', 'Not read.'),
    },
    env: { CODEX_HOME: '{{home}}/alt-codex' },
  },
  {
    name: 'skills-linked-folder',
    why: "loader: a linked skill folder is followed; the path shown is the link's",
    tree: {
      ...GIT,
      'common/tools/fmt/SKILL.md': skill('fmt', 'Through a link.'),
      '.agents/skills/fmt': { link: '../../common/tools/fmt' },
    },
  },
  {
    name: 'skills-untrusted-project-still-listed',
    why: 'run: an untrusted project keeps its AGENTS.md out but its skills are listed',
    tree: {
      ...GIT,
      'AGENTS.md': 'Kept out.\n',
      '.codex/skills/cx/SKILL.md': skill('cx', 'From .codex.'),
      '.agents/skills/ag/SKILL.md': skill('ag', 'From .agents.'),
    },
    home: { '.codex/config.toml': '[projects."{{root}}"]\ntrust_level = "untrusted"\n' },
  },
  // ---- agent roles ----------------------------------------------------------------------------
  {
    name: 'agents-trusted-project-and-home',
    why: "run: in a trusted project the roles of ~/.codex/agents and of the cwd's .codex/agents, by name (the file's name: key), before the built-in ones",
    tree: { ...GIT, '.codex/agents/reviewer.toml': role('reviewer', 'Reviews code.'), '.codex/agents/zz.toml': role('auditor', 'Audits.') },
    home: { ...trusted(), '.codex/agents/helper.toml': role('helper', 'Helps out.') },
  },
  {
    name: 'agents-untrusted-project-user-roles-only',
    why: "run: in an untrusted project the user's roles are offered, the project's are not",
    tree: { ...GIT, '.codex/agents/reviewer.toml': role('reviewer', 'Reviews code.') },
    home: {
      '.codex/config.toml': '[projects."{{root}}"]\ntrust_level = "untrusted"\n',
      '.codex/agents/helper.toml': role('helper', 'Helps.'),
    },
  },
  {
    name: 'agents-unset-trust-none',
    why: 'run: without a trust level the project is not trusted for roles (AGENTS.md still loads)',
    tree: { ...GIT, 'AGENTS.md': 'Loaded anyway.\n', '.codex/agents/reviewer.toml': role('reviewer', 'Reviews code.') },
  },
  {
    name: 'pitfall-role-name-clash',
    why: "run: a project role replaces the user's role of the same name",
    tree: { ...GIT, '.codex/agents/reviewer.toml': role('reviewer', 'Project reviewer.') },
    home: { ...trusted(), '.codex/agents/reviewer.toml': role('reviewer', 'User reviewer.') },
  },
  {
    name: 'agents-replace-a-built-in-role',
    why: 'run: a role named default replaces the built-in one and sorts among the user roles',
    tree: { ...GIT, '.codex/agents/default.toml': role('default', 'Project default.') },
    home: trusted(),
  },
  {
    name: 'agents-without-description-dropped',
    why: 'run: a role without description is not listed',
    tree: {
      ...GIT,
      '.codex/agents/mute.toml': 'name = "mute"\ndeveloper_instructions = "x"\n',
      '.codex/agents/loud.toml': role('loud', 'Has one.'),
    },
    home: trusted(),
  },
  {
    name: 'agents-of-a-parent-folder-not-read',
    why: "run: only the cwd's .codex/agents: the root's roles are not read from a trusted subfolder",
    tree: {
      ...GIT,
      '.codex/agents/rooted.toml': role('rooted', 'At the root.'),
      'sub/.codex/agents/local.toml': role('local', 'In the cwd.'),
    },
    home: trusted('sub'),
    cwd: 'sub',
  },
];

cases.push(
  {
    name: 'skills-turned-off-in-the-user-config',
    why: 'config_rules.rs: [[skills.config]] of ~/.codex/config.toml turns a skill off by name or by path; a later entry wins',
    tree: {
      ...GIT,
      '.agents/skills/off-by-name/SKILL.md': skill('off-by-name', 'Turned off by name.'),
      '.agents/skills/off-by-path/SKILL.md': skill('off-by-path', 'Turned off by path.'),
      '.agents/skills/back-on/SKILL.md': skill('back-on', 'Off, then on again.'),
      '.agents/skills/kept/SKILL.md': skill('kept', 'Never named.'),
    },
    home: {
      '.codex/config.toml':
        '[[skills.config]]\nname = "off-by-name"\nenabled = false\n\n' +
        '[[skills.config]]\npath = "{{root}}/.agents/skills/off-by-path/SKILL.md"\nenabled = false\n\n' +
        '[[skills.config]]\nname = "back-on"\nenabled = false\n\n' +
        '[[skills.config]]\nname = "back-on"\nenabled = true\n',
    },
  },
  {
    name: 'skills-project-config-cannot-turn-off',
    why: "config_rules.rs: only the user layer's [[skills.config]] counts; a trusted project's .codex/config.toml does not",
    tree: {
      ...GIT,
      '.codex/config.toml': '[[skills.config]]\nname = "stays"\nenabled = false\n',
      '.agents/skills/stays/SKILL.md': skill('stays', 'A project cannot hide me.'),
    },
    home: trusted(),
  },
);
