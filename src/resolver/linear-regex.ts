/**
 * A linear-time matcher for the regular expressions minimatch builds for one path segment.
 *
 * minimatch turns a glob segment such as `*a*a*a*b` or `+(a|aa)` into a JavaScript RegExp, and
 * V8's backtracking engine can take exponential time on those (`+(a|aa)b` against forty `a`s,
 * `*a*a*a*a*a*a*b` against a 250-character name). Globs come from untrusted files and target
 * names from untrusted trees, so a segment regex that could backtrack is matched here instead:
 * its source is compiled to an NFA and simulated over the input in one backward sweep, so a match
 * costs O(length of the name × size of the pattern) whatever the input. Assertions (`^`, `$`,
 * lookaheads) are position predicates: each lookahead is itself swept once per input.
 *
 * Whether a string matches does not depend on the engine (no captures or back-references are
 * involved), so the result is exactly V8's; a property test checks that on random globs. Syntax
 * minimatch never emits (back-references, lookbehind, `{n,m}`, `\b`) is refused with
 * `UnsupportedRegex`, and the caller keeps the native RegExp for it.
 */

export class UnsupportedRegex extends Error {}

type Pred = (ch: string) => boolean;

type Ast =
  | { t: 'char'; pred: Pred }
  | { t: 'seq'; items: Ast[] }
  | { t: 'alt'; alts: Ast[] }
  | { t: 'repeat'; min: 0 | 1; max: 1 | typeof Infinity; body: Ast }
  | { t: 'bol' }
  | { t: 'eol' }
  | { t: 'look'; negate: boolean; body: Ast };

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** A one-character predicate from a native RegExp over a single character (never backtracks). */
function nativePred(source: string, flags: string): Pred {
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${source})$`, flags);
  } catch (err) {
    throw new UnsupportedRegex((err as Error).message);
  }
  return (ch) => re.test(ch);
}

class Parser {
  private i = 0;
  private readonly unicode: boolean;
  /** Count of unbounded quantifiers and groups, for the caller's choice of engine. */
  stars = 0;
  quantifiedGroups = 0;
  looks = 0;
  groups = 0;

  constructor(
    private readonly src: string,
    private readonly flags: string,
  ) {
    if (/[^u]/.test(flags)) throw new UnsupportedRegex(`flags ${flags}`);
    this.unicode = flags.includes('u');
  }

  parse(): Ast {
    const ast = this.alternation();
    if (this.i !== this.src.length) throw new UnsupportedRegex(`unexpected ${this.src[this.i]} at ${this.i}`);
    return ast;
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private alternation(): Ast {
    const alts = [this.sequence()];
    while (this.peek() === '|') {
      this.i++;
      alts.push(this.sequence());
    }
    return alts.length === 1 ? alts[0] : { t: 'alt', alts };
  }

  private sequence(): Ast {
    const items: Ast[] = [];
    for (;;) {
      const c = this.peek();
      if (c === undefined || c === '|' || c === ')') break;
      let atom = this.atom();
      const q = this.peek();
      if (q === '*' || q === '+' || q === '?') {
        if (atom.t === 'bol' || atom.t === 'eol' || atom.t === 'look') throw new UnsupportedRegex('quantified assertion');
        this.i++;
        if (this.peek() === '?') this.i++; // lazy: same language
        if (q !== '?') this.stars++;
        if (atom.t !== 'char') this.quantifiedGroups++;
        atom = { t: 'repeat', min: q === '+' ? 1 : 0, max: q === '?' ? 1 : Infinity, body: atom };
        const after = this.peek();
        if (after === '*' || after === '+' || after === '?' || after === '{') throw new UnsupportedRegex('stacked quantifiers');
      } else if (q === '{') {
        throw new UnsupportedRegex('counted repetition');
      }
      items.push(atom);
    }
    return items.length === 1 ? items[0] : { t: 'seq', items };
  }

  private atom(): Ast {
    const c = this.src[this.i];
    if (c === '(') {
      this.i++;
      this.groups++;
      let look: boolean | undefined;
      if (this.src.startsWith('?:', this.i)) this.i += 2;
      else if (this.src.startsWith('?!', this.i)) {
        this.i += 2;
        look = true;
      } else if (this.src.startsWith('?=', this.i)) {
        this.i += 2;
        look = false;
      } else if (this.peek() === '?') throw new UnsupportedRegex('group kind');
      const body = this.alternation();
      if (this.peek() !== ')') throw new UnsupportedRegex('unclosed group');
      this.i++;
      if (look === undefined) return body;
      this.looks++;
      return { t: 'look', negate: look, body };
    }
    if (c === '^') {
      this.i++;
      return { t: 'bol' };
    }
    if (c === '$') {
      this.i++;
      return { t: 'eol' };
    }
    if (c === '.') {
      this.i++;
      return { t: 'char', pred: (ch) => !LINE_TERMINATOR.test(ch) };
    }
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape();
    if (c === '*' || c === '+' || c === '?' || c === '{' || c === '}' || c === ']') {
      if (c === '}' || c === ']') {
        if (this.unicode) throw new UnsupportedRegex(`lone ${c}`);
        this.i++;
        return literal(c);
      }
      throw new UnsupportedRegex(`nothing to repeat at ${this.i}`);
    }
    const ch = this.unicode ? String.fromCodePoint(this.src.codePointAt(this.i)!) : c;
    this.i += ch.length;
    return literal(ch);
  }

  private escape(): Ast {
    const start = this.i;
    const next = this.src[this.i + 1];
    if (next === undefined) throw new UnsupportedRegex('trailing backslash');
    if (/[A-Za-z0-9]/.test(next)) {
      let end = this.i + 2;
      if ('dDwWsStnrvf0'.includes(next)) {
        if (next === '0' && /[0-9]/.test(this.src[end] ?? '')) throw new UnsupportedRegex('octal escape');
      } else if ((next === 'p' || next === 'P') && this.unicode && this.src[end] === '{') {
        const close = this.src.indexOf('}', end);
        if (close < 0) throw new UnsupportedRegex('unclosed \\p');
        end = close + 1;
      } else if (next === 'x' && /^[0-9A-Fa-f]{2}/.test(this.src.slice(end, end + 2))) end += 2;
      else if (next === 'u' && /^[0-9A-Fa-f]{4}/.test(this.src.slice(end, end + 4))) end += 4;
      else if (next === 'u' && this.unicode && this.src[end] === '{') {
        const close = this.src.indexOf('}', end);
        if (close < 0) throw new UnsupportedRegex('unclosed \\u{');
        end = close + 1;
      } else throw new UnsupportedRegex(`escape \\${next}`);
      this.i = end;
      return { t: 'char', pred: nativePred(this.src.slice(start, end), this.flags) };
    }
    // An identity escape: the character itself (a whole code point in unicode mode, where only
    // syntax characters may be escaped; minimatch never builds anything else there).
    const ch = this.unicode ? String.fromCodePoint(this.src.codePointAt(this.i + 1)!) : next;
    if (this.unicode && !/^[\^$\\.*+?()[\]{}|/-]$/.test(ch)) throw new UnsupportedRegex(`identity escape ${ch}`);
    this.i += 1 + ch.length;
    return literal(ch);
  }

  private charClass(): Ast {
    const start = this.i;
    let i = this.i + 1;
    if (this.src[i] === '^') i++;
    // In JavaScript a `]` right after `[` or `[^` closes the class (it is empty).
    while (i < this.src.length && this.src[i] !== ']') {
      if (this.src[i] === '\\') i++;
      else if (this.src[i] === '[' && this.flags.includes('v')) throw new UnsupportedRegex('nested class');
      i++;
    }
    if (i >= this.src.length) throw new UnsupportedRegex('unclosed class');
    this.i = i + 1;
    const source = this.src.slice(start, this.i);
    if (source === '[^/]') return { t: 'char', pred: (ch) => ch !== '/' };
    return { t: 'char', pred: nativePred(source, this.flags) };
  }
}

function literal(ch: string): Ast {
  return { t: 'char', pred: (c) => c === ch };
}

// ---- NFA ----------------------------------------------------------------------------------

const CHAR = 0;
const EPS = 1;
const ASSERT = 2;

/** A position predicate: 0 = start, 1 = end, 2 + k = lookahead k holds. */
type Assertion = number;

interface Nfa {
  /** Per state: kind, and its out edges. EPS states may have two outs. */
  kind: number[];
  out1: number[];
  out2: number[];
  pred: (Pred | undefined)[];
  assertion: Assertion[];
  start: number;
  accept: number;
  /** Reverse edges, built once. */
  revChar: { from: number; pred: Pred }[][];
  revEps: number[][];
  revAssert: { from: number; assertion: Assertion }[][];
}

interface Look {
  negate: boolean;
  nfa: Nfa;
}

class Builder {
  kind: number[] = [];
  out1: number[] = [];
  out2: number[] = [];
  pred: (Pred | undefined)[] = [];
  assertion: Assertion[] = [];

  constructor(private readonly looks: Look[]) {}

  private state(kind: number, pred?: Pred, assertion = -1): number {
    this.kind.push(kind);
    this.out1.push(-1);
    this.out2.push(-1);
    this.pred.push(pred);
    this.assertion.push(assertion);
    return this.kind.length - 1;
  }

  /** Builds `ast` between two new states; returns [entry, exit]. */
  build(ast: Ast): [number, number] {
    switch (ast.t) {
      case 'char': {
        const a = this.state(CHAR, ast.pred);
        const b = this.state(EPS);
        this.out1[a] = b;
        return [a, b];
      }
      case 'bol':
      case 'eol': {
        const a = this.state(ASSERT, undefined, ast.t === 'bol' ? 0 : 1);
        const b = this.state(EPS);
        this.out1[a] = b;
        return [a, b];
      }
      case 'look': {
        // The body first: lookaheads nested in it take their indexes before this one.
        const nfa = compileNfa(ast.body, this.looks);
        const k = this.looks.push({ negate: ast.negate, nfa }) - 1;
        const a = this.state(ASSERT, undefined, 2 + k);
        const b = this.state(EPS);
        this.out1[a] = b;
        return [a, b];
      }
      case 'seq': {
        if (ast.items.length === 0) {
          const a = this.state(EPS);
          return [a, a];
        }
        const [entry, first] = this.build(ast.items[0]);
        let exit = first;
        for (let i = 1; i < ast.items.length; i++) {
          const [e, x] = this.build(ast.items[i]);
          this.link(exit, e);
          exit = x;
        }
        return [entry, exit];
      }
      case 'alt': {
        const exit = this.state(EPS);
        // A chain of two-way splits, one per alternative.
        let entry = -1;
        let prev = -1;
        for (const alt of ast.alts) {
          const split = this.state(EPS);
          const [e, x] = this.build(alt);
          this.out1[split] = e;
          this.link(x, exit);
          if (prev < 0) entry = split;
          else this.out2[prev] = split;
          prev = split;
        }
        return [entry, exit];
      }
      case 'repeat': {
        const entry = this.state(EPS);
        const exit = this.state(EPS);
        const [e, x] = this.build(ast.body);
        this.out1[entry] = e;
        if (ast.min === 0) this.out2[entry] = exit;
        if (ast.max === Infinity) {
          const loop = this.state(EPS);
          this.link(x, loop);
          this.out1[loop] = e;
          this.out2[loop] = exit;
        } else {
          this.link(x, exit);
        }
        return [entry, exit];
      }
    }
  }

  /** Adds an epsilon edge from an exit state (always EPS with a free slot) to `to`. */
  private link(from: number, to: number): void {
    if (this.out1[from] < 0) this.out1[from] = to;
    else if (this.out2[from] < 0) this.out2[from] = to;
    else {
      const mid = this.state(EPS);
      this.out1[mid] = to;
      this.out2[mid] = this.out2[from];
      this.out2[from] = mid;
    }
  }
}

function compileNfa(ast: Ast, looks: Look[]): Nfa {
  const b = new Builder(looks);
  const [start, accept] = b.build(ast);
  const n = b.kind.length;
  const revChar: Nfa['revChar'] = Array.from({ length: n }, () => []);
  const revEps: Nfa['revEps'] = Array.from({ length: n }, () => []);
  const revAssert: Nfa['revAssert'] = Array.from({ length: n }, () => []);
  for (let s = 0; s < n; s++) {
    const o1 = b.out1[s];
    const o2 = b.out2[s];
    if (b.kind[s] === CHAR) revChar[o1].push({ from: s, pred: b.pred[s]! });
    else if (b.kind[s] === ASSERT) revAssert[o1].push({ from: s, assertion: b.assertion[s] });
    else {
      if (o1 >= 0) revEps[o1].push(s);
      if (o2 >= 0) revEps[o2].push(s);
    }
  }
  return { ...b, start, accept, revChar, revEps, revAssert };
}

/**
 * For each position i of `chars`, whether the NFA matches some `chars[i..j]` (j ≥ i), in one
 * backward sweep: O(positions × (states + edges)).
 */
function sweep(nfa: Nfa, chars: string[], holds: (assertion: Assertion, pos: number) => boolean): Uint8Array {
  const n = chars.length;
  const size = nfa.kind.length;
  const result = new Uint8Array(n + 1);
  let current = new Int32Array(size);
  let next = new Int32Array(size);
  let currentCount = 0;
  let nextCount: number;
  const mark = new Int32Array(size).fill(-1);
  for (let pos = n; pos >= 0; pos--) {
    // Every end position is allowed: the accept state is live at every position.
    if (mark[nfa.accept] !== pos) {
      mark[nfa.accept] = pos;
      current[currentCount++] = nfa.accept;
    }
    // Backward closure over epsilon and assertion edges at this position.
    for (let k = 0; k < currentCount; k++) {
      const q = current[k];
      for (const p of nfa.revEps[q]) {
        if (mark[p] !== pos) {
          mark[p] = pos;
          current[currentCount++] = p;
        }
      }
      for (const { from, assertion } of nfa.revAssert[q]) {
        if (mark[from] !== pos && holds(assertion, pos)) {
          mark[from] = pos;
          current[currentCount++] = from;
        }
      }
    }
    if (mark[nfa.start] === pos) result[pos] = 1;
    if (pos === 0) break;
    const ch = chars[pos - 1];
    nextCount = 0;
    for (let k = 0; k < currentCount; k++) {
      for (const { from, pred } of nfa.revChar[current[k]]) {
        if (mark[from] !== pos - 1 && pred(ch)) {
          mark[from] = pos - 1;
          next[nextCount++] = from;
        }
      }
    }
    [current, next] = [next, current];
    currentCount = nextCount;
  }
  return result;
}

/**
 * The fewest character edges on a path from the start to the accept state (assertions cost
 * nothing, so this is a lower bound on any match's length): breadth first, one layer per
 * character, each layer closed over the edges that consume none. Every state is visited once.
 */
function shortestMatch(nfa: Nfa): number {
  const seen = new Uint8Array(nfa.kind.length);
  let layer = [nfa.start];
  seen[nfa.start] = 1;
  for (let length = 0; layer.length > 0; length++) {
    // Everything this many characters away, through the edges that consume none...
    for (let k = 0; k < layer.length; k++) {
      const q = layer[k];
      if (q === nfa.accept) return length;
      if (nfa.kind[q] === CHAR) continue;
      for (const to of [nfa.out1[q], nfa.out2[q]]) {
        if (to >= 0 && !seen[to]) {
          seen[to] = 1;
          layer.push(to);
        }
      }
    }
    // ...then one character further.
    const next: number[] = [];
    for (const q of layer) {
      const to = nfa.out1[q];
      if (nfa.kind[q] === CHAR && !seen[to]) {
        seen[to] = 1;
        next.push(to);
      }
    }
    layer = next;
  }
  return Number.MAX_SAFE_INTEGER;
}

/** A compiled segment regex: `test(s)` as RegExp.prototype.test would answer for `^…$` sources. */
export class LinearRegex {
  private readonly nfa: Nfa;
  private readonly looks: Look[] = [];
  private readonly unicode: boolean;
  /** Unbounded quantifiers, quantified groups and lookaheads in the source. */
  readonly complexity: { stars: number; quantifiedGroups: number; looks: number; groups: number };
  /**
   * The fewest characters a match spans: a shorter input is refused without a sweep. A segment
   * regex built from a long glob (`*a*a*a…`) has thousands of states, and path segments are
   * short: most such globs are told apart from a name in constant time.
   */
  readonly minLength: number;

  /** Throws UnsupportedRegex for syntax outside the subset minimatch emits. */
  constructor(
    readonly source: string,
    readonly flags = '',
  ) {
    const parser = new Parser(source, flags);
    const ast = parser.parse();
    this.complexity = { stars: parser.stars, quantifiedGroups: parser.quantifiedGroups, looks: parser.looks, groups: parser.groups };
    this.unicode = flags.includes('u');
    this.nfa = compileNfa(ast, this.looks);
    this.minLength = shortestMatch(this.nfa);
  }

  /** Whether the regex matches somewhere in `s` (sources here are anchored with ^ and $). */
  test(s: string): boolean {
    // Code points count at least one code unit each: too few code units, too few characters.
    if (s.length < this.minLength) return false;
    const chars = this.unicode ? Array.from(s) : s.split('');
    if (chars.length < this.minLength) return false;
    const memo = new Map<number, Uint8Array>();
    const holds = (assertion: Assertion, pos: number): boolean => {
      if (assertion === 0) return pos === 0;
      if (assertion === 1) return pos === chars.length;
      const k = assertion - 2;
      let prefixes = memo.get(k);
      if (!prefixes) {
        prefixes = sweep(this.looks[k].nfa, chars, holds);
        memo.set(k, prefixes);
      }
      return this.looks[k].negate ? prefixes[pos] === 0 : prefixes[pos] === 1;
    };
    const starts = sweep(this.nfa, chars, holds);
    for (let i = 0; i < starts.length; i++) if (starts[i]) return true;
    return false;
  }
}
