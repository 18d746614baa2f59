/**
 * Read-only virtual documents for exact source content and the model context. Their text comes
 * from the evidence the view showed, so what opens is exactly what was resolved.
 */
import * as vscode from 'vscode';
import type { Evidence } from '../resolver';

export const EVIDENCE_SCHEME = 'holaryn-evidence';

/** Evidence kept for documents that are still open after the view moved on. */
const KEPT = 32;

export class EvidenceDocuments implements vscode.TextDocumentContentProvider {
  private readonly bySnapshot = new Map<string, Evidence>();

  remember(ev: Evidence): void {
    const key = ev.snapshot.slice(7, 23);
    this.bySnapshot.delete(key);
    this.bySnapshot.set(key, ev);
    if (this.bySnapshot.size > KEPT) this.bySnapshot.delete(this.bySnapshot.keys().next().value!);
  }

  /** Evidence shown earlier, by snapshot id (documents outlive the view's current state). */
  get(snapshot: string): Evidence | undefined {
    return this.bySnapshot.get(snapshot.slice(7, 23));
  }

  contentUri(ev: Evidence, order: number): vscode.Uri | undefined {
    const s = ev.sources[order - 1];
    if (!s) return undefined;
    // The file name part only labels the tab; the global file's display name starts with ~, $ or <.
    return vscode.Uri.from({
      scheme: EVIDENCE_SCHEME,
      path: `/${ev.snapshot.slice(7, 23)}/content/${order}/${s.path.replace(/^[~$<]/, '_')}`,
    });
  }

  /** The whole model context, or its part `part` (an index in `contextParts`). */
  contextUri(ev: Evidence, part?: number): vscode.Uri {
    const key = ev.snapshot.slice(7, 23);
    const place = part === undefined ? undefined : ev.contextParts?.[part]?.place;
    // The place's name only labels the tab.
    const path = place === undefined ? `/${key}/model-context.md` : `/${key}/context-part/${part}/${place}.md`;
    return vscode.Uri.from({ scheme: EVIDENCE_SCHEME, path });
  }

  /** A listing entry's exact text (its index in `listings`). */
  listingUri(ev: Evidence, index: number): vscode.Uri | undefined {
    const l = ev.listings?.[index];
    if (!l) return undefined;
    // The kind and name only label the tab.
    return vscode.Uri.from({
      scheme: EVIDENCE_SCHEME,
      path: `/${ev.snapshot.slice(7, 23)}/listing/${index}/${l.kind}-${l.name.replace(/[/\\]/g, '_')}.md`,
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const [, key, kind, order] = uri.path.split('/');
    const ev = this.bySnapshot.get(key);
    if (!ev) return '(This resolution is no longer available; refresh the Repository instructions view.)';
    if (kind === 'model-context.md') return ev.context;
    if (kind === 'context-part') return ev.contextParts?.[Number(order)]?.text ?? '';
    if (kind === 'content') return ev.sources[Number(order) - 1]?.content ?? '';
    if (kind === 'listing') return ev.listings?.[Number(order)]?.text ?? '';
    return '';
  }
}
