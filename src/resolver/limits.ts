/**
 * Every bound the resolver enforces, in one place (spec section 4 and 8). Instruction files come
 * from any repository a person clones, so each number caps work an attacker could otherwise make
 * unbounded.
 */

/** Frontmatter block size in bytes; larger is malformed. Real frontmatter is a few hundred bytes. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;

/**
 * Nesting of a frontmatter block (flow collections, compact block collections); deeper is
 * malformed. Real frontmatter nests two levels (a mapping of lists).
 */
export const MAX_YAML_DEPTH = 64;

/** Diagnostics one file's frontmatter may produce; the last one kept counts the rest. */
export const MAX_DIAGNOSTICS_PER_FILE = 100;

/** Patterns in one `applies_to` / `excludes` / `required_validation` key. */
export const MAX_PATTERNS_PER_KEY = 1000;

/** Characters in one glob pattern (minimatch's own cap is 64 KiB; ours is far lower). */
export const MAX_PATTERN_LENGTH = 4096;

/**
 * Negated extglob groups `!(…)` in one path segment of a pattern. minimatch writes the rest of the
 * segment into each group's lookahead, so its RegExp doubles with every group: six make ~2,500
 * characters (within what a 4,096-character pattern builds anyway), twenty-five exhaust memory.
 */
export const MAX_NEGATED_EXTGLOBS_PER_SEGMENT = 6;

/** Alternatives one pattern may expand to through braces (`{a,b}`, `{1..9}`): limits regex blow-up. */
export const MAX_BRACE_ALTERNATIVES = 1000;

/**
 * Brace alternatives held by the process-wide cache of compiled globs (each is a few hundred bytes
 * of RegExp and AST): enough for every glob of a large workspace, bounded for hostile ones.
 */
export const COMPILED_PATTERN_CACHE_ALTERNATIVES = 100_000;

/**
 * Characters of frontmatter blocks whose parse results the process keeps, keyed by the block's
 * text (monorepos repeat the same few blocks in hundreds of files): bounded for hostile ones.
 */
export const PARSED_BLOCK_CACHE_CHARS = 4 * 1024 * 1024;

/**
 * Brace alternatives all the patterns of one `applies_to` / `excludes` key expand to together;
 * more is an invalid value. Each alternative is compiled and matched on its own, so without this
 * one key (1,000 patterns of 1,000 alternatives, 15 KB of YAML) would cost a million compiled
 * globs; real keys hold a few dozen.
 */
export const MAX_ALTERNATIVES_PER_KEY = 10_000;

/** Bytes of one file that contribute content; the rest is hashed but not kept in memory. */
export const MAX_CONTENT_BYTES = 1024 * 1024;

/** Read chunk size: memory per file never exceeds this plus MAX_CONTENT_BYTES. */
export const READ_CHUNK_BYTES = 64 * 1024;

/** Default model-context budget in Unicode code points. */
export const DEFAULT_BUDGET = 24000;

/**
 * The largest budget, in code points: 64 Mi, some 300 times any model's context window. The
 * context is one string, and JavaScript's longest holds about 2^29 UTF-16 units: 600 files of
 * 1 MiB under an unbounded budget could not be written at all.
 */
export const MAX_BUDGET = 64 * 1024 * 1024;

/**
 * Characters in one target path: Linux's PATH_MAX (macOS stops at 1,024), so no longer path can
 * be opened there in one call. A path's directories cost work in its length times their number:
 * a megabyte of `a/a/a/…` would take hours, 4,096 characters take milliseconds.
 */
export const MAX_TARGET_CHARS = 4096;

/** Symbolic links followed while canonicalising one path (Linux's own limit is 40). */
export const MAX_SYMLINK_HOPS = 40;

/**
 * Frontmatter bytes one resolution parses in all, in discovery order (global file, then the chain
 * from the root down). YAML parsing runs at about 1 MB/s, so this caps a hostile chain of 1,200
 * maximal blocks at a couple of seconds; real repositories stay far below (a few hundred bytes a
 * file). A block past the budget is `malformed-frontmatter`: the whole file is content.
 */
export const MAX_FRONTMATTER_BYTES_PER_RESOLUTION = 2 * 1024 * 1024;

