/** `holaryn compare`: placeholder until the profile registry lands (see the narya README). */
import type { CliIo } from './io';
import { UsageError } from './args';

export async function compareCommand(_args: string[], _io: CliIo): Promise<number> {
  throw new UsageError('compare is not available yet');
}
