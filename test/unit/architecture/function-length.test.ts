/**
 * No function in src is longer than 80 lines (the project's structural bound): a long function is
 * a second resolver hiding in a profile, a stage doing several jobs, or a front end building
 * several things inline. Checked over the TypeScript
 * syntax tree: every function declaration, method, accessor, constructor, function expression and
 * arrow function, measured from its first line to its last; a nested function counts in its
 * parent's length too. The failure lists each offender as file:line, name and length.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const MAX_LINES = 80;
const ROOT = path.resolve(__dirname, '../../..');
const DIR = path.join(ROOT, 'src');

function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []))
    .sort();
}

/** A readable name for a function node: its own, its variable's or property's, else `(anonymous)`. */
function nameOf(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name)
    return parent.name.getText(file);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

export interface LongFunction {
  readonly where: string;
  readonly name: string;
  readonly lines: number;
}

/** Every function of the files with its length in lines, longest first. */
export function functionLengths(files: readonly string[]): LongFunction[] {
  const out: LongFunction[] = [];
  for (const abs of files) {
    const file = ts.createSourceFile(abs, fs.readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
        const fn = node as ts.FunctionLikeDeclaration;
        const first = file.getLineAndCharacterOfPosition(fn.getStart(file)).line;
        const last = file.getLineAndCharacterOfPosition(fn.getEnd()).line;
        out.push({ where: `${path.relative(ROOT, abs)}:${first + 1}`, name: nameOf(fn, file), lines: last - first + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out.sort((a, b) => b.lines - a.lines);
}

describe('architecture: function length', () => {
  it(`no function in src is longer than ${MAX_LINES} lines`, () => {
    const all = functionLengths(tsFiles(DIR));
    assert.ok(all.length > 100, `found only ${all.length} functions under ${DIR}`);
    const long = all.filter((f) => f.lines > MAX_LINES);
    assert.deepEqual(
      long.map((f) => `${f.where} ${f.name}: ${f.lines} lines`),
      [],
      `functions over ${MAX_LINES} lines in src`,
    );
  });
});
