/**
 * Unsaved instruction-file buffers as a filesystem: an OverlayFs over the real disk holding the
 * text of every dirty instruction document. Rebuilt (debounced) as they are typed into, at once
 * when one is saved or closed; `onDidChange` fires after each rebuild.
 */
import * as vscode from 'vscode';
import { createNodeFs } from '../../resolver';
import { OverlayFs } from '../../editing/overlay-fs';
import { isCandidate } from '../candidates';

/**
 * Quiet time after the last keystroke before the overlay is rebuilt. 120 ms brought the preview
 * about 80 ms sooner and cost the extension host little (a rebuild and recount of a text edit:
 * 2–3 ms), but typing in a frontmatter glob then rebuilt after most keys, and the workbench
 * re-rendering the view for each had 3–5 more long tasks per 10 keys (docs/speed.md, the control
 * run): keep 200 ms until a rebuild costs the workbench less.
 */
export const BUFFER_DEBOUNCE_MS = 200;

function isDirtyInstructionFile(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme === 'file' && doc.isDirty && isCandidate(doc.uri);
}

export class UnsavedBuffers implements vscode.Disposable {
  private readonly base = createNodeFs();
  private overlay: OverlayFs;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires after the overlay was rebuilt. */
  readonly onDidChange = this.changed.event;
  private timer: NodeJS.Timeout | undefined;
  /** Increments on every rebuild. */
  version = 0;

  constructor() {
    this.overlay = this.build();
    this.disposables.push(
      this.changed,
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme === 'file' && isCandidate(e.document.uri)) this.schedule();
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (isCandidate(doc.uri)) this.rebuildNow();
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (isCandidate(doc.uri)) this.rebuildNow();
      }),
    );
  }

  /** The disk with every dirty instruction buffer overlaid. */
  get fs(): OverlayFs {
    return this.overlay;
  }

  /** The same, except the buffer of `uri` (its saved version shows through). */
  fsWithout(uri: vscode.Uri): OverlayFs {
    return this.build(uri.toString());
  }

  /** Whether the document at `uri` is open with unsaved changes. */
  isDirty(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return vscode.workspace.textDocuments.some((d) => d.uri.toString() === key && d.isDirty);
  }

  private build(except?: string): OverlayFs {
    const docs = vscode.workspace.textDocuments.filter((d) => isDirtyInstructionFile(d) && d.uri.toString() !== except);
    return new OverlayFs(
      this.base,
      docs.map((d) => ({ path: d.uri.fsPath, text: d.getText() })),
    );
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.rebuildNow(), BUFFER_DEBOUNCE_MS);
  }

  private rebuildNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.overlay = this.build();
    this.version++;
    this.changed.fire();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}