/**
 * Nesting of an agent's settings or configuration file (JSON with comments, TOML: `[`, `{`, inline
 * tables); deeper is malformed, and the file is ignored as one with a syntax error. The parsers
 * recurse once per level, so 10,000 `[` (20 KB) would otherwise overflow the stack. Real
 * settings nest five or six levels (Claude Code's hooks, Gemini's MCP servers).
 */
export const MAX_CONFIG_DEPTH = 64;

/**
 * Characters all of one file's glob patterns hold together, for the profiles that read another
 * agent's globs (Copilot's `applyTo`, Claude Code's `paths`); more is an invalid value and none of
 * them is evaluated. Compiling costs tens of microseconds per character of a distinct pattern, so
 * the patterns a header can hold (64 KiB) could cost a second per file, and many files add up;
 * four maximal patterns (16 KiB) cost a few tens of milliseconds. Real headers hold a few dozen
 * characters. Holaryn's own keys are bounded by the contract's limits instead (patterns per key,
 * characters per pattern, alternatives per key, the block's size).
 */
export const MAX_PATTERN_CHARS_PER_FILE = 16 * 1024;

/**
 * `[` in one path segment of a pattern. minimatch's bracket parser scans the rest of the segment
 * for every `[` that opens no class, so its cost is the number of `[` times the segment's length:
 * 5,000 `[` took 36 s. With this bound compiling stays linear in the pattern's length (at most
 * 64 scans of at most MAX_PATTERN_LENGTH characters, a few milliseconds); real globs use one or
 * two classes per segment (`*.[jt]s`, `[0-9][0-9]`).
 */
export const MAX_BRACKETS_PER_SEGMENT = 64;

/**
 * Characters Gemini CLI's `@path` imports may add to the context in one resolution, all files
 * together. Gemini expands an import again wherever it is imported (a diamond twice, a file
 * imported by every other one once per path to it, five levels deep): 15 small files importing
 * each other make 75 million characters, 50 make more than a JavaScript string can hold. The
 * bound is about a million tokens, the largest context window of Gemini's models: any expansion
 * beyond it could not be sent anyway. Past it the text is cut, with a `too-large` diagnostic.
 */
export const MAX_IMPORT_EXPANSION_CHARS = 4 * 1024 * 1024;

/**
 * Files taken from one agent's rule or instruction folders (Claude Code's `.claude/rules`,
 * Copilot's instruction folders), per folder tree. The agents have no bound; Holaryn keeps one so
 * a hostile tree cannot make a resolution read without end, and says when it is reached
 * (`too-large`, naming the folder). Real folders hold a few dozen files, large monorepos a few
 * hundred; a resolution reads, checks and loads each file (about a tenth of a millisecond), so at
 * this many one profile's answer still takes well under a second, and `compare`, which asks every
 * profile (Copilot and Claude Code both read `.claude/rules`), a few seconds.
 */
export const MAX_RULE_FILES = 5_000;

/**
 * Source–target pairs one agent resolution of `check --agents` may weigh (its instruction files
 * times the workspace files it is asked about). Copilot and Claude Code rules apply by glob to any
 * file, so every rule is tested against every target: 2,000 rules and 5,000 files were ten million
 * tests and 2.5 GB. Past the bound fewer files are asked about, and the check says how many. At
 * this many a resolution takes about a second; a workspace of 100 rules is still checked against
 * 5,000 files.
 */
export const MAX_AGENT_PAIRS = 500_000;

/** `check --agents`: an agent's answer is computed for at most this many working directories / targets. */
export const MAX_AGENT_CWDS = 400;
export const MAX_AGENT_TARGETS = 5_000;

/**
 * Entries of one list-valued agent setting (Gemini's `context.fileName` and boundary markers,
 * Codex's fallback names, Claude Code's `claudeMdExcludes`, Copilot's instruction folders). A
 * repository's own settings file can hold such a list, and each entry is probed in every
 * directory of every walk: 200,000 names in a 2.5 MB `.gemini/settings.json` made one resolution
 * run for minutes. More is an invalid value (the default is used) or a usage error for `--set`;
 * real lists hold a handful.
 */
export const MAX_SETTING_LIST_ITEMS = 100;
