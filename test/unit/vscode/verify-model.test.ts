/**
 * "Verify with the installed agent" without the editor (src/vscode/profiles/verify-model.ts):
 * which rows offer it, the capture command line, and how each outcome of `holaryn capture --json`
 * reads: agrees, differs, the run failed, cannot isolate, a usage error, no JSON at all.
 */
import { strict as assert } from 'node:assert';
import type { CaptureReport } from '../../../src/cli/capture';
import {
  VERIFIABLE,
  captureArgs,
  driverFor,
  profileOfRow,
  readCapture,
  sideDocument,
  verifiableContext,
  verifiableProfiles,
} from '../../../src/vscode/profiles/verify-model';

const ROOT = '/w/repo';
const HOME = '/tmp/holaryn-capture-codex-x/home';

function report(over: Partial<CaptureReport> = {}): CaptureReport {
  const side = {
    files: [`${ROOT}/AGENTS.md`, `${HOME}/.codex/AGENTS.md`],
    parts: [{ place: 'first-user-message', text: `# AGENTS.md instructions for ${ROOT}\n\nhi from ${HOME}` }],
  };
  return {
    schema: 'holaryn.capture/v1',
    agent: 'codex',
    profile: 'codex',
    root: ROOT,
    cwd: ROOT,
    top: ROOT,
    file: null,
    installed: { version: '0.169.0' } as CaptureReport['installed'],
    home: HOME,
    problems: [],
    refused: null,
    repositoryWrites: [],
    outside: [],
    compares: 'files-and-text',
    agentSent: side,
    profileHas: side,
    filesAgree: true,
    textAgrees: true,
    listingsAgree: null,
    proof: null,
    ...over,
  };
}

