/** Holaryn's resolver: pure TypeScript, no editor API; see ../../README.md and the contract. */
export * from './evidence';
export * from './policy';
export * from './limits';
export { ResolverFs, FsStat, FsError, FileReader, PathApi, createNodeFs, nodeResolverFs } from './fs';
export { MemoryFs, MemEntry } from './memory-fs';
export { FileCache, SETTLE_MS } from './cache';
export { parseInstructions, ParsedInstructions, FileDiagnostic, KeyLocation, KNOWN_KEYS, PRIORITY_MIN, PRIORITY_MAX } from './frontmatter';
export { PatternSet, checkPattern, normalizePattern, MATCH_OPTIONS } from './globs';
export { renderContext, measure, neutralize } from './context';
export { resolveInstructions, defaultGlobalFile, explicitGlobalFile, GlobalFile, ResolveOptions } from './resolve';
export { printable, printableText, clipped } from './printable';
