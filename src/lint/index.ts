/** Holaryn's lint engine: pure TypeScript, no editor API (the CLI and VS Code both call it). */
export * from './types';
export { LineIndex, applyEdits } from './text';
export { lintFile, sourceDirectory, compareFindings, LintContext } from './file';
export {
  lintWorkspace,
  lintWorkspaceAsync,
  lintWorkspaceSteps,
  createNodeLintFs,
  LintFs,
  LintWorkspaceOptions,
  LintResult,
} from './workspace';
export {
  walkTree,
  walkTreeAsync,
  walkSteps,
  createNodeWalkFs,
  rulesForRoot,
  IgnoreRules,
  WalkFs,
  WalkOptions,
  TreeWalk,
  DirEntry,
} from './walk';
export { WorkspaceListing, SKIPPED_DIRECTORIES, MAX_LISTING_ENTRIES, MAX_GLOB_EVALUATIONS, reachesSkippedDirectory } from './listing';
export { macrotask, slicedPause, runToEnd, runPaused, SLICE_MS, STEP_MASK } from './pause';
export { nearMissKey, normalizeKey, editDistance, NEAR_MISS_DISTANCE } from './keys';
export { rawBlock, locateGlobItems, findUnquotedStarGlobs, GlobItem, StarGlob, RawBlock } from './frontmatter';
export { FOREIGN_KEYS, ForeignKey, isForeignKey, splitCommaGlobs } from './foreign';
export { textSimilarity, NEAR_DUPLICATE_SIMILARITY, MAX_SIMILARITY_WORK } from './similarity';
export {
  checkBudget,
  checkBudgetAsync,
  budgetSteps,
  BudgetInput,
  BudgetSource,
  BudgetLimits,
  BudgetOptions,
  BudgetResult,
  MAX_BUDGET_FILES,
  MAX_BUDGET_RESOLUTIONS,
  LintProgress,
  PROGRESS_EVERY,
} from './budget';
export {
  AGENT_FILE_CODE,
  MAX_AGENT_CWDS,
  MAX_AGENT_TARGETS,
  AgentName,
  AgentCut,
  AgentLintOptions,
  AgentLintResult,
  agentNames,
  agentSeverity,
  isAgentCode,
  parseAgentList,
  lintAgents,
  lintAgentsSteps,
} from './agents';
