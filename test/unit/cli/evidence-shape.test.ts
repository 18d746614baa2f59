/**
 * The evidence's shape is written down three times: the TypeScript types (`Evidence` and the
 * types of its fields, exported by src/resolver), the JSON Schema (schema/evidence.schema.json)
 * and the zod output schema of the MCP server (EVIDENCE_OUTPUT_SCHEMA in src/cli/mcp.ts, which
 * the SDK validates every answer against). This test proves they agree (docs/contract.md §9), at
 * every level the contract names: the top level, a target, a source, the truncation and a
 * diagnostic. When a field is added to one of them, it fails naming the field and every place
 * that still lacks it.
 *
 * The rules:
 * - TypeScript and the JSON Schema list exactly the same field names at each level.
 * - The MCP schema names every field the JSON Schema requires at that level (the contract's
 *   minimum) and no field the other two do not know (it may leave optional fields out: its
 *   objects are loose, so they pass through).
 * - Where the three enumerate values (a source's `status` and `scope`, a target's `kind`, a
 *   diagnostic's `severity`), the values agree, so that no answer the resolver can give is
 *   refused by the MCP server's validation.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import ts from 'typescript';
import { z } from 'zod';
import { EVIDENCE_OUTPUT_SCHEMA } from '../../../src/cli/mcp';
import { loadSchema } from '../../helpers/tree';

const REPO = path.resolve(__dirname, '..', '..', '..');
const RESOLVER_INDEX = path.join(REPO, 'src', 'resolver', 'index.ts');

/** A level of the evidence: how to reach it from the top in each of the three descriptions. */
interface Level {
  name: string;
  /** Path of property names from the evidence's top level ([] for the top level itself). */
  via: string[];
  /** The JSON Schema definition that describes it. */
  definition: string;
}

const LEVELS: Level[] = [
  { name: 'top level', via: [], definition: 'evidence' },
  { name: 'target', via: ['targets'], definition: 'target' },
  { name: 'source', via: ['sources'], definition: 'source' },
  { name: 'truncation', via: ['truncation'], definition: 'truncation' },
  { name: 'diagnostic', via: ['diagnostics'], definition: 'diagnostic' },
  { name: 'context part', via: ['contextParts'], definition: 'contextPart' },
  { name: 'listing', via: ['listings'], definition: 'listing' },
];

/** Fields whose values are enumerated, per level. */
const ENUMS: { level: string; field: string }[] = [
  { level: 'target', field: 'kind' },
  { level: 'source', field: 'status' },
  { level: 'source', field: 'scope' },
  { level: 'diagnostic', field: 'severity' },
  { level: 'context part', field: 'place' },
  { level: 'listing', field: 'kind' },
  { level: 'listing', field: 'status' },
  { level: 'listing', field: 'place' },
];

// ---- TypeScript: the declared types, read with the compiler's own type checker ----

interface TsLevel {
  fields: string[];
  enums: Map<string, string[] | undefined>;
}

function typescriptLevels(): Map<string, TsLevel> {
  const program = ts.createProgram([RESOLVER_INDEX], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(RESOLVER_INDEX);
  assert.ok(file, `cannot read ${RESOLVER_INDEX}`);
  const moduleSymbol = checker.getSymbolAtLocation(file);
  assert.ok(moduleSymbol, 'src/resolver/index.ts is not a module');
  let evidence = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'Evidence');
  assert.ok(evidence, 'src/resolver/index.ts no longer exports the type Evidence');
  if (evidence.flags & ts.SymbolFlags.Alias) evidence = checker.getAliasedSymbol(evidence);

  const fieldType = (type: ts.Type, name: string): ts.Type => {
    const property = type.getProperty(name);
    assert.ok(property, `the TypeScript type ${checker.typeToString(type)} has no field ${name}`);
    let t = checker.getNonNullableType(checker.getTypeOfSymbol(property));
    // A list: the type of its items.
    const item = checker.getIndexTypeOfType(t, ts.IndexKind.Number);
    if (item && checker.isArrayType(t)) t = item;
    return t;
  };
  const literals = (type: ts.Type): string[] | undefined => {
    const parts = type.isUnion() ? type.types : [type];
    const values = parts.map((p) => (p.isStringLiteral() ? p.value : undefined));
    return values.every((v): v is string => v !== undefined) ? values.sort() : undefined;
  };

  const levels = new Map<string, TsLevel>();
  for (const level of LEVELS) {
    let type = checker.getDeclaredTypeOfSymbol(evidence);
    for (const name of level.via) type = fieldType(type, name);
    const enums = new Map<string, string[] | undefined>();
    for (const e of ENUMS.filter((e) => e.level === level.name)) enums.set(e.field, literals(fieldType(type, e.field)));
    levels.set(level.name, { fields: checker.getPropertiesOfType(type).map((p) => p.name), enums });
  }
  return levels;
}

