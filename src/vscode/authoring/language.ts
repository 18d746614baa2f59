/**
 * Completion and hover in instruction-file frontmatter: keys, `mode` values, the `priority`
 * range, glob examples, documented in the contract's words. The documentation is Holaryn's own
 * constant text (MarkdownString, not trusted, no HTML); nothing from the file is rendered.
 */
import * as vscode from 'vscode';
import { completionsAt, hoverAt } from '../../editing/frontmatter-help';
import { INSTRUCTION_SELECTOR } from './selector';

function markdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text, false);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

export const frontmatterCompletions: vscode.CompletionItemProvider = {
  provideCompletionItems(doc, position) {
    const offset = doc.offsetAt(position);
    const found = completionsAt(doc.getText(), offset);
    if (!found || found.items.length === 0) return undefined;
    const start = doc.positionAt(Math.min(found.spot.start, offset));
    const end = doc.positionAt(Math.max(found.spot.end, offset));
    const range = new vscode.Range(start, end.line === start.line ? end : doc.lineAt(start.line).range.end);
    // After a bare `key:` the value needs a space before it.
    const space = found.spot.kind === 'value' && found.spot.start > 0 && doc.getText().charAt(found.spot.start - 1) === ':' ? ' ' : '';
    return found.items.map((s) => {
      const item = new vscode.CompletionItem(
        s.label,
        found.spot.kind === 'key' ? vscode.CompletionItemKind.Property : vscode.CompletionItemKind.Value,
      );
      item.insertText = s.snippet ? new vscode.SnippetString(space + s.insert) : space + s.insert;
      item.range = range;
      item.detail = s.detail;
      item.documentation = markdown(s.documentation);
      item.sortText = s.sort;
      item.preselect = s.preselect;
      if (space) item.filterText = s.label;
      return item;
    });
  },
};

export const frontmatterHover: vscode.HoverProvider = {
  provideHover(doc, position) {
    const info = hoverAt(doc.getText(), doc.offsetAt(position));
    if (!info) return undefined;
    return new vscode.Hover(markdown(info.markdown), new vscode.Range(doc.positionAt(info.start), doc.positionAt(info.end)));
  },
};

export function registerFrontmatterHelp(): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.languages.registerCompletionItemProvider(INSTRUCTION_SELECTOR, frontmatterCompletions, ':', ' ', '-'),
    vscode.languages.registerHoverProvider(INSTRUCTION_SELECTOR, frontmatterHover),
  );
}
