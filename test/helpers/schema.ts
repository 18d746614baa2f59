/** Validation of `--json` output against schema/evidence.schema.json (loaded at run time). */
import { strict as assert } from 'node:assert';
import Ajv from 'ajv';
import { loadSchema } from './tree';

export type Validator = (value: unknown, what?: string) => void;

export function schemaValidator(): Validator {
  const schema = loadSchema();
  const ajv = new Ajv({ allErrors: true, strict: false });
  let validate: ReturnType<Ajv['compile']>;
  try {
    validate = ajv.compile(schema);
  } catch (err) {
    assert.fail(`schema/evidence.schema.json does not compile: ${(err as Error).message}`);
  }
  return (value, what = 'output') => {
    if (!validate(value)) {
      assert.fail(`${what} does not match schema/evidence.schema.json: ${ajv.errorsText(validate.errors, { separator: '\n  ' })}`);
    }
  };
}
