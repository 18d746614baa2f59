/**
 * The capture layer's front door: what the CLI's `capture` command, the editor's Verify with the
 * Installed Agent and the oracle suite use. Only this layer starts processes (a user's coding
 * agent, inside the sandbox of sandbox.ts); nothing in src/resolver imports it.
 *
 * The installed agent's release is not this layer's: src/installed reads it without running
 * anything, so `instructions` and the editor's profile rows hold no driver.
 */
export { DRIVERS, driverByName } from './agents';
export { DriverRefusal, comparesOf, type AgentDriver, type OracleCompares } from './agents/types';
export { agrees, captureAgent, repositoryTop, type CaptureInput, type CaptureRun, type Side } from './capture';
export { runCaptureCommand, type CommandResult, type RunningCommand } from './command';
export { differences } from './report';
export { sandboxProblem } from './sandbox';
export {
  CAPTURE_EXIT,
  CAPTURE_SCHEMA,
  captureExitCode,
  copyHomeFiles,
  homeFilesOf,
  runCapture,
  type CaptureReport,
  type CaptureRequest,
} from './session';
