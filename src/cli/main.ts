/** The `holaryn` executable: the real process around `cli()`. */
import { cli } from './cli';
import type { CliIo } from './io';

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (c: Buffer) => chunks.push(c));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin,
  isTTY: Boolean(process.stdout.isTTY),
  stderrIsTTY: Boolean(process.stderr.isTTY),
  env: process.env,
  cwd: process.cwd(),
};

/**
 * `compare` writes a document that grows with the number of profiles times the instruction files'
 * size: on a pipe Node queues every write the pipe has no room for, and `compare --json` of every
 * profile over big files was held whole in memory (600 MB where 210 MB are needed). It writes only
 * as fast as the reader takes it, as `cat` does. The other commands keep Node's queued writes,
 * which let them compute while the reader catches up (a blocking pipe cost `instructions` on
 * 10,010 targets 9 % of its wall time); gate and mcp must, as they keep reading while an answer
 * waits for room.
 */
const WRITES_AS_READ: ReadonlySet<string> = new Set(['compare']);

function writeAsRead(stream: NodeJS.WriteStream): void {
  const handle = (stream as { _handle?: { setBlocking?: (blocking: boolean) => number } })._handle;
  if (!stream.isTTY && typeof handle?.setBlocking === 'function') handle.setBlocking(true);
}
if (WRITES_AS_READ.has(process.argv[2] ?? '')) writeAsRead(process.stdout);

// Writing to a closed pipe (`holaryn ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
});

/**
 * Resolves once everything written to `stream` so far has been handed to the system: Node writes
 * to a full pipe asynchronously, and exiting before that would cut the output.
 */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

/**
 * Ends the process once the command is done and its output is flushed. Left to end by itself,
 * Node first waits for every job V8 still has queued on its background threads (optimising
 * compiles, for a large run tens of milliseconds of them), whose code would never run again.
 */
async function finish(code: number): Promise<void> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

cli(process.argv.slice(2), io).then(
  (code) => finish(code),
  (err: unknown) => {
    process.stderr.write(`holaryn: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return finish(1);
  },
);