// ---- JSON Schema: schema/evidence.schema.json and the MCP server's zod schema, as JSON Schema ----

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  definitions?: Record<string, JsonSchema>;
  $defs?: Record<string, JsonSchema>;
};

/** Follows `$ref`s into `definitions` / `$defs` of `root`. */
function deref(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let s = schema;
  for (let hops = 0; s.$ref !== undefined && hops < 20; hops++) {
    const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(s.$ref);
    assert.ok(match, `unsupported $ref ${s.$ref}`);
    const next = root[match[1] as 'definitions' | '$defs']?.[match[2]];
    assert.ok(next, `dangling $ref ${s.$ref}`);
    s = next;
  }
  return s;
}

/** The values a schema allows, when it enumerates strings (enum, const, or a union of those). */
function enumerated(schema: JsonSchema, root: JsonSchema): string[] | undefined {
  const s = deref(schema, root);
  if (s.enum) return s.enum.every((v) => typeof v === 'string') ? (s.enum as string[]).slice().sort() : undefined;
  if (typeof s.const === 'string') return [s.const];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const parts = alternatives.map((a) => enumerated(a, root));
    return parts.every((p): p is string[] => p !== undefined) ? [...new Set(parts.flat())].sort() : undefined;
  }
  return undefined;
}

interface SchemaLevel {
  fields: string[];
  required: string[];
  enums: Map<string, string[] | undefined>;
}

function schemaLevel(object: JsonSchema, root: JsonSchema, level: string): SchemaLevel {
  const s = deref(object, root);
  const properties = s.properties ?? {};
  const enums = new Map<string, string[] | undefined>();
  for (const e of ENUMS.filter((e) => e.level === level)) {
    enums.set(e.field, properties[e.field] ? enumerated(properties[e.field], root) : undefined);
  }
  return { fields: Object.keys(properties), required: s.required ?? [], enums };
}

/** A field's schema, with a list replaced by its items and a nullable by its non-null part. */
function child(object: JsonSchema, name: string, root: JsonSchema): JsonSchema {
  let s = deref(deref(object, root).properties?.[name] ?? {}, root);
  const nonNull = (s.anyOf ?? s.oneOf)?.filter((a) => (deref(a, root) as { type?: string }).type !== 'null');
  if (nonNull && nonNull.length === 1) s = deref(nonNull[0], root);
  return s.items ? deref(s.items, root) : s;
}

function fileSchemaLevels(): Map<string, SchemaLevel> {
  const root = loadSchema() as JsonSchema;
  const levels = new Map<string, SchemaLevel>();
  for (const level of LEVELS) {
    const definition = root.definitions?.[level.definition];
    assert.ok(definition, `schema/evidence.schema.json has no definitions.${level.definition}`);
    levels.set(level.name, schemaLevel(definition, root, level.name));
  }
  return levels;
}

