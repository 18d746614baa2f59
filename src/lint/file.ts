/**
 * `lintFile`: every finding for one instruction file's text. The resolver's own diagnostics come
 * from the resolver's `parseInstructions`; lint adds its warnings and the quick fixes.
 */
import {
  DIAGNOSTIC_SEVERITY,
  HOLARYN_POLICY,
  KNOWN_KEYS,
  PRIORITY_MAX,
  PRIORITY_MIN,
  ResolverPolicy,
  normalizePattern,
  parseInstructions,
} from '../resolver';
import type { FileDiagnostic, ParsedInstructions } from '../resolver';
import { FOREIGN_KEYS, isForeignKey, keyValue, splitCommaGlobs } from './foreign';
import { GlobItem, RawBlock, findUnquotedStarGlobs, locateGlobItems, rawBlock } from './frontmatter';
import { nearMissKey } from './keys';
import { WorkspaceListing, reachesSkippedDirectory } from './listing';
import { LineIndex } from './text';
import { LINT_SEVERITY } from './types';
import type { Finding, FindingCode, Fix, LintOnlyCode, TextEdit, TextRange } from './types';

export interface LintContext {
  /** Files and directories of the workspace; without it "matches nothing" is not checked. */
  listing?: WorkspaceListing;
  policy?: ResolverPolicy;
}

/**
 * The source directory of an instruction file (`src` for `src/.holaryn/instructions.md`), or
 * undefined when the path is not one of the policy's candidate names.
 */
export function sourceDirectory(relPath: string, policy: ResolverPolicy = HOLARYN_POLICY): string | undefined {
  for (const candidate of policy.candidates) {
    if (relPath === candidate) return '';
    if (relPath.endsWith(`/${candidate}`)) return relPath.slice(0, relPath.length - candidate.length - 1);
  }
  return undefined;
}

/** Sorts findings by file, position, then code. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}

function describeDir(dir: string): string {
  return dir === '' ? 'the workspace root' : `${dir}/`;
}

/** A glob written back in YAML: in its own quoting style where that is safe, else double quotes. */
function yamlString(value: string, style: GlobItem['style']): string {
  if (style === 'single' && !/[\r\n]/.test(value)) return `'${value.replace(/'/g, "''")}'`;
  if (style === 'plain' && /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/.test(value)) return value;
  return JSON.stringify(value);
}

/**
 * All findings for one instruction file. `relPath` is root-relative (`/`-separated); its source
 * directory is derived from the candidate name (a path that is not a candidate is treated as a
 * source in its parent directory). `text` is the file's text; a leading BOM is dropped and
 * every offset refers to the text without it.
 */
export function lintFile(relPath: string, text: string, context: LintContext = {}): Finding[] {
  const policy = context.policy ?? HOLARYN_POLICY;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const dir = sourceDirectory(relPath, policy) ?? (relPath.includes('/') ? relPath.slice(0, relPath.lastIndexOf('/')) : '');
  const parsed = parseInstructions(body, policy.frontmatter);
  const index = new LineIndex(body);
  const findings: Finding[] = [];
  const add = (code: FindingCode, range: TextRange, message: string, extra: Partial<Finding> = {}) => {
    const severity =
      code in DIAGNOSTIC_SEVERITY ? DIAGNOSTIC_SEVERITY[code as keyof typeof DIAGNOSTIC_SEVERITY] : LINT_SEVERITY[code as LintOnlyCode];
    findings.push({
      file: relPath,
      severity,
      code,
      line: range.line,
      column: range.column,
      endLine: range.endLine,
      endColumn: range.endColumn,
      message,
      ...extra,
    });
  };

  const block = policy.frontmatter ? rawBlock(body) : undefined;
  const hidden = hiddenLines(parsed, index);
  for (const d of parsed.diagnostics) {
    if (d.code === 'unknown-key' && d.key !== undefined && isForeignKey(d.key) && block) {
      foreignKey(d.key, body, block, dir, parsed, index, add);
    } else if (d.code === 'unknown-key' && hidden) {
      addResolverDiagnostic({ ...d, message: `${d.message}; ${hidden}` }, parsed, index, add);
    } else {
      addResolverDiagnostic(d, parsed, index, add);
    }
  }
  if (hidden && parsed.keys.length === 0) {
    add('frontmatter-hides-text', index.range(0, index.lineEnd(1)), `this block holds only YAML comments; ${hidden}`);
  }

  if (policy.frontmatter) {
    if (block) {
      for (const star of findUnquotedStarGlobs(body, block)) {
        const range = index.range(star.start, star.end);
        // The resolver's error for the alias starts where the glob does: give it the glob's extent.
        for (const f of findings) {
          if (f.code === 'malformed-frontmatter' && f.line === range.line && f.column === range.column) {
            f.endLine = range.endLine;
            f.endColumn = range.endColumn;
          }
        }
        const quoted = JSON.stringify(star.raw);
        add(
          'unquoted-star-glob',
          range,
          `${star.key} glob ${star.raw} is not quoted: YAML reads a value starting with "*" as an alias, which makes the frontmatter malformed; write ${quoted}`,
          { key: star.key, fixes: [{ title: `Quote the glob: ${quoted}`, edits: [{ range, newText: quoted }] }] },
        );
      }
      nearMisses(parsed, index, add);
      if (parsed.metadata) globChecks(body, block, dir, parsed, index, context.listing, add);
    }
  }
  return findings.sort(compareFindings);
}

