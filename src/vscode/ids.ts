/** Identifiers the manifest declares (package.json `contributes`), shared by the editor features. */

/** The "Repository instructions" view. */
export const VIEW_ID = 'holaryn.instructions';
