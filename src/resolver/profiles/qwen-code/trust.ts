/**
 * Qwen Code's folder trust (config/trustedFolders.ts, trust-precedence.ts): off by default, and
 * then every folder is trusted. When `security.folderTrust.enabled` is on, the trusted-folders
 * file (`$QWEN_CODE_TRUSTED_FOLDERS_PATH`, else `trustedFolders.json` in the global folder) maps
 * paths to `TRUST_FOLDER` (that folder and below), `TRUST_PARENT` (its parent and below) or
 * `DO_NOT_TRUST`; of the rules whose folder holds the working directory, the deepest decides, an
 * untrusting one winning a tie. No rule: not trusted.
 */
import type { Diagnostic } from '../../evidence';
import type { PathApi } from '../../fs';
import { canonicalize } from '../../paths';
import type { ProfileContext } from '../../profile';
import { readConfigDocument } from '../agent/config';
import { agentDiagnostics } from '../agent/configure';
import type { QwenHome } from './discover';

export interface QwenTrust {
  trusted: boolean;
  /** `disabled` (folder trust off), `file` (a rule decided), `none` (no rule holds the folder). */
  decidedBy: 'disabled' | 'file' | 'none';
  /** The trusted-folders file as read, display form. */
  file?: string;
  diagnostics: Diagnostic[];
}

function within(P: PathApi, root: string, abs: string): boolean {
  const rel = P.relative(root, abs);
  return rel === '' || (!rel.startsWith('..') && !P.isAbsolute(rel));
}

function depthOf(P: PathApi, abs: string): number {
  const rel = P.relative(P.parse(abs).root, abs);
  return rel === '' ? 0 : rel.split(P.sep).filter(Boolean).length;
}

export function decideTrust(ctx: ProfileContext, home: QwenHome, cwd: string, enabled: boolean): QwenTrust {
  if (!enabled) return { trusted: true, decidedBy: 'disabled', diagnostics: [] };
  const P = ctx.fs.path;
  const fromEnv = ctx.env.QWEN_CODE_TRUSTED_FOLDERS_PATH;
  const abs = fromEnv ? P.resolve(ctx.homedir, fromEnv) : P.join(home.dir, 'trustedFolders.json');
  const display = fromEnv ? '$QWEN_CODE_TRUSTED_FOLDERS_PATH' : `${home.display}/trustedFolders.json`;
  const doc = readConfigDocument(ctx.fs, abs, display, 'jsonc');
  if (doc.status === 'missing') return { trusted: false, decidedBy: 'none', diagnostics: [] };
  if (doc.status === 'failed') return { trusted: false, decidedBy: 'none', file: display, diagnostics: agentDiagnostics([doc.problem]) };
  const variants = [cwd];
  try {
    const real = canonicalize(ctx.fs, cwd).path;
    if (real !== cwd) variants.push(real);
  } catch {
    // a missing folder: its path as given
  }
  let best = -1;
  let level: 'trusted' | 'untrusted' | undefined;
  for (const [path, value] of Object.entries(doc.doc)) {
    const rulePath = value === 'TRUST_PARENT' ? P.dirname(path) : path;
    const ruleLevel = value === 'TRUST_FOLDER' || value === 'TRUST_PARENT' ? 'trusted' : value === 'DO_NOT_TRUST' ? 'untrusted' : undefined;
    if (ruleLevel === undefined || !variants.some((v) => within(P, rulePath, v))) continue;
    const depth = depthOf(P, rulePath);
    if (depth > best || (depth === best && ruleLevel === 'untrusted')) {
      best = depth;
      level = ruleLevel;
    }
  }
  return { trusted: level === 'trusted', decidedBy: level === undefined ? 'none' : 'file', file: display, diagnostics: [] };
}
