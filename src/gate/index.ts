/** The gate: when an agent sees guidance (docs/contract.md §10), for any harness. No editor API. */
export * from './session';
export * from './protocol';
export * from './tool';
