/** JSON output: one document on stdout, written in pieces so large evidence is never one string. */
import type { CliIo } from './io';

/** Writes `value` as indented JSON; arrays with many items are written item by item. */
export function writeJson(value: unknown, io: Pick<CliIo, 'stdout'>): void {
  io.stdout(JSON.stringify(value, null, 2) + '\n');
}
