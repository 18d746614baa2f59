/**
 * Holaryn's resolver, its public API: pure TypeScript, no editor API (see ../../README.md and
 * docs/contract.md). Every other layer (cli, lint, gate, vscode, editing, trust, capture, the
 * extension) imports the resolver through this file only, and it exports by name exactly what
 * they use (test/unit/resolver/public-api.test.ts checks both); tests may import any module.
 */
export { FileCache } from './cache';
export { canonicalRoot, locateCandidate } from './candidates';
export { cellUnit, COMPARE_SCHEMA, compareCell, compareProfiles, compareRows, eachProfile, listingCell, listingRows } from './compare';
export type { ListingRow } from './compare';
export type { Comparison } from './compare';
export { contextByPlace, listingSummary, placeHeading, placeWords } from './context-parts';
export { measure } from './context';
export type { BudgetUnit } from './context';
export type { EditorSetting } from './editor';
export {
  CONTEXT_PLACES,
  DIAGNOSTIC_SEVERITY,
  EVIDENCE_SCHEMA,
  hasBrand,
  LISTING_KINDS,
  LISTING_PLACES,
  LISTING_STATUSES,
  ResolveError,
  SOURCE_SCOPES,
  SOURCE_STATUSES,
} from './evidence';
export type {
  Diagnostic,
  ErrorCode,
  Evidence,
  InstalledAgent,
  ListingEvidence,
  ListingKind,
  ListingPlace,
  ListingStatus,
  Metadata,
  Severity,
  SourceEvidence,
  SourceStatus,
  TargetEvidence,
  TargetKind,
} from './evidence';
export { FENCE, KNOWN_KEYS, locateFences, parseInstructions, PRIORITY_MAX, PRIORITY_MIN, YAML_OPTIONS } from './frontmatter';
export type { FileDiagnostic, ParsedInstructions } from './frontmatter';
export { createNodeFs, FsError, nodeResolverFs } from './fs';
export type { FileReader, FsStat, ResolverFs } from './fs';
export { compilePattern, MATCH_OPTIONS, normalizePattern, PatternSet } from './globs';
export {
  MAX_AGENT_CWDS,
  MAX_AGENT_PAIRS,
  MAX_AGENT_TARGETS,
  MAX_BUDGET,
  MAX_CONTENT_BYTES,
  MAX_FRONTMATTER_BYTES,
  MAX_TARGET_CHARS,
} from './limits';
export { MomentMemo } from './moment-memo';
export { depthOf, isInside, joinRelative } from './paths';
export type { AgentCode, FileEdit, Fix, PitfallFinding, PitfallWorkspace, TextEdit, TextRange } from './pitfalls';
export { HOLARYN_POLICY } from './profiles/holaryn/policy';
export type { ResolverPolicy } from './profiles/holaryn/policy';
export { clipped, printable, printableText } from './printable';
export type { AgentSigns, Profile, TrustVerdict } from './profile';
export { parseConfigText } from './profiles/agent/config';
export { peekText } from './profiles/agent/peek';
export { parseSetArguments } from './profiles/agent/settings';
export { decodeLossy, rustTrim } from './profiles/agent/text';
export { defaultGlobalFile, explicitGlobalFile, renderContext } from './profiles/holaryn';
export type { GlobalFile } from './profiles/holaryn';
export {
  agentEntries,
  agentSigns,
  DEFAULT_PROFILE,
  listProfiles,
  profileByName,
  profileCard,
  profileFlags,
  profileNames,
} from './profiles';
export { repositoryLayout, repositoryTrust } from './profiles/narya/repository';
export type { RepositoryTrust } from './profiles/narya/repository';
export { readTrustDecision, trustCommandLine, trustStoreFailure } from './profiles/narya/trust';
export { readInstructionFile } from './read';
export { profileOf, resolveInstructions } from './resolve';
export type { ResolveOptions } from './resolve';
export { sizeAgainstBudget, unitByName } from './units';
export { IgnoreRules, MAX_LISTING_ENTRIES, rulesForRoot, SKIPPED_DIRECTORIES, walkSteps } from './walk';
export type { DirEntry, TreeWalk, WalkFs, WalkOptions } from './walk';
