/** Offsets ↔ 1-based line/column in one text, and applying edits (how tests check a quick fix). */
import type { TextEdit, TextRange } from './types';

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** 1-based line and column of an offset (clamped to the text). */
  position(offset: number): { line: number; column: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo] + 1 };
  }

  /** Offset of a 1-based line and column (clamped to the line, `\r\n` excluded). */
  offset(line: number, column: number): number {
    const l = Math.max(1, Math.min(line, this.starts.length));
    const start = this.starts[l - 1];
    return Math.min(start + Math.max(0, column - 1), this.lineEnd(l));
  }

  /** Offset of the end of a 1-based line, before its `\r\n` or `\n`. */
  lineEnd(line: number): number {
    const l = Math.max(1, Math.min(line, this.starts.length));
    let end = l < this.starts.length ? this.starts[l] - 1 : this.text.length;
    if (end > this.starts[l - 1] && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  range(start: number, end: number): TextRange {
    const s = this.position(start);
    const e = this.position(end);
    return { start, end, line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
}

/** Applies non-overlapping edits (in any order) to `text`. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.range.start - a.range.start || b.range.end - a.range.end);
  let out = text;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.range.end > limit) throw new Error('overlapping edits');
    out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
    limit = e.range.start;
  }
  return out;
}
