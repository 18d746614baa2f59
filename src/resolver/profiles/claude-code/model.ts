/**
 * Which model Claude Code 2.1.328 runs, and what that changes for memory files: where the files
 * loaded on touch go (the layout) and where such a file is cut. README.md in this folder,
 * "Models", says which rows were run and which come from the binary's strings only.
 *
 * - The model: `--model`, else `ANTHROPIC_MODEL`, else the merged settings' `model` (managed over
 *   local over project over user), else the default, claude-opus-5-5. Aliases name the newest of
 *   their family (`opus`, `sonnet`, `haiku`, `fable`, `best`); a `[1m]` suffix asks for the 1M
 *   window where the model offers it.
 * - The layout: a model released before claude-opus-4-8 (Claude Code's own release order; every
 *   `claude-3-*`) gets the files in the tool result (`tool-result` reminders); any later or unknown
 *   model gets Claude Code's mid-conversation system messages: each engine file a text block after
 *   the tool result, the AGENTS.md plugin's text a system message of its own (in a reminder unless
 *   the model has the catalog's `lean_prompt`: claude-sonnet-5 and claude-mythos-5 do not).
 * - The cut: 5% of the context window in characters, at least 40,000; a character is 4 tokens'
 *   worth for the older models listed below and 3 for the others. A model outside the catalog
 *   gets the 1M window (`claude-3-*` ones 200K).
 */

/** The layout of files loaded on touch. */
export type TouchLayout = 'in-tool-result' | 'system-messages';

export interface ModelFacts {
  /** Context window in tokens (without a `[1m]` suffix). */
  readonly window: number;
  /** Whether a `[1m]` suffix gives the 1M window. */
  readonly oneM: boolean;
}

const K200 = 200_000;
const M1 = 1_000_000;
const old = (oneM: boolean): ModelFacts => ({ window: K200, oneM });
const big = (oneM: boolean): ModelFacts => ({ window: M1, oneM });

/** The models of 2.1.328's built-in catalog, in Claude Code's release order (the order its layout test uses). */
export const MODELS: ReadonlyMap<string, ModelFacts> = new Map([
  ['claude-opus-4-0', old(true)],
  ['claude-sonnet-4-0', old(true)],
  ['claude-opus-4-1', old(true)],
  ['claude-sonnet-4-5', old(true)],
  ['claude-haiku-4-5', old(true)],
  ['claude-opus-4-5', old(true)],
  ['claude-opus-4-6', old(true)],
  ['claude-sonnet-4-6', old(true)],
  ['claude-opus-4-7', big(true)],
  ['claude-opus-4-8', big(true)],
  ['claude-mythos-5', big(false)],
  ['claude-fable-5', big(false)],
  ['claude-sonnet-5', big(false)],
  ['claude-opus-5', big(true)],
  ['claude-mythos-5-1', big(false)],
  ['claude-fable-5-1', big(false)],
  ['claude-opus-5-5', big(true)],
  ['claude-sonnet-5-5', big(false)],
  ['claude-haiku-5-5', big(false)],
  ['claude-mythos-5-2', big(false)],
  ['claude-fable-5-2', big(false)],
]);

/** The first model of Claude Code's release order that gets mid-conversation system messages. */
const FIRST_SYSTEM_MESSAGES = 'claude-opus-4-8';

/** Models whose characters Claude Code counts as 4 tokens' worth (3 for every other). */
const FOUR_CHARS = new Set([
  'claude-opus-4-0',
  'claude-opus-4-1',
  'claude-opus-4-5',
  'claude-opus-4-6',
  'claude-sonnet-4-0',
  'claude-sonnet-4-5',
  'claude-sonnet-4-6',
  'claude-haiku-4-5',
]);

/** Models with the catalog's `lean_prompt` capability: their system messages go without a reminder around them. */
const LEAN = new Set([
  'claude-opus-4-8',
  'claude-opus-5',
  'claude-opus-5-5',
  'claude-sonnet-5-5',
  'claude-haiku-5-5',
  'claude-fable-5',
  'claude-fable-5-1',
  'claude-fable-5-2',
  'claude-mythos-5-1',
  'claude-mythos-5-2',
]);

/**
 * Whether a system message is wrapped in a `<system-reminder>`: not for a `lean_prompt` model;
 * else for a name with `claude-3-`, `haiku` or `sonnet`, and the opus models before 4-8.
 */
