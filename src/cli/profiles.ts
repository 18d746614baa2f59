/** `holaryn profiles [--json]`: the profiles `--profile` accepts, one line each saying whose rules they are. */
import { parseArgs } from 'node:util';
import { listProfiles } from '../resolver';
import { CliIo, EXIT } from './io';

export const PROFILES_HELP = `Usage: holaryn profiles [--json]

Lists the profiles "--profile NAME" accepts: whose rules each one applies.

Options:
  --json       print {"profiles": [{"name", "description", "default"}]}
  -h, --help   show this help
`;

export async function profilesCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    allowPositionals: false,
    strict: true,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(PROFILES_HELP);
    return EXIT.ok;
  }
  const profiles = listProfiles();
  if (values.json) {
    io.stdout(JSON.stringify({ profiles }) + '\n');
    return EXIT.ok;
  }
  const width = profiles.reduce((w, p) => Math.max(w, p.name.length), 0);
  for (const p of profiles) io.stdout(`${p.name.padEnd(width)}  ${p.description}${p.default ? ' (default)' : ''}\n`);
  return EXIT.ok;
}
