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
