// A small seeded PRNG (mulberry32): deterministic benchmark trees (tree.mjs) and random test
// trees (test/helpers/random-tree.ts) draw from it. CommonJS, so both ESM scripts and the
// TypeScript tests can load it.
'use strict';

/** A generator of floats in [0, 1), the same sequence for the same seed on every machine. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

exports.mulberry32 = mulberry32;
