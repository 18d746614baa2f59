/** Holaryn's resolver: pure TypeScript, no editor API; see ../../README.md and docs/contract.md. */
export * from './evidence';
export * from './policy';
export * from './limits';
export * from './profile';
export { ResolverFs, FsStat, FsError, FileReader, PathApi, createNodeFs, nodeResolverFs } from './fs';
export { MemoryFs, MemEntry } from './memory-fs';
export { FileCache, SETTLE_MS } from './cache';
export { parseInstructions, ParsedInstructions, FileDiagnostic, KeyLocation, KNOWN_KEYS, PRIORITY_MIN, PRIORITY_MAX } from './frontmatter';
export { PatternSet, checkPattern, normalizePattern, MATCH_OPTIONS } from './globs';
export { measure, neutralize, ContextResult } from './context';
export { contextByPlace, placeHeading, placeWords } from './context-parts';
export { renderContext, HOLARYN, HOLARYN_CANDIDATES } from './profiles/holaryn';
export {
  DEFAULT_PROFILE,
  agentEntries,
  agentSigns,
  profileCard,
  listProfiles,
  profileByName,
  profileFlags,
  profileNames,
  AgentEntry,
  ProfileListing,
} from './profiles';
export type { EditorSetting, ProfileEditor } from './editor';
export type {
  AgentCode,
  FileEdit,
  Fix,
  PitfallCheck,
  PitfallFinding,
  PitfallWorkspace,
  PitfallsCard,
  ProfileCard,
  TextEdit,
  TextRange,
} from './pitfalls';
export { CODE_POINTS, UTF8_BYTES, sizeAgainstBudget, unitByName } from './units';
export { resolveInstructions, profileOf, defaultGlobalFile, explicitGlobalFile, GlobalFile, ResolveOptions } from './resolve';
export { printable, printableText, clipped } from './printable';
