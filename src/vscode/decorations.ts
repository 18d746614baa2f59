/**
 * Files view decorations: a folder that holds instruction files gets a badge with their count
 * and a tooltip naming them; an instruction file with errors in Problems is coloured like any
 * file with problems. `holaryn.decorations.enabled` turns both off.
 *
 * Which files exist is learned once per folder with `findFiles` on the candidate globs (the
 * search runs outside the extension host, bounded by MAX_DECORATED_FILES), then kept up to date
 * by the same watcher events as the view: never a scan of the workspace on this thread.
 */
import * as vscode from 'vscode';
import { SKIPPED_DIRECTORIES } from '../lint';
import { candidateNames, candidateOf } from './candidates';
import { DIAGNOSTIC_SOURCE } from './authoring/diagnostics';
import type { InstructionFileWatcher } from './instruction-watcher';

/** Instruction files listed per workspace folder (or created folder) at most; past it, the rest are not decorated. */
export const MAX_DECORATED_FILES = 20_000;

/** Watcher events are taken in batches after this quiet time (a branch switch is many events). */
const BATCH_MS = 100;

function enabled(scope: vscode.Uri | undefined): boolean {
  return vscode.workspace.getConfiguration('holaryn', scope).get<boolean>('decorations.enabled', true);
}

/** The folder an instruction file belongs to (its source directory): `a/.holaryn/instructions.md` → `a`. */
function sourceFolder(file: vscode.Uri, name: string): vscode.Uri {
  let dir = file;
  for (let i = name.split('/').length; i > 0; i--) dir = vscode.Uri.joinPath(dir, '..');
  return dir;
}

function skipped(uri: vscode.Uri): boolean {
  return uri.path.split('/').some((segment) => SKIPPED_DIRECTORIES.includes(segment));
}

/** `key` (a URI string) or one of its ancestors is in `set`. */
function inOrUnder(key: string, set: ReadonlySet<string>): boolean {
  for (let i = key.length; i > 0; i = key.lastIndexOf('/', i - 1)) if (set.has(key.slice(0, i))) return true;
  return false;
}

