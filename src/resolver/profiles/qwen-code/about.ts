/** The qwen-code profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const QWEN_CODE_ABOUT: ProfileAbout = Object.freeze({
  name: 'qwen-code',
  description:
    'Qwen Code: QWEN.md and AGENTS.md (or context.fileName) in ~/.qwen and from the .git root down to the working directory, .qwen/QWEN.local.md, .qwen/rules (paths rules when a tool touches a match)',
  signs: Object.freeze({
    files: Object.freeze(['**/QWEN.md', '.qwen/settings.json', '.qwen/QWEN.local.md', '.qwen/rules/**/*.md']),
    executables: Object.freeze(['qwen']),
  }),
});