function wrapsSystemMessages(id: string | undefined, name: string): boolean {
  if (id !== undefined && LEAN.has(id)) return false;
  const n = (id ?? name).toLowerCase();
  return /claude-3-|haiku|sonnet/.test(n) || (id !== undefined && id.startsWith('claude-opus-4-'));
}

/** Where 2.1.328 points its aliases on Anthropic's own API. */
const ALIASES: Readonly<Record<string, string>> = {
  opus: 'claude-opus-5-5',
  best: 'claude-opus-5-5',
  sonnet: 'claude-sonnet-5-5',
  haiku: 'claude-haiku-5-5',
  fable: 'claude-fable-5-2',
};

export const DEFAULT_MODEL = 'claude-opus-5-5';
const MIN_CUT = 40_000;
const CUT_SHARE = 0.05;

/** What the profile makes of a model name. */
export interface ModelChoice {
  /** The name as configured (`default` when nothing chose one). */
  readonly name: string;
  /** The model of the catalog it names, or undefined when it is none of them. */
  readonly id: string | undefined;
  /** The window was asked for with `[1m]` and the model offers it. */
  readonly oneM: boolean;
  readonly layout: TouchLayout;
  /** With `system-messages`: whether the plugin's system message is wrapped in a `<system-reminder>`. */
  readonly wrapped: boolean;
  /** Characters past which a file loaded on touch is cut. */
  readonly cut: number;
  /** The context window in tokens and the characters Claude Code counts per token (its skill listing's budget). */
  readonly window: number;
  readonly perToken: number;
}

/** The catalog model a name names: an alias, an id, or an id with a date or other tail (`claude-sonnet-4-5-20250929`). */
function canonical(name: string): string | undefined {
  const n = name.trim().toLowerCase();
  if (n === '' || n === 'default') return DEFAULT_MODEL;
  if (n in ALIASES) return ALIASES[n];
  const full = n.startsWith('claude-') ? n : `claude-${n}`;
  // The longest id the name starts with: `claude-opus-5-5` before `claude-opus-5`.
  let best: string | undefined;
  for (const id of MODELS.keys())
    if ((full === id || full.startsWith(`${id}-`)) && (best === undefined || id.length > best.length)) best = id;
  return best;
}

function olderThan(id: string, than: string): boolean {
  const order = [...MODELS.keys()];
  return order.indexOf(id) < order.indexOf(than);
}

/** The layout and the cut for a configured model name. */
export function chooseModel(name: string): ModelChoice {
  const oneMAsked = /\[1m\]\s*$/i.test(name);
  const bare = name.replace(/\[1m\]\s*$/i, '');
  const id = canonical(bare);
  const claude3 = bare.toLowerCase().includes('claude-3-');
  const facts = id === undefined ? (claude3 ? old(false) : undefined) : MODELS.get(id);
  const layout: TouchLayout = claude3 || (id !== undefined && olderThan(id, FIRST_SYSTEM_MESSAGES)) ? 'in-tool-result' : 'system-messages';
  const oneM = oneMAsked && facts?.oneM === true;
  // A model Claude Code does not know gets the 1M window.
  const window = oneM ? M1 : (facts?.window ?? M1);
  const perToken = claude3 || (id !== undefined && FOUR_CHARS.has(id)) ? 4 : 3;
  const wrapped = wrapsSystemMessages(id, bare);
  return { name, id, oneM, layout, wrapped, cut: Math.max(MIN_CUT, Math.round(window * CUT_SHARE * perToken)), window, perToken };
}

/** What the format and the fit rule need to know of one session (the discovery's answer). */
export interface ClaudeSession {
  /** The model Claude Code runs: where files loaded on touch go and where they are cut. */
  readonly model: ModelChoice;
  /**
   * Whether another reminder follows the launch one in the first user message (the git status in a
   * repository; with the default tools always the attribution reminder): else the launch one ends with a line break.
   */
  readonly reminderAfterLaunch: boolean;
}

/** A session of the default model in a repository: what a format given no session assumes. */
export const DEFAULT_SESSION: ClaudeSession = Object.freeze({ model: chooseModel(DEFAULT_MODEL), reminderAfterLaunch: true });