async function kindOf(uri: vscode.Uri): Promise<'file' | 'directory' | undefined> {
  try {
    const t = (await vscode.workspace.fs.stat(uri)).type;
    return t & vscode.FileType.Directory ? 'directory' : t & vscode.FileType.File ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export class InstructionDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri | vscode.Uri[] | undefined>();
  readonly onDidChangeFileDecorations = this.changed.event;
  /** Instruction file URI (string) → its candidate name. */
  private readonly files = new Map<string, string>();
  /** Source folder URI (string) → the instruction files it holds (URI strings). */
  private readonly byFolder = new Map<string, Set<string>>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private scan = new vscode.CancellationTokenSource();
  private created = new Map<string, vscode.Uri>();
  private deleted = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** Resolves when the latest listing of every workspace folder has been taken in. */
  ready: Promise<void> = Promise.resolve();

  constructor(watcher: InstructionFileWatcher) {
    this.disposables.push(
      vscode.window.registerFileDecorationProvider(this),
      watcher.onDidChange((e) => this.queue(e.uri, e.kind)),
      // A folder created or deleted with its contents may be reported alone.
      watcher.onDidCreateOrDelete((e) => this.queue(e.uri, e.kind)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.rescan()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('holaryn.decorations')) this.changed.fire(undefined);
        if (e.affectsConfiguration('files.exclude')) this.rescan();
      }),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const ours = e.uris.filter((u) => this.files.has(u.toString()));
        if (ours.length > 0) this.changed.fire(ours);
      }),
    );
    this.rescan();
  }

  /** Lists the instruction files of every workspace folder (async, bounded) and redecorates. */
  rescan(): void {
    this.scan.cancel();
    this.scan.dispose();
    const scan = (this.scan = new vscode.CancellationTokenSource());
    this.ready = (async () => {
      const found = new Map<string, string>();
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        if (folder.uri.scheme !== 'file') continue;
        for (const name of candidateNames()) {
          const uris = await vscode.workspace.findFiles(
            new vscode.RelativePattern(folder, `**/${name}`),
            undefined,
            MAX_DECORATED_FILES,
            scan.token,
          );
          if (scan.token.isCancellationRequested) return;
          for (const uri of uris) if (!skipped(uri)) found.set(uri.toString(), name);
        }
      }
      if (scan.token.isCancellationRequested) return;
      const before = [...this.byFolder.keys()];
      this.files.clear();
      this.byFolder.clear();
      for (const [key, name] of found) this.add(vscode.Uri.parse(key), name);
      const after = [...this.byFolder.keys()];
      this.fire([...new Set([...before, ...after, ...this.files.keys()])]);
    })().catch(() => undefined);
  }

  private add(uri: vscode.Uri, name: string): string {
    const key = uri.toString();
    this.files.set(key, name);
    const folder = sourceFolder(uri, name).toString();
    let set = this.byFolder.get(folder);
    if (!set) this.byFolder.set(folder, (set = new Set()));
    set.add(key);
    return folder;
  }

  private remove(key: string): string | undefined {
    const name = this.files.get(key);
    if (name === undefined) return undefined;
    this.files.delete(key);
    const folder = sourceFolder(vscode.Uri.parse(key), name).toString();
    const set = this.byFolder.get(folder);
    set?.delete(key);
    if (set && set.size === 0) this.byFolder.delete(folder);
    return folder;
  }

  private fire(keys: string[]): void {
    if (keys.length > 0) this.changed.fire(keys.map((k) => vscode.Uri.parse(k)));
  }

  /** A watcher event; taken in with others after a short quiet time. */
  private queue(uri: vscode.Uri, kind: 'create' | 'change' | 'delete'): void {
    if (uri.scheme !== 'file' || kind === 'change' || skipped(uri) || !vscode.workspace.getWorkspaceFolder(uri)) return;
    const key = uri.toString();
    if (kind === 'create') {
      this.created.set(key, uri);
      this.deleted.delete(key);
    } else {
      this.deleted.add(key);
      this.created.delete(key);
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.takeIn(), BATCH_MS);
  }

  /** Applies the queued events: forget what was deleted (with everything below it), look at what was created. */
  private async takeIn(): Promise<void> {
    this.timer = undefined;
    const deleted = this.deleted;
    const created = this.created;
    this.deleted = new Set();
    this.created = new Map();
    const touched: string[] = [];
    if (deleted.size > 0) {
      for (const key of [...this.files.keys()]) {
        if (!inOrUnder(key, deleted)) continue;
        const folder = this.remove(key);
        if (folder) touched.push(folder, key);
      }
    }
    // The top-most created paths: a created folder is searched whole.
    const keys = new Set(created.keys());
    const top = [...created].filter(([key]) => key.lastIndexOf('/') <= 0 || !inOrUnder(key.slice(0, key.lastIndexOf('/')), keys));
    for (const [, uri] of top) {
      const kind = await kindOf(uri);
      const name = candidateOf(uri.path);
      if (kind === 'file' && name) {
        if (!this.files.has(uri.toString())) touched.push(this.add(uri, name), uri.toString());
        continue;
      }
      if (kind !== 'directory') continue;
      for (const c of candidateNames()) {
        const found = await vscode.workspace.findFiles(new vscode.RelativePattern(uri, `**/${c}`), undefined, MAX_DECORATED_FILES);
        // A created `.holaryn` holds `instructions.md` itself (not below a `.holaryn` of its own).
        const own = c.includes('/') ? vscode.Uri.joinPath(uri, ...c.split('/').slice(1)) : undefined;
        if (own && candidateOf(own.path) === c && (await kindOf(own)) === 'file') found.push(own);
        for (const f of found) {
          if (skipped(f) || this.files.has(f.toString())) continue;
          touched.push(this.add(f, c), f.toString());
        }
      }
    }
    this.fire([...new Set(touched)]);
  }

  /** The instruction files (candidate names) a folder holds, in filename order. */
  heldBy(folder: vscode.Uri): string[] {
    const set = this.byFolder.get(folder.toString());
    if (!set) return [];
    const names = candidateNames();
    return [...set].map((k) => this.files.get(k)!).sort((a, b) => names.indexOf(a) - names.indexOf(b));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (!enabled(uri)) return undefined;
    const key = uri.toString();
    const held = this.heldBy(uri);
    if (held.length > 0) {
      // A badge holds at most two characters; a directory holds at most a few candidates.
      return new vscode.FileDecoration(String(held.length), `${plural(held.length, 'instruction file')}: ${held.join(', ')}`);
    }
    if (this.files.has(key)) {
      const errors = vscode.languages
        .getDiagnostics(uri)
        .filter((d) => d.source === DIAGNOSTIC_SOURCE && d.severity === vscode.DiagnosticSeverity.Error).length;
      if (errors > 0) {
        const d = new vscode.FileDecoration(undefined, `Instruction file with ${plural(errors, 'error')} (see Problems)`);
        d.color = new vscode.ThemeColor('list.errorForeground');
        return d;
      }
    }
    return undefined;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.scan.cancel();
    this.scan.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
