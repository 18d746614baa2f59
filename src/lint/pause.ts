/**
 * Pauses for long work on one thread (walking a workspace, the budget check, counting a reach in
 * the editor's host): a `macrotask` gives the event loop one turn, and a `slicedPause` gives it a
 * turn only once a slice's time has passed, so the host answers the editor within a slice and the
 * work itself does not wait a turn for every small step. No editor API: the lint engine, the
 * editing engine and the VS Code layer share them.
 */

/** One turn of the event loop. */
export const macrotask = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Cheap items (paths to read, list or group) handled between two steps of long work, less one: a
 * mask, `(++n & STEP_MASK) === 0` every 4,096 items, a few milliseconds of work.
 */
export const STEP_MASK = 4095;

/** Longest run of work between two turns of the event loop. */
export const SLICE_MS = 8;

/** A pause for long work: a macrotask once `sliceMs` have passed since the last one, else nothing. */
export function slicedPause(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return Promise.resolve();
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

/**
 * Runs a piece of work written as steps (a generator that yields where an editor would pause) to
 * its end at once: the command line's form of the same work.
 */
export function runToEnd<R>(steps: Generator<void, R>): R {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs a piece of work written as steps with `pause` between them (an editor: default one
 * macrotask); undefined once `isCancelled` says so, checked before every step.
 */
export function runPaused<R>(steps: Generator<void, R>, pause?: () => Promise<void>): Promise<R>;
export function runPaused<R>(
  steps: Generator<void, R>,
  pause: (() => Promise<void>) | undefined,
  isCancelled: (() => boolean) | undefined,
): Promise<R | undefined>;
export async function runPaused<R>(
  steps: Generator<void, R>,
  pause: () => Promise<void> = macrotask,
  isCancelled?: () => boolean,
): Promise<R | undefined> {
  for (;;) {
    if (isCancelled?.()) return undefined;
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}