/**
 * When a valid block holds text but no Holaryn key (unknown keys, or comments only) and is not
 * another tool's frontmatter: the sentence saying its lines do not reach the model. A Markdown
 * rule (`---`) opening a file starts frontmatter, so a note between two rules vanishes.
 */
function hiddenLines(parsed: ParsedInstructions, index: LineIndex): string | undefined {
  if (!parsed.metadata || !parsed.blockRange) return undefined;
  if (parsed.keys.some((k) => (KNOWN_KEYS as readonly string[]).includes(k.key))) return undefined;
  if (parsed.keys.length > 0 && parsed.keys.every((k) => isForeignKey(k.key))) return undefined;
  if (index.text.slice(parsed.blockRange[0], parsed.blockRange[1]).trim() === '') return undefined;
  const first = 2;
  const last = parsed.contentLine - 2;
  const lines = first === last ? `line ${first} does` : `lines ${first}-${last} do`;
  return (
    `no key between the --- fences (lines 1 and ${last + 1}) is a Holaryn key, yet the block is read as frontmatter, ` +
    `so ${lines} not reach the model (for a Markdown rule at the top of the file write *** instead of ---, ` +
    `or start the file with a blank line)`
  );
}

type Add = (code: FindingCode, range: TextRange, message: string, extra?: Partial<Finding>) => void;

function addResolverDiagnostic(d: FileDiagnostic, parsed: ParsedInstructions, index: LineIndex, add: Add): void {
  const line = d.line ?? 1;
  let range: TextRange;
  if (d.column !== undefined && d.endLine !== undefined && d.endColumn !== undefined) {
    range = index.range(index.offset(line, d.column), index.offset(d.endLine, d.endColumn));
  } else if (d.column !== undefined) {
    // A YAML error position: from it to the end of its line.
    const start = index.offset(line, d.column);
    range = index.range(start, Math.max(start, index.lineEnd(line)));
  } else {
    range = index.range(index.offset(line, 1), index.lineEnd(line));
  }
  const extra: Partial<Finding> = d.key === undefined ? {} : { key: d.key };
  if (d.code === 'invalid-value' && d.key === 'priority') {
    const fix = clampPriority(parsed, index);
    if (fix) extra.fixes = [fix];
  }
  add(d.code as FindingCode, range, d.message, extra);
}

