// The library entry the benchmark bundles (esbuild, into its work directory) for in-process runs.
export { FileCache, createNodeFs, listProfiles, nodeResolverFs, resolveInstructions } from '../../src/resolver';
export type { Evidence, ResolverFs } from '../../src/resolver';
export { writeJson } from '../../src/cli/json';
export { compareProfiles as compare } from '../../src/resolver/compare';
export { MomentMemo } from '../../src/resolver/moment-memo';
