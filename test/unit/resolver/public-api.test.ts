// The resolver's public API (src/resolver/index.ts): named exports only, exactly the names the
// other layers use, and the only resolver module they import; the resolver itself imports no
// layer above it. Read from the sources with TypeScript's own parser.
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { REPO_DIR } from '../../helpers/tree';

const SRC = path.join(REPO_DIR, 'src');
const RESOLVER = path.join(SRC, 'resolver');
const INDEX = path.join(RESOLVER, 'index.ts');
/** Every layer but the resolver: the folders of src (a new layer too) and the extension's entry point. */
const LAYERS = [
  ...readdirSync(SRC, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'resolver')
    .map((e) => e.name),
  'extension.ts',
];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Every module a file names: imports, re-exports, `require(…)` and `import(…)` (types too), as absolute paths of relative ones. */
function modulesOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((m) => m.startsWith('.'))
    .map((m) => path.resolve(path.dirname(file), m));
}

const isIndex = (m: string) => m === RESOLVER || m === path.join(RESOLVER, 'index');
const inResolver = (m: string) => m === RESOLVER || m.startsWith(RESOLVER + path.sep);
const layerFiles = LAYERS.flatMap((l) => (l.endsWith('.ts') ? [path.join(SRC, l)] : tsFiles(path.join(SRC, l))));

describe('resolver: the public API', () => {
  it('other layers import the resolver through src/resolver/index.ts only', () => {
    const bypassing = layerFiles.flatMap((f) =>
      modulesOf(f)
        .filter((m) => inResolver(m) && !isIndex(m))
        .map((m) => `${path.relative(REPO_DIR, f)} imports ${path.relative(REPO_DIR, m)}`),
    );
    assert.deepEqual(bypassing, []);
    assert.ok(layerFiles.length > 50, 'the layers were found');
  });

  it('the resolver imports no layer above it (lint, cli, gate, vscode, editing, capture): only the trust store, a leaf', () => {
    const TRUST = path.join(SRC, 'trust');
    const outward = tsFiles(RESOLVER).flatMap((f) =>
      modulesOf(f)
        .filter((m) => m.startsWith(SRC + path.sep) && !inResolver(m) && !m.startsWith(TRUST + path.sep))
        .map((m) => `${path.relative(REPO_DIR, f)} imports ${path.relative(REPO_DIR, m)}`),
    );
    assert.deepEqual(outward, []);
    const trustImports = tsFiles(TRUST).flatMap((f) =>
      modulesOf(f).filter((m) => m.startsWith(SRC + path.sep) && !m.startsWith(TRUST + path.sep)),
    );
    assert.deepEqual(trustImports, [], 'the trust store imports nothing of ours');
  });

  it('the index has named exports only, and every one of them is used by another layer', () => {
    const exported: string[] = [];
    for (const st of parse(INDEX).statements) {
      assert.ok(ts.isExportDeclaration(st), `index.ts holds only re-exports: ${st.getText().slice(0, 60)}`);
      assert.ok(st.exportClause && ts.isNamedExports(st.exportClause), `no export *: ${st.getText().slice(0, 60)}`);
      for (const e of st.exportClause.elements) exported.push(e.name.text);
    }
    const used = new Set<string>();
    for (const f of layerFiles) {
      for (const st of parse(f).statements) {
        if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier) continue;
        const spec = (st.moduleSpecifier as ts.StringLiteral).text;
        if (!spec.startsWith('.') || !isIndex(path.resolve(path.dirname(f), spec))) continue;
        const bindings = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : st.exportClause;
        if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
          for (const e of bindings.elements) used.add((e.propertyName ?? e.name).text);
      }
    }
    assert.deepEqual(
      exported.filter((n) => !used.has(n)),
      [],
      'exported but used by no other layer',
    );
    assert.equal(new Set(exported).size, exported.length, 'each name once');
  });
});
