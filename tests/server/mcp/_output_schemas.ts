/**
 * Test helper: checks a tool's `structuredContent` against the output
 * schema `tools/list` gives for it, with Ajv (strict, formats checked), as a
 * client that validates results does: what clients are promised, not a
 * second copy of it.
 *
 * @example
 * ```ts ignore
 * import { outputProblems } from "./_output_schemas.ts";
 * outputProblems(listed.outputSchema, result.structuredContent); // [] when it validates
 * ```
 * @module
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

/** Every way `value` breaks `schema` (an output schema as listed); empty when it validates. */
export function outputProblems(schema: object, value: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}
