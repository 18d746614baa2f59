/**
 * The claude-code profile on every oracle tree, offline: its instruction files and its text per
 * place equal what Claude Code 2.1.328 sent for that tree (recorded.json, written by record.ts
 * from real runs). Each tree is laid out in memory with every folder's entries in the order the
 * sandbox's file system listed them, since Claude Code loads rules in that order.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import type { MemEntry } from '../../../src/resolver/memory-fs';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { canonicalize } from '../../../src/resolver/paths';
import { resolveInstructions } from '../../../src/resolver';
import type { OracleEntry } from '../../oracle/case';
import { cases } from '../../oracle/cases/claude-code';
import { absoluteSource } from '../../oracle/run-case';
import { expand, type Places } from '../../oracle/tree';
import { RECORDED, type RecordedCase } from './record';

const PLACES: Places = { root: '/o/root', home: '/o/home', outside: '/o/outside' };
const recorded = JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as Record<string, RecordedCase>;

function memEntry(e: OracleEntry): MemEntry {
  if (typeof e === 'string') return expand(e, PLACES);
  if ('dir' in e) return { dir: true };
  if ('link' in e) return { symlink: expand(e.link, PLACES) };
  return Uint8Array.from(e.bytes);
}

/**
 * The entries of `tree` under `base`, each folder's children in the recorded order (those the
 * recording did not list after them, by name), parents before children.
 */
function laidOut(base: string, key: string, tree: Record<string, OracleEntry>, listings: Record<string, string[]>): [string, MemEntry][] {
  const entries = new Map(Object.entries(tree));
  const children = new Map<string, Set<string>>();
  for (const rel of entries.keys()) {
    const parts = rel.split('/');
    for (let i = 0; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!children.has(dir)) children.set(dir, new Set());
      children.get(dir)!.add(parts[i]);
    }
  }
  const out: [string, MemEntry][] = [];
  const visit = (dir: string) => {
    const names = children.get(dir);
    if (!names) return;
    const listed = (listings[dir === '' ? key : `${key}/${dir}`] ?? []).filter((n) => names.has(n));
    for (const name of [...listed, ...[...names].filter((n) => !listed.includes(n)).sort()]) {
      const rel = dir === '' ? name : `${dir}/${name}`;
      const e = entries.get(rel);
      out.push([`${base}/${rel}`, e === undefined ? { dir: true } : memEntry(e)]);
      if (e === undefined || (typeof e === 'object' && 'dir' in e)) visit(rel);
    }
  };
  visit('');
  return out;
}

describe('claude-code profile on the oracle trees, against what Claude Code 2.1.328 sent (recorded)', () => {
  it('has a recording of every case', () => {
    assert.deepEqual(
      cases.map((c) => c.name).filter((n) => !recorded[n]),
      [],
    );
  });

  for (const c of cases) {
    const want = recorded[c.name];
    if (!want) continue;
    it(`${c.name}: ${c.why.slice(0, 100)}`, () => {
      const mem = new MemoryFs({ [PLACES.root]: { dir: true }, [PLACES.home]: { dir: true } });
      for (const [p, e] of [
        ...laidOut(PLACES.root, 'root', c.tree, want.listings),
        ...laidOut(PLACES.home, 'home', c.home ?? {}, want.listings),
      ])
        mem.set(p, e);
      const env = { HOME: PLACES.home, ...Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, expand(v, PLACES)])) };
      const cwd = c.cwd ? `${PLACES.root}/${c.cwd}` : PLACES.root;
      const targets = c.read === undefined ? [] : [`${PLACES.root}/${c.read}`];
      const ev = resolveInstructions(cwd, targets, { profile: 'claude-code', fs: mem, env, homedir: PLACES.home });
      const parts = ev.contextParts.map((p) => ({ place: p.place, text: p.text }));
      assert.deepEqual(
        parts,
        want.parts.map((p) => ({ place: p.place, text: expand(p.text, PLACES) })),
      );
      const files = ev.contextParts.flatMap((p) =>
        p.sources.map((s) => canonicalize(mem, absoluteSource(s, ev.root, PLACES.home, env)).path),
      );
      assert.deepEqual(
        files,
        want.files.map((f) => expand(f, PLACES)),
      );
    });
  }
});