/** For an integer priority out of range: replace it by the nearest bound. */
function clampPriority(parsed: ParsedInstructions, index: LineIndex): Fix | undefined {
  const loc = parsed.keys.find((k) => k.key === 'priority');
  if (!loc?.valueRange) return undefined;
  const raw = index.text.slice(loc.valueRange[0], loc.valueRange[1]).trim();
  if (!/^[-+]?(0x[0-9a-fA-F]+|0o[0-7]+|[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?)$/.test(raw)) return undefined;
  const value = Number(raw.replace(/^\+/, ''));
  if (!Number.isInteger(value) || (value >= PRIORITY_MIN && value <= PRIORITY_MAX)) return undefined;
  const clamped = value > PRIORITY_MAX ? PRIORITY_MAX : PRIORITY_MIN;
  return {
    title: `Clamp priority to ${clamped}`,
    edits: [{ range: index.range(loc.valueRange[0], loc.valueRange[1]), newText: String(clamped) }],
  };
}

/**
 * Another tool's key: an info finding naming the tool, what Holaryn does instead, and the
 * translation as a fix where there is one. A comma-separated glob string (Copilot's `applyTo`,
 * Cursor's `globs`) becomes a list, as Holaryn never splits a string on commas.
 */
function foreignKey(key: string, text: string, block: RawBlock, dir: string, parsed: ParsedInstructions, index: LineIndex, add: Add): void {
  const loc = parsed.keys.find((k) => k.key === key);
  if (!loc) return;
  const info = FOREIGN_KEYS[key];
  const range = index.range(loc.keyRange[0], loc.keyRange[1]);
  const scope = dir === '' ? 'every file in the workspace' : `every file below ${dir}/`;
  let message = `${JSON.stringify(key)} is read by ${info.tool} (${info.meaning}); Holaryn ignores it, so this file applies to ${scope}`;
  const extra: Partial<Finding> = { key };
  if (info.translation) {
    const target = info.translation;
    const value = keyValue(text, block, key);
    if (parsed.keys.some((k) => k.key === target)) {
      message += `; Holaryn's key for this is ${target}, and ${target} is already present`;
    } else if (value && value.kind !== 'other') {
      message += `; Holaryn's key is ${target} (globs relative to this file's directory, a list rather than a comma-separated string)`;
      const edits: TextEdit[] = [{ range, newText: target }];
      if (value.kind === 'string') {
        const globs = splitCommaGlobs(value.value);
        if (globs.length > 1)
          edits.push({ range: index.range(value.start, value.end), newText: `[${globs.map((g) => JSON.stringify(g)).join(', ')}]` });
      }
      extra.fixes = [{ title: `Rename ${key} to ${target}`, edits }];
    } else {
      message += `; Holaryn's key is ${target}, which takes a glob or a list of globs`;
    }
  }
  add('foreign-key', range, message, extra);
}

function nearMisses(parsed: ParsedInstructions, index: LineIndex, add: Add): void {
  const present = new Set(parsed.keys.map((k) => k.key));
  for (const loc of parsed.keys) {
    if ((KNOWN_KEYS as readonly string[]).includes(loc.key) || isForeignKey(loc.key)) continue;
    const meant = nearMissKey(loc.key);
    if (!meant) continue;
    const range = index.range(loc.keyRange[0], loc.keyRange[1]);
    if (present.has(meant)) {
      add(
        'near-miss-key',
        range,
        `unknown key ${JSON.stringify(loc.key)} looks like ${JSON.stringify(meant)}, which is also present; remove one of them`,
        {
          key: loc.key,
        },
      );
      continue;
    }
    add('near-miss-key', range, `unknown key ${JSON.stringify(loc.key)} is ignored; did you mean ${JSON.stringify(meant)}?`, {
      key: loc.key,
      fixes: [{ title: `Rename to ${meant}`, edits: [{ range, newText: meant }] }],
    });
  }
}

function globChecks(
  text: string,
  block: RawBlock,
  dir: string,
  parsed: ParsedInstructions,
  index: LineIndex,
  listing: WorkspaceListing | undefined,
  add: Add,
): void {
  const metadata = parsed.metadata!;
  for (const item of locateGlobItems(text, block)) {
    // Only keys the resolver accepted: an invalid one is reported as such and has no effect.
    const effective = item.key === 'applies_to' ? metadata.applies_to : metadata.excludes;
    if (!effective || effective[item.index] !== item.pattern) continue;
    const range = index.range(item.start, item.end);
    const pattern = normalizePattern(item.pattern);
    const shown = JSON.stringify(item.pattern);
    if (dir !== '' && (pattern === dir || pattern.startsWith(`${dir}/`))) {
      const relative = pattern.slice(dir.length + 1);
      const extra: Partial<Finding> = { key: item.key };
      if (relative !== '' && item.style !== 'block') {
        const newText = yamlString(relative, item.style);
        extra.fixes = [{ title: `Make the glob relative to ${dir}/: ${JSON.stringify(relative)}`, edits: [{ range, newText }] }];
      }
      add(
        'glob-workspace-relative',
        range,
        relative === ''
          ? `${item.key} glob ${shown} names this file's own directory: globs are relative to ${dir}/, so it can only match ${dir}/${pattern} (use "**" for everything below ${dir}/)`
          : `${item.key} glob ${shown} starts with this file's own directory ${JSON.stringify(dir + '/')}: globs are relative to ${dir}/, so it cannot match below it (did you mean ${JSON.stringify(relative)}?)`,
        extra,
      );
      continue;
    }
    if (!listing || !listing.complete || reachesSkippedDirectory(item.pattern)) continue;
    if (listing.matches(dir, item.pattern) === false && !listing.reachesOpaque(dir, item.pattern)) {
      add(
        'glob-matches-nothing',
        range,
        `${item.key} glob ${shown} matches no file or directory below ${describeDir(dir)} (globs are relative to the instruction file's directory)`,
        { key: item.key },
      );
    }
  }
}