describe('verify with the installed agent (model)', () => {
  it('says a refused run is refused, with the reason', () => {
    const v = readCapture(
      'codex',
      'codex',
      4,
      JSON.stringify(
        report({
          refused: 'the repository sets LD_PRELOAD',
          problems: ['refused: the repository sets LD_PRELOAD'],
          agentSent: null,
          profileHas: null,
        }),
      ),
      '',
    );
    assert.equal(v.verdict, 'failed');
    assert.equal(v.message, 'Holaryn refused to run codex on this repository: the repository sets LD_PRELOAD');
  });

  it('is offered exactly on the rows of profiles a capture driver runs', () => {
    for (const p of ['claude-code', 'codex', 'gemini', 'copilot-cli']) assert.ok(verifiableProfiles().includes(p), p);
    assert.ok(!verifiableProfiles().includes('cursor'), 'cursor has no binary to run');
    assert.equal(driverFor('codex'), 'codex');
    assert.equal(driverFor('holaryn'), undefined);
    assert.equal(verifiableContext('holaryn-agent', 'gemini'), `holaryn-agent${VERIFIABLE}`);
    assert.equal(verifiableContext('holaryn-agent', 'dsh'), 'holaryn-agent');
  });

  it('reads the profile from another agent row, a Compare all row and the first agent row', () => {
    assert.equal(profileOfRow({ id: 'agent:codex' }, 'claude-code', 'first-agent'), 'codex');
    assert.equal(profileOfRow({ id: 'compare:gemini' }, 'claude-code', 'first-agent'), 'gemini');
    assert.equal(profileOfRow({ id: 'first-agent' }, 'claude-code', 'first-agent'), 'claude-code');
    assert.equal(profileOfRow({ id: 'agent:codex:1:AGENTS.md' }, 'claude-code', 'first-agent'), undefined);
  });

  it('starts the agent in the workspace folder, where the view has the session start, even for a file below it', () => {
    assert.deepEqual(captureArgs({ agent: 'codex', root: ROOT, file: `${ROOT}/src/app/main.ts` }), [
      'capture',
      'codex',
      ROOT,
      `${ROOT}/src/app/main.ts`,
      '--json',
    ]);
  });

  it('runs capture with --json, the file only when one is shown, the executable only when the user named one', () => {
    assert.deepEqual(captureArgs({ agent: 'codex', root: ROOT }), ['capture', 'codex', ROOT, '--json']);
    assert.deepEqual(captureArgs({ agent: 'gemini', root: ROOT, file: `${ROOT}/a.ts`, executable: '/opt/g' }), [
      'capture',
      'gemini',
      ROOT,
      `${ROOT}/a.ts`,
      '--json',
      '--agent-bin',
      '/opt/g',
    ]);
  });

  it('agrees: a message naming the release and the file count, two identical documents with the home shown as ~', () => {
    const v = readCapture('codex', 'codex', 0, JSON.stringify(report()), '');
    assert.equal(v.verdict, 'agrees');
    assert.equal(v.message, "codex 0.169.0 agrees with Holaryn's codex profile: the same 2 files in the same order, the same text.");
    assert.deepEqual(v.differences, []);
    assert.match(
      v.agentDocument!,
      /^What codex 0\.169\.0 sent the model\n\nFiles, in the order the model sees them:\n {2}1\. AGENTS\.md\n {2}2\. ~\/\.codex\/AGENTS\.md\n/,
    );
    assert.ok(v.agentDocument!.includes('hi from ~'), v.agentDocument);
    assert.ok(!v.agentDocument!.includes(HOME));
    assert.equal(v.agentDocument!.split('\n').slice(1).join('\n'), v.profileDocument!.split('\n').slice(1).join('\n'));
  });

  it('an agent checked by its own listing (files only): agreeing files are an agreement, and the message says the text was not compared', () => {
    const listed = report({
      agent: 'copilot-cli',
      profile: 'copilot-cli',
      compares: 'files',
      textAgrees: false,
      agentSent: { files: [`${ROOT}/AGENTS.md`], parts: [] },
    });
    const v = readCapture(
      'copilot-cli',
      'copilot-cli',
      0,
      JSON.stringify({ ...listed, profileHas: { files: [`${ROOT}/AGENTS.md`], parts: [] } }),
      '',
    );
    assert.equal(v.verdict, 'agrees');
    assert.equal(
      v.message,
      "copilot-cli 0.169.0 agrees with Holaryn's copilot-cli profile: the same 1 file in the same order (the agent lists its files; its text is not compared).",
    );
  });

  it('differs: says in what, and lists where', () => {
    const r = report({
      textAgrees: false,
      profileHas: { files: report().agentSent!.files, parts: [{ place: 'first-user-message', text: 'other' }] },
    });
    const v = readCapture('codex', 'codex', 3, JSON.stringify(r), '');
    assert.equal(v.verdict, 'differs');
    assert.equal(v.message, "codex 0.169.0 differs from Holaryn's codex profile in the text.");
    assert.ok(
      v.differences.some((l) => l.includes('first difference')),
      v.differences.join('\n'),
    );
  });

  it('the two-run proof: a clean one is said in the agreement, repository text the profile does not show is a difference', () => {
    const clean = readCapture(
      'codex',
      'codex',
      0,
      JSON.stringify(report({ proof: { removed: ['AGENTS.md'], attributed: [], unattributed: [] } })),
      '',
    );
    assert.equal(clean.verdict, 'agrees');
    assert.match(clean.message, / Run again without the 1 file the profile names, it sent nothing else of the repository\.$/);
    const dirty = readCapture(
      'codex',
      'codex',
      3,
      JSON.stringify(
        report({
          proof: { removed: ['AGENTS.md'], attributed: [], unattributed: [{ run: 'with files', line: 'a skill the profile missed' }] },
        }),
      ),
      '',
    );
    assert.equal(dirty.verdict, 'differs');
    assert.equal(
      dirty.message,
      "codex 0.169.0 differs from Holaryn's codex profile in 1 line of repository text it does not show (two-run proof).",
    );
    assert.ok(
      dirty.differences.some((l) => l.includes('with files: "a skill the profile missed"')),
      dirty.differences.join('\n'),
    );
  });

  it('a run that does not count, a machine that cannot isolate, a usage error, and output that is no JSON', () => {
    const failed = readCapture('codex', 'codex', 4, JSON.stringify(report({ problems: ['the agent did not answer within 90 s'] })), '');
    assert.equal(failed.verdict, 'failed');
    assert.equal(failed.message, 'The codex run does not count: the agent did not answer within 90 s');
    const isolate = readCapture(
      'codex',
      'codex',
      5,
      JSON.stringify({ error: { code: 'cannot-isolate', message: 'unshare is missing' } }),
      '',
    );
    assert.equal(isolate.verdict, 'cannot-isolate');
    assert.equal(isolate.message, 'Holaryn does not run codex on this machine: unshare is missing');
    const usage = readCapture(
      'codex',
      'codex',
      2,
      JSON.stringify({
        error: { code: 'usage', message: 'codex is not on PATH; give its executable with --agent-bin; run "holaryn capture --help"' },
      }),
      '',
    );
    assert.equal(usage.verdict, 'usage');
    assert.equal(usage.message, 'Cannot run codex: codex is not on PATH; give its executable with --agent-bin');
    const plainUsage = readCapture('codex', 'codex', 2, '', 'holaryn: no such agent\n');
    assert.equal(plainUsage.message, 'Cannot run codex: no such agent');
    const garbage = readCapture('codex', 'codex', 1, 'not json', 'holaryn: internal error: boom\n');
    assert.equal(garbage.verdict, 'failed');
    assert.equal(garbage.message, 'Running codex failed: internal error: boom');
  });

  it('a side the run never reached is a document saying so', () => {
    assert.equal(
      sideDocument('What codex sent', null, { root: ROOT, home: HOME }),
      'What codex sent\n\n(nothing: the run did not get this far)\n',
    );
  });
});
