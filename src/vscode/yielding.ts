/**
 * Long work on the extension host's one thread (listing a workspace, counting a reach) runs in
 * slices: it asks for a pause often, and a pause gives the event loop a turn only once a slice's
 * time has passed, so the host answers the editor within a slice and the work itself does not
 * wait a turn for every small step.
 */

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
