/**
 * Environment variables a repository must never set for an agent or the processes it starts: each
 * makes a program load or run code it names (the dynamic loader, Node, shells, interpreters,
 * pagers and editors), find its commands elsewhere (`PATH`), or read another git directory,
 * configuration or hook (every `GIT_*`). Drivers use this where an agent takes environment from
 * repository files (a settings `env` block, a `.env` file): such a key is removed by the agent's
 * own exclusion switch where it has one, otherwise the run is refused with the file and the key.
 */

/** Exact names. */
const NAMES = new Set([
  'PATH',
  'BASH_ENV',
  'ENV',
  'SHELL',
  'SHELLOPTS',
  'BASHOPTS',
  'PROMPT_COMMAND',
  'PS4',
  'IFS',
  'CDPATH',
  'ZDOTDIR',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'MANPAGER',
  'BROWSER',
  'SSH_ASKPASS',
  'NODE_OPTIONS',
  'NODE_PATH',
  'NODE_REPL_EXTERNAL_MODULE',
  'NODE_EXTRA_CA_CERTS',
  'ELECTRON_RUN_AS_NODE',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONINSPECT',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'GCONV_PATH',
  'HOSTALIASES',
  'RESOLV_HOST_CONF',
  'LOCPATH',
  'NLSPATH',
  'TMPDIR',
  'HOME',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_STATE_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
]);

/** Prefixes: the loaders (`LD_`, macOS `DYLD_`), git (`GIT_`), Bun's own switches (`BUN_`), Node's (`NODE_`). */
const PREFIXES = ['LD_', 'DYLD_', 'GIT_', 'BUN_', 'NODE_', 'NPM_CONFIG_', 'npm_config_'];

/** Why a repository may not set `name` for an agent, or null when it may. */
export function hazardousVariable(name: string): string | null {
  if (NAMES.has(name)) return `${name} makes the agent or the programs it starts load, run or read something else`;
  const prefix = PREFIXES.find((p) => name.startsWith(p));
  if (prefix) return `${prefix}* variables make the agent or the programs it starts load, run or read something else`;
  return null;
}
