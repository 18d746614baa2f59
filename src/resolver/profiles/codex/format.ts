/**
 * The message Codex sends with its instructions (README.md in this folder, "Context"): the
 * global text (trimmed), then `--- project-doc ---`, then the project files joined by a blank
 * line, inside an `<INSTRUCTIONS>` block whose heading names the working directory. Codex's
 * heading names the directory only when a project file contributes text; with the global file
 * alone it is the bare `# AGENTS.md instructions`. No text at all: no message.
 */

export const CODEX_HEADING = '# AGENTS.md instructions';
export const CODEX_PROJECT_SEPARATOR = '\n\n--- project-doc ---\n\n';

/** `cwd` is the working directory as Codex writes it: absolute, links resolved (the process's own path). */
export function codexContext(globalText: string | null, projectTexts: readonly string[], cwd: string): string {
  const project = projectTexts.join('\n\n');
  const global = globalText ?? '';
  const text = global === '' ? project : project === '' ? global : global + CODEX_PROJECT_SEPARATOR + project;
  if (text === '') return '';
  const heading = projectTexts.length > 0 ? `${CODEX_HEADING} for ${cwd}` : CODEX_HEADING;
  return `${heading}\n\n<INSTRUCTIONS>\n${text}\n</INSTRUCTIONS>`;
}
