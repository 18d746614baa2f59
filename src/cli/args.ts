/** Argument helpers shared by the commands (parsing itself is node:util's parseArgs). */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CliIo } from './io';

/** A bad command line: exit 2 with a one-line message (or a JSON `usage` error). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function parseBudget(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--budget takes a whole number of characters (0 or more), not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/** Lines of FILE (`-` for stdin); blank lines ignored and a trailing `\r` dropped. */
export async function readLines(file: string, io: CliIo): Promise<string[]> {
  let text: string;
  if (file === '-') text = await io.readStdin();
  else {
    try {
      text = readFileSync(path.resolve(io.cwd, file), 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read --targets-from ${JSON.stringify(file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  }
  return text
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
    .filter((line) => line.trim() !== '');
}
