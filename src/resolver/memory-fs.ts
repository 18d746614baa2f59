/**
 * An in-memory tree behind the ResolverFs interface: unit tests build trees with it, and it
 * records every path the resolver touches, so tests can prove what was (not) read.
 *
 * By default it is a POSIX tree (`/`-separated, case-sensitive, one root). With
 * `{ path: path.win32 }` it behaves as a Windows disk does, so Windows semantics run in tests on
 * any OS: drive roots (`C:\`, `D:\`) and UNC shares (`\\server\share\`) are separate trees, both
 * separators are accepted, names are looked up case-insensitively but keep the case they were
 * created with, and `realpath` answers with that stored case (as `fs.realpathSync.native` does on
 * Windows).
 */
import * as nodePath from 'node:path';
import { EntryKind, FileReader, FsError, FsStat, PathApi, ResolverFs } from './fs';
import { MAX_SYMLINK_HOPS } from './limits';

type DirNode = { type: 'dir'; ino: number; children: Map<string, { name: string; node: MemNode }> };
type MemNode =
  | DirNode
  | { type: 'file'; ino: number; data: Uint8Array; mtimeMs: number }
  | { type: 'symlink'; ino: number; target: string }
  | { type: 'other'; ino: number };

/** How a test describes one entry. A string or bytes is a file. */
export type MemEntry = string | Uint8Array | { dir: true } | { symlink: string } | { hardlink: string } | { special: true };

export interface MemoryFsOptions {
  /** `path.posix` (default) or `path.win32`. */
  path?: PathApi;
  /** Case-insensitive lookup (default: true for `path.win32`, false otherwise). */
  caseInsensitive?: boolean;
  /** Offer `realpath` (default: true for `path.win32`, false otherwise, so POSIX tests walk). */
  realpath?: boolean;
}

/** A parsed path: the key of its root tree, its root as written canonically, and its names. */
interface Parsed {
  rootKey: string;
  root: string;
  names: string[];
}

export class MemoryFs implements ResolverFs {
  readonly path: PathApi;
  private readonly win: boolean;
  readonly caseInsensitive: boolean;
  private readonly roots = new Map<string, { root: string; node: DirNode }>();
  private nextIno = 1;
  private clock = 1;
  /** Every path passed to lstat/stat/open/realpath, in call order. */
  readonly touched: string[] = [];
  /** Every path opened for reading. */
  readonly opened: string[] = [];
  /** Present when enabled by the options (always for `path.win32`). */
  readonly realpath?: (p: string) => string;

  constructor(entries: Record<string, MemEntry> = {}, options: MemoryFsOptions = {}) {
    this.path = options.path ?? nodePath.posix;
    this.win = this.path.sep === '\\';
    this.caseInsensitive = options.caseInsensitive ?? this.win;
    if (options.realpath ?? this.win) this.realpath = (p) => this.realpathOf(p);
    if (!this.win) this.rootTree('/', '/');
    for (const [p, entry] of Object.entries(entries)) this.set(p, entry);
  }

  private key(name: string): string {
    return this.caseInsensitive ? name.toLowerCase() : name;
  }

  private rootTree(rootKey: string, root: string): DirNode {
    let r = this.roots.get(rootKey);
    if (!r) {
      r = { root, node: { type: 'dir', ino: this.nextIno++, children: new Map() } };
      this.roots.set(rootKey, r);
    }
    return r.node;
  }

