/** A generator of floats in [0, 1), the same sequence for the same seed on every machine. */
export function mulberry32(seed: number): () => number;
