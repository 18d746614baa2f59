/**
 * An in-memory tree behind the ResolverFs interface: unit tests build trees with it, and it
 * records every path the resolver touches, so tests can prove what was (not) read.
 */
import * as nodePath from 'node:path';
import { FileReader, FsError, FsStat, ResolverFs } from './fs';
import { MAX_SYMLINK_HOPS } from './limits';

type DirNode = { type: 'dir'; ino: number; children: Map<string, MemNode> };
type MemNode =
  | DirNode
  | { type: 'file'; ino: number; data: Uint8Array; mtimeMs: number }
  | { type: 'symlink'; ino: number; target: string }
  | { type: 'other'; ino: number };

/** How a test describes one entry. A string or bytes is a file. */
export type MemEntry =
  | string
  | Uint8Array
  | { dir: true }
  | { symlink: string }
  | { hardlink: string }
  | { special: true };

const P = nodePath.posix;

export class MemoryFs implements ResolverFs {
  readonly path = P;
  private readonly rootNode: DirNode;
  private nextIno = 1;
  private clock = 1;
  /** Every path passed to lstat/stat/open, in call order. */
  readonly touched: string[] = [];
  /** Every path opened for reading. */
  readonly opened: string[] = [];

  constructor(entries: Record<string, MemEntry> = {}) {
    this.rootNode = { type: 'dir', ino: this.nextIno++, children: new Map() };
    for (const [p, entry] of Object.entries(entries)) this.set(p, entry);
  }

  /** Creates or replaces an entry, creating parent directories. */
  set(p: string, entry: MemEntry): this {
    const parts = split(p);
    const name = parts.pop();
    if (name === undefined) throw new Error('cannot replace /');
    let dir: DirNode = this.rootNode;
    for (const part of parts) {
      let child = dir.children.get(part);
      if (!child) {
        child = { type: 'dir', ino: this.nextIno++, children: new Map() };
        dir.children.set(part, child);
      }
      if (child.type !== 'dir') throw new Error(`${part} in ${p} is not a directory`);
      dir = child;
    }
    dir.children.set(name, this.makeNode(entry));
    return this;
  }

  delete(p: string): this {
    const parts = split(p);
    const name = parts.pop()!;
    const parent = this.walk(P.join('/', ...parts), true);
    if (parent?.type === 'dir') parent.children.delete(name);
    return this;
  }

  private makeNode(entry: MemEntry): MemNode {
    if (typeof entry === 'string') return this.file(Buffer.from(entry, 'utf8'));
    if (entry instanceof Uint8Array) return this.file(entry);
    if ('dir' in entry) return { type: 'dir', ino: this.nextIno++, children: new Map() };
    if ('symlink' in entry) return { type: 'symlink', ino: this.nextIno++, target: entry.symlink };
    if ('hardlink' in entry) {
      const node = this.walk(entry.hardlink, true);
      if (!node) throw new Error(`hardlink target ${entry.hardlink} missing`);
      return node;
    }
    return { type: 'other', ino: this.nextIno++ };
  }

  private file(data: Uint8Array): MemNode {
    return { type: 'file', ino: this.nextIno++, data, mtimeMs: this.clock++ };
  }

  /** Walks to the node at `p`, following intermediate symlinks and, if asked, the last one. */
  private walk(p: string, followLast: boolean, hops = { n: 0 }): MemNode | undefined {
    const queue = split(p);
    let current: MemNode = this.rootNode;
    const stack: MemNode[] = [];
    while (queue.length > 0) {
      const part = queue.shift()!;
      if (part === '.') continue;
      if (part === '..') {
        current = stack.pop() ?? this.rootNode;
        continue;
      }
      if (current.type !== 'dir') return undefined; // ENOTDIR: treated as missing
      const child = current.children.get(part);
      if (!child) return undefined;
      if (child.type === 'symlink' && (queue.length > 0 || followLast)) {
        if (++hops.n > MAX_SYMLINK_HOPS) throw new FsError('ELOOP', `too many symbolic links: ${p}`);
        const target = split(child.target);
        if (child.target.startsWith('/')) {
          current = this.rootNode;
          stack.length = 0;
        }
        queue.unshift(...target);
        continue;
      }
      stack.push(current);
      current = child;
    }
    return current;
  }

  private statOf(node: MemNode): FsStat {
    const kind = node.type === 'dir' ? 'directory' : node.type === 'other' ? 'other' : node.type;
    const size = node.type === 'file' ? node.data.length : node.type === 'symlink' ? node.target.length : 0;
    const mtimeMs = node.type === 'file' ? node.mtimeMs : 0;
    return { kind, size, mtimeMs, dev: 1, ino: node.ino };
  }

  lstat(p: string): FsStat | undefined {
    this.touched.push(p);
    const node = this.walk(p, false);
    return node && this.statOf(node);
  }

  stat(p: string): FsStat | undefined {
    this.touched.push(p);
    const node = this.walk(p, true);
    return node && this.statOf(node);
  }

  readlink(p: string): string {
    const node = this.walk(p, false);
    if (!node) throw new FsError('ENOENT', `no such file: ${p}`);
    if (node.type !== 'symlink') throw new FsError('EINVAL', `not a symbolic link: ${p}`);
    return node.target;
  }

  open(p: string, expected: FsStat): FileReader {
    this.touched.push(p);
    this.opened.push(p);
    const node = this.walk(p, false);
    if (!node) throw new FsError('ENOENT', `no such file: ${p}`);
    if (node.type === 'symlink') throw new FsError('ELOOP', `symbolic link refused: ${p}`);
    if (node.type !== 'file' || node.ino !== expected.ino) {
      throw new FsError('ECHANGED', `${p} changed between the check and the open`);
    }
    const data = node.data;
    let offset = 0;
    return {
      read: (buffer) => {
        const n = Math.min(buffer.length, data.length - offset);
        buffer.set(data.subarray(offset, offset + n), 0);
        offset += n;
        return n;
      },
      stat: () => this.statOf(node),
      close: () => undefined,
    };
  }
}

function split(p: string): string[] {
  return p.split('/').filter((part) => part.length > 0);
}
