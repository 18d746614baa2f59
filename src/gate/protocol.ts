/**
 * The gate's JSON-lines protocol (`holaryn gate`), independent of any process:
 *
 *   out, first, before any input: {"type":"preamble","snapshot":…,"sources":[…],"guidance":"…"}
 *   in,  one per line:            {"id":…,"kind":"read|list|search|write|edit|shell","targets":[…]}
 *   out, one per input line:      {"id":…,"decision":"proceed|hold|reject","guidance":"…",
 *                                  "sources":[…],"snapshot":…}            (+ "error" on reject)
 *
 * Blank lines are ignored; any other line gets exactly one answer, in order, and a bad line is
 * rejected with code `usage` without ending the session: a line over MAX_LINE_BYTES, a line that
 * is not JSON, an id that cannot be echoed. Anything unexpected while answering one line is a
 * `reject` with code `internal` for that line; nothing ends the session but the end of input.
 */
import { GateAnswer, GateSession, Preamble, internalError, reject } from './session';

/** Bytes in one input line. A call is a kind and some paths; a line this long is not one, and
 *  the cap keeps a client that never sends a newline from growing the gate's memory. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** Characters of a JSON parser message echoed back in a `usage` error. */
const MAX_ERROR_CHARS = 200;

/** One protocol line: JSON on a single line, with U+2028/U+2029 escaped too, so that readers
 *  that split on every Unicode line break (Python's `splitlines`) still see one line. */
export function encodeLine(value: Preamble | GateAnswer | Record<string, unknown>): string {
  return (
    JSON.stringify(value)
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029') + '\n'
  );
}

/** The answer to one input line, or `undefined` for a blank line (which gets none). */
export function answerLine(session: GateSession, line: string): GateAnswer | undefined {
  if (line.trim() === '') return undefined;
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch (err) {
    // The parser's message quotes the line: keep it short whatever the line's length.
    const why = (err as Error).message;
    return reject(null, 'usage', `not a JSON line: ${why.length > MAX_ERROR_CHARS ? `${why.slice(0, MAX_ERROR_CHARS)}…` : why}`);
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return reject(null, 'usage', 'a call is a JSON object {"id":…,"kind":…,"targets":[…]}');
  }
  const call = message as Record<string, unknown>;
  const id = call.id === undefined ? null : call.id;
  // The id is echoed: one that cannot be written back (nested too deep for JSON.stringify) is
  // refused before the call is decided, so guidance is never marked shown in an answer that is lost.
  if (!encodable(id)) return reject(null, 'usage', 'the "id" cannot be echoed back (nested too deeply); use a string or a number');
  return session.decide({ kind: call.kind, targets: call.targets }, id);
}

function encodable(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The answer line for one input line, never throwing: anything unexpected while answering is a
 * `reject` with code `internal` for that line alone, and the session goes on.
 */
export function answerText(session: GateSession, line: InputLine): string | undefined {
  try {
    const answer =
      'tooLong' in line ? reject(null, 'usage', `line longer than ${MAX_LINE_BYTES} bytes; ignored`) : answerLine(session, line.text);
    return answer && encodeLine(answer);
  } catch (err) {
    return encodeLine(reject(null, 'internal', internalError(err).message));
  }
}

/** An input line, or the fact that one was longer than MAX_LINE_BYTES (its bytes were dropped). */
export type InputLine = { text: string } | { tooLong: true };

/**
 * Splits a byte stream into lines as the bytes arrive: `\n` ends a line, a trailing `\r` is
 * dropped, UTF-8 is decoded per whole line (so a character split across chunks survives), a BOM
 * at the very start is dropped, and a last line without `\n` still counts at the end.
 */
export async function* splitLines(input: AsyncIterable<Uint8Array | string>, maxBytes = MAX_LINE_BYTES): AsyncGenerator<InputLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  let first = true;
  const finish = (): InputLine => {
    let buf = Buffer.concat(parts, size);
    parts = [];
    size = 0;
    if (first && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    first = false;
    if (tooLong) {
      tooLong = false;
      return { tooLong: true };
    }
    if (buf.length > 0 && buf[buf.length - 1] === 0x0d) buf = buf.subarray(0, -1);
    return { text: buf.toString('utf8') };
  };
  const keep = (piece: Buffer) => {
    if (tooLong) return;
    if (size + piece.length > maxBytes) {
      tooLong = true;
      parts = [];
      size = 0;
      return;
    }
    parts.push(piece);
    size += piece.length;
  };
  for await (const chunk of input) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let nl = buf.indexOf(0x0a); nl !== -1; nl = buf.indexOf(0x0a)) {
      keep(buf.subarray(0, nl));
      yield finish();
      buf = buf.subarray(nl + 1);
    }
    // Copy: the stream may reuse the chunk's memory after this turn.
    if (buf.length > 0) keep(Buffer.from(buf));
  }
  if (size > 0 || tooLong) yield finish();
}

/**
 * Runs one session over a byte stream: writes the preamble, then answers each line as it arrives
 * (a client may wait for every answer before sending the next line), until the input ends.
 */
export async function runGate(
  session: GateSession,
  input: AsyncIterable<Uint8Array | string>,
  write: (line: string) => void | Promise<void>,
): Promise<void> {
  await write(encodeLine(session.preamble));
  for await (const line of splitLines(input)) {
    const text = answerText(session, line);
    // A writer that returns a promise holds the input until the client has taken the answer.
    if (text !== undefined) await write(text);
  }
}

/**
 * Resolves once `stream` has room for more (undefined at once when it has), or once it closes. A
 * writer that awaits it before reading the next request lets a client that does not read its
 * answers hold its own input back, instead of the answers piling up in memory.
 */
export function roomIn(stream: NodeJS.WritableStream & { writableNeedDrain?: boolean }): Promise<void> | undefined {
  if (!stream.writableNeedDrain) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}