function mcpSchemaLevels(): Map<string, SchemaLevel> {
  const root = z.toJSONSchema(EVIDENCE_OUTPUT_SCHEMA, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const levels = new Map<string, SchemaLevel>();
  for (const level of LEVELS) {
    let s: JsonSchema = root;
    for (const name of level.via) s = child(s, name, root);
    levels.set(level.name, schemaLevel(s, root, level.name));
  }
  return levels;
}

// ---- the comparison ----

const TS = 'the TypeScript types (src/resolver/evidence.ts)';
const FILE = 'schema/evidence.schema.json';
const MCP = 'the MCP output schema (EVIDENCE_OUTPUT_SCHEMA in src/cli/mcp.ts)';

describe('the evidence shape in one place: TypeScript, JSON Schema and the MCP output schema agree (docs/contract.md §9)', function () {
  this.timeout(60_000); // type-checking the resolver takes a few seconds on a busy machine

  let tsLevels: Map<string, TsLevel>;
  let fileLevels: Map<string, SchemaLevel>;
  let mcpLevels: Map<string, SchemaLevel>;
  before(() => {
    tsLevels = typescriptLevels();
    fileLevels = fileSchemaLevels();
    mcpLevels = mcpSchemaLevels();
  });

  for (const level of LEVELS) {
    const where = level.via.length === 0 ? "the evidence's top level" : `evidence.${level.via.join('.')}`;

    it(`${level.name}: TypeScript and ${FILE} name the same fields`, () => {
      const inTs = new Set(tsLevels.get(level.name)!.fields);
      const inFile = new Set(fileLevels.get(level.name)!.fields);
      const problems = [
        ...[...inTs]
          .filter((f) => !inFile.has(f))
          .map((f) => `"${f}" is in ${TS} but not in ${FILE} definitions.${level.definition}.properties`),
        ...[...inFile]
          .filter((f) => !inTs.has(f))
          .map((f) => `"${f}" is in ${FILE} definitions.${level.definition}.properties but not in ${TS}`),
      ];
      if (problems.length > 0) assert.fail(`${where}:\n  ${problems.join('\n  ')}`);
    });

    it(`${level.name}: the MCP output schema names every required field and no unknown one`, () => {
      const inTs = new Set(tsLevels.get(level.name)!.fields);
      const file = fileLevels.get(level.name)!;
      const inMcp = new Set(mcpLevels.get(level.name)!.fields);
      const problems = [
        ...file.required.filter((f) => !inMcp.has(f)).map((f) => `"${f}" is required by ${FILE} but missing from ${MCP}`),
        ...[...inMcp].filter((f) => !inTs.has(f)).map((f) => `"${f}" is in ${MCP} but not in ${TS}`),
      ];
      if (problems.length > 0) assert.fail(`${where}:\n  ${problems.join('\n  ')}`);
    });
  }

  for (const e of ENUMS) {
    it(`${e.level}.${e.field}: the three allow the same values`, () => {
      const inTs = tsLevels.get(e.level)!.enums.get(e.field);
      const inFile = fileLevels.get(e.level)!.enums.get(e.field);
      const inMcp = mcpLevels.get(e.level)!.enums.get(e.field);
      assert.ok(inTs, `${TS}: ${e.level}.${e.field} is not a union of string literals`);
      assert.ok(inFile, `${FILE}: ${e.level}.${e.field} is not an enum`);
      const problems: string[] = [];
      const compare = (name: string, values: string[] | undefined) => {
        if (values === undefined) return; // the MCP schema may leave a value open (a plain string)
        for (const v of inTs.filter((v) => !values.includes(v))) problems.push(`"${v}" is allowed by ${TS} but not by ${name}`);
        for (const v of values.filter((v) => !inTs.includes(v))) problems.push(`"${v}" is allowed by ${name} but not by ${TS}`);
      };
      compare(FILE, inFile);
      compare(MCP, inMcp);
      if (problems.length > 0) assert.fail(`${e.level}.${e.field}:\n  ${problems.join('\n  ')}`);
    });
  }
});
