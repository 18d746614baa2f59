/**
 * The Node that runs the sandbox's runner and the agents written for Node (Gemini CLI): this
 * process's own executable. Inside an editor's extension host that is the editor's Electron
 * binary, which acts as Node only when ELECTRON_RUN_AS_NODE is set; the variable is added to
 * those children's environment exactly then, and nowhere else.
 */
export function asNodeEnvironment(): Readonly<Record<string, string>> {
  return process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {};
}