  /** Splits an absolute path into its root and names. Relative paths are taken from the first root. */
  private parse(p: string): Parsed {
    if (!this.win) return { rootKey: '/', root: '/', names: p.split('/').filter((s) => s.length > 0) };
    const root = this.path.parse(p).root;
    const names = p
      .slice(root.length)
      .split(/[\\/]+/)
      .filter((s) => s.length > 0);
    let canonicalRoot = root.replace(/\//g, '\\');
    if (/^[A-Za-z]:/.test(canonicalRoot)) canonicalRoot = canonicalRoot[0].toUpperCase() + ':\\';
    // A rooted path without a drive (`\\x`) is on the first drive, as on the current drive.
    else if (canonicalRoot === '\\' || canonicalRoot === '') canonicalRoot = [...this.roots.values()][0]?.root ?? 'C:\\';
    else if (!canonicalRoot.endsWith('\\')) canonicalRoot += '\\';
    const rootKey = this.caseInsensitive ? canonicalRoot.toLowerCase() : canonicalRoot;
    const known = this.roots.get(rootKey);
    return { rootKey, root: known?.root ?? canonicalRoot, names };
  }

  /** Creates or replaces an entry, creating parent directories. */
  set(p: string, entry: MemEntry): this {
    const { rootKey, root, names } = this.parse(p);
    const name = names.pop();
    let dir: DirNode = this.rootTree(rootKey, root);
    if (name === undefined) {
      if (typeof entry === 'object' && 'dir' in entry) return this;
      throw new Error(`cannot replace the root ${p}`);
    }
    for (const part of names) {
      let child = dir.children.get(this.key(part));
      if (!child) {
        child = { name: part, node: { type: 'dir', ino: this.nextIno++, children: new Map() } };
        dir.children.set(this.key(part), child);
      }
      if (child.node.type !== 'dir') throw new Error(`${part} in ${p} is not a directory`);
      dir = child.node;
    }
    const existing = dir.children.get(this.key(name));
    // Replacing keeps the stored name's case, as a Windows disk does when a file is overwritten.
    dir.children.set(this.key(name), { name: existing && this.caseInsensitive ? existing.name : name, node: this.makeNode(entry) });
    return this;
  }

  delete(p: string): this {
    const { names } = this.parse(p);
    const name = names.pop();
    if (name === undefined) return this;
    const parent = this.locate(this.path.dirname(p), true)?.node;
    if (parent?.type === 'dir') parent.children.delete(this.key(name));
    return this;
  }

  /** Renames an entry (the node, with its inode, moves). */
  rename(from: string, to: string): this {
    const node = this.locate(from, false)?.node;
    if (!node) throw new FsError('ENOENT', `no such file: ${from}`);
    this.delete(from);
    const { rootKey, root, names } = this.parse(to);
    const name = names.pop()!;
    let dir: DirNode = this.rootTree(rootKey, root);
    for (const part of names) {
      const child = dir.children.get(this.key(part));
      if (!child || child.node.type !== 'dir') throw new FsError('ENOENT', `no such directory: ${to}`);
      dir = child.node;
    }
    dir.children.set(this.key(name), { name, node });
    return this;
  }

  private makeNode(entry: MemEntry): MemNode {
    if (typeof entry === 'string') return this.file(Buffer.from(entry, 'utf8'));
    if (entry instanceof Uint8Array) return this.file(entry);
    if ('dir' in entry) return { type: 'dir', ino: this.nextIno++, children: new Map() };
    if ('symlink' in entry) return { type: 'symlink', ino: this.nextIno++, target: entry.symlink };
    if ('hardlink' in entry) {
      const node = this.locate(entry.hardlink, true)?.node;
      if (!node) throw new Error(`hardlink target ${entry.hardlink} missing`);
      return node;
    }
    return { type: 'other', ino: this.nextIno++ };
  }

  private file(data: Uint8Array): MemNode {
    return { type: 'file', ino: this.nextIno++, data, mtimeMs: this.clock++ };
  }

  /**
   * Walks to the node at `p`, following intermediate symlinks and, if asked, the last one.
   * Returns the node and its canonical path (stored names, symlinks resolved).
   */
  private locate(p: string, followLast: boolean, hops = { n: 0 }): { node: MemNode; path: string } | undefined {
    const start = this.parse(p);
    let root = this.roots.get(start.rootKey);
    if (!root) return undefined;
    const queue = [...start.names];
    let current: MemNode = root.node;
    // The canonical names from the root to `current`, and the nodes along them.
    const names: string[] = [];
    const stack: MemNode[] = [];
    while (queue.length > 0) {
      const part = queue.shift()!;
      if (part === '.') continue;
      if (part === '..') {
        current = stack.pop() ?? root.node;
        names.pop();
        continue;
      }
      if (current.type !== 'dir') return undefined; // ENOTDIR: treated as missing
      const child = current.children.get(this.key(part));
      if (!child) return undefined;
      if (child.node.type === 'symlink' && (queue.length > 0 || followLast)) {
        if (++hops.n > MAX_SYMLINK_HOPS) throw new FsError('ELOOP', `too many symbolic links: ${p}`);
        const target = child.node.target;
        if (this.path.isAbsolute(target)) {
          const t = this.parse(target);
          const r = this.roots.get(t.rootKey);
          if (!r) return undefined;
          root = r;
          current = r.node;
          stack.length = 0;
          names.length = 0;
          queue.unshift(...t.names);
        } else {
          queue.unshift(...(this.win ? target.split(/[\\/]+/) : target.split('/')).filter((s) => s.length > 0));
        }
        continue;
      }
      stack.push(current);
      names.push(child.name);
      current = child.node;
    }
    const path = this.win ? root.root + names.join('\\') : '/' + names.join('/');
    return { node: current, path };
  }

  /** Rewrites a file in place: same inode; a new mtime unless `mtimeMs` is given. */
  writeInPlace(p: string, content: string | Uint8Array, mtimeMs?: number): this {
    const node = this.locate(p, true)?.node;
    if (node?.type !== 'file') throw new FsError('ENOENT', `no such file: ${p}`);
    node.data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    node.mtimeMs = mtimeMs ?? this.clock++;
    return this;
  }

  /** The node at `p`: tests edit a file in place (same inode) through it. */
  walk(p: string, followLast: boolean): MemNode | undefined {
    return this.locate(p, followLast)?.node;
  }

  private statOf(node: MemNode): FsStat {
    const kind = node.type === 'dir' ? 'directory' : node.type === 'other' ? 'other' : node.type;
    const size = node.type === 'file' ? node.data.length : node.type === 'symlink' ? node.target.length : 0;
    const mtimeMs = node.type === 'file' ? node.mtimeMs : 0;
    return { kind, size, mtimeMs, dev: 1, ino: node.ino };
  }

  lstat(p: string): FsStat | undefined {
    this.touched.push(p);
    const found = this.locate(p, false);
    return found && this.statOf(found.node);
  }

  stat(p: string): FsStat | undefined {
    this.touched.push(p);
    const found = this.locate(p, true);
    return found && this.statOf(found.node);
  }

  /** The entries of directory `dir` (links followed), or the error a real listing gives. */
  private entriesOf(dir: string): { name: string; node: MemNode }[] {
    const found = this.locate(dir, true);
    if (!found) throw new FsError('ENOENT', `no such directory: ${dir}`);
    if (found.node.type !== 'dir') throw new FsError('ENOTDIR', `not a directory: ${dir}`);
    return [...found.node.children.values()];
  }

  entryNames(dir: string): string[] {
    return this.entriesOf(dir).map((c) => c.name);
  }

  /** The names in the order they were made (a real directory's order is its file system's). */
  entriesInOrder(dir: string): string[] {
    return this.entryNames(dir);
  }

  listKinds(dir: string): ReadonlyMap<string, EntryKind> {
    this.touched.push(dir);
    return new Map(this.entriesOf(dir).map((c) => [c.name, this.statOf(c.node).kind]));
  }

  readlink(p: string): string {
    const found = this.locate(p, false);
    if (!found) throw new FsError('ENOENT', `no such file: ${p}`);
    if (found.node.type !== 'symlink') throw new FsError('EINVAL', `not a symbolic link: ${p}`);
    return found.node.target;
  }

  private realpathOf(p: string): string {
    this.touched.push(p);
    const found = this.locate(p, true);
    if (!found) throw new FsError('ENOENT', `no such file or directory: ${p}`);
    return found.path;
  }

  open(p: string, expected: FsStat): FileReader {
    this.touched.push(p);
    this.opened.push(p);
    const found = this.locate(p, false);
    if (!found) throw new FsError('ENOENT', `no such file: ${p}`);
    const node = found.node;
    if (node.type === 'symlink') throw new FsError('ELOOP', `symbolic link refused: ${p}`);
    if (node.type !== 'file' || node.ino !== expected.ino) {
      throw new FsError('ECHANGED', `${p} changed between the check and the open`);
    }
    let offset = 0;
    return {
      // Reads the node's current bytes, as an open file sees writes made in place; replacing the
      // entry (`set`) makes a new node, and the open file keeps reading the old one.
      read: (buffer) => {
        const data = node.data;
        const n = Math.max(0, Math.min(buffer.length, data.length - offset));
        buffer.set(data.subarray(offset, offset + n), 0);
        offset += n;
        return n;
      },
      stat: () => this.statOf(node),
      close: () => undefined,
    };
  }
}
