// The bench scripts' command lines, one way: node:util's parseArgs, `--help` prints the usage and
// exits 0, and a bad command line prints "<name>: <message>" with the usage and exits 2.
import { parseArgs } from 'node:util';

/** A usage error for `name`'s command line: the message, the usage, exit 2. */
export function usageErrorFor(name, usage) {
  return (message) => {
    console.error(`${name}: ${message}\n${usage}`);
    process.exit(2);
  };
}

/** The parsed `values` of process.argv for `options` (each script adds `help` itself). */
export function parseScriptArgs(options, usageError, usage) {
  let values;
  try {
    ({ values } = parseArgs({ strict: true, options }));
  } catch (err) {
    usageError(err.message);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
