/** The dsh profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

export const DSH_ABOUT: ProfileCard = Object.freeze({
  name: 'dsh',
  description: 'DSH project instruction files: $DSH_HOME/AGENTS.md, then AGENTS.md or CLAUDE.md per directory from the git root to the cwd',
  // Its dedicated editor settings, holaryn.<key> (package.json is generated from them).
  editor: Object.freeze({
    settings: Object.freeze([
      Object.freeze({
        key: 'dsh.candidates',
        to: Object.freeze({ option: 'candidates' }),
        kind: 'names',
        invalid: 'holaryn.dsh.candidates must be a list of file names; the default candidates are used',
        manifest: Object.freeze({
          type: 'array',
          default: Object.freeze([]),
          items: Object.freeze({ type: 'string' }),
          scope: 'resource',
          markdownDescription:
            "DSH's per-directory candidate file names, in order (DSH's `instructionFileCandidates`, `--candidates` on the command line). Empty: `AGENTS.md`, `CLAUDE.md`. Names with a path separator, `.` or `..` are ignored.",
        }),
      }),
    ]),
  }),
});
