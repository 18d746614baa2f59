/** The gemini profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const GEMINI_ABOUT: ProfileAbout = Object.freeze({
  name: 'gemini',
  description:
    'Gemini CLI: GEMINI.md and context.fileName names from the working directory up to the .git root, sorted by path; deeper ones when a tool touches them; trusted folders only',
  signs: Object.freeze({ files: Object.freeze(['**/GEMINI.md', '.gemini/settings.json']), executables: Object.freeze(['gemini']) }),
});
