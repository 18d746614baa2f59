/**
 * Live preview of unsaved edits in the "Repository instructions" view: the view resolves on the
 * disk with dirty instruction buffers overlaid (re-resolving BUFFER_DEBOUNCE_MS after the last keystroke;
 * the snapshot row then says the evidence comes from unsaved text), and when its target is an
 * instruction file it shows a "Preview of <file>" section: for how many workspace files that file
 * is in effect, a sample, where it is superseded, and which files gain or lose it compared with
 * the saved version.
 */
import * as vscode from 'vscode';
import { isCandidate } from '../candidates';
import type { InstructionsView, ViewState } from '../instructions-view';
import type { PreviewSection } from '../model';
import { CANCELLED, ReachReport } from './reach-service';
import type { Authoring } from './services';

export function registerLivePreview(view: InstructionsView, authoring: Authoring): vscode.Disposable {
  return new LivePreview(view, authoring);
}

class LivePreview implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private lastKey: string | undefined;
  private shown: { path: string; section: PreviewSection } | undefined;
  private generation = 0;

  constructor(
    private readonly view: InstructionsView,
    private readonly authoring: Authoring,
  ) {
    view.setFs(authoring.buffers.fs);
    this.disposables.push(
      authoring.buffers.onDidChange(() => {
        view.setFs(authoring.buffers.fs);
        void view.refreshNow();
      }),
      view.onDidUpdate((state) => void this.update(state)),
      authoring.reach.onDidChange(() => {
        this.lastKey = undefined;
        void this.update(view.current);
      }),
    );
    if (authoring.buffers.fs.size > 0) view.schedule(); // after activation, like every resolution
  }

  private async update(state: ViewState): Promise<void> {
    const target = state.target;
    const file = target?.paths.length === 1 ? target.paths[0] : undefined;
    const uri = file ? vscode.Uri.file(file) : undefined;
    if (!state.evidence || !file || !uri || !isCandidate(uri)) {
      this.lastKey = undefined;
      if (this.shown) {
        this.shown = undefined;
        this.generation++;
        this.view.setPreview(undefined);
      }
      return;
    }
    const rel = state.evidence.targets[0]?.path ?? file;
    const buffers = this.authoring.buffers;
    const key = [file, state.evidence.snapshot, buffers.version, buffers.isDirty(uri)].join('\0');
    if (key === this.lastKey) return;
    this.lastKey = key;
    const generation = ++this.generation;
    // Keep the previous count visible (marked as counting) while the new one runs.
    const previous = this.shown?.path === file ? this.shown.section : undefined;
    this.show(file, { file: rel, unsaved: buffers.isDirty(uri), computing: true, reach: previous?.reach, changes: previous?.changes });
    let report: ReachReport | undefined | typeof CANCELLED = CANCELLED;
    // A run replaced by newer inputs (a keystroke, a new file) is asked again for the new result.
    for (let attempt = 0; attempt < 5 && report === CANCELLED; attempt++) {
      report = await this.authoring.reach.latest(uri);
      if (generation !== this.generation) return;
    }
    if (report === CANCELLED) return;
    if (!report) {
      const message = this.authoring.reach.wasStopped(uri) ? 'count stopped: edit the file to count again' : 'not available for this file';
      this.show(file, { file: rel, unsaved: buffers.isDirty(uri), message });
      return;
    }
    this.show(file, { file: rel, unsaved: report.unsaved, reach: report.reach, changes: report.changes });
  }

  private show(path: string, section: PreviewSection): void {
    this.shown = { path, section };
    this.view.setPreview(path, section);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
