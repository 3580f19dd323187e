/**
 * A tool's output schema as the SDK is given it: the same zod schema, but a
 * result object that passed it once is not checked again.
 *
 * The SDK checks every `structuredContent` against the tool's output schema
 * before sending it. `search_clubs` answers a repeated call with the same
 * frozen object from a per-snapshot memo, so checking it again proves
 * nothing new, and it cost a tenth of the call (ten URL parses and regexes
 * per page, through zod's slow path for rows that admit extra fields). Every distinct
 * result is still checked, by zod, before it is first sent; only frozen
 * objects are remembered (a mutable one could change after its check), and
 * weakly, so they go when their memo drops them.
 *
 * @example
 * ```ts ignore
 * import { checkedOnce, shared } from "./checked.ts";
 * const answer = shared({ total: 3 }); // kept in a memo, never changed
 * server.registerTool(name, { ...config, outputSchema: checkedOnce(config.outputSchema) }, handler);
 * ```
 * @module
 */
import type { z } from "zod";
import type { StandardSchemaWithJSON } from "./sdk.ts";

/** Objects that are never changed once made: results kept in a memo. */
const SHARED = new WeakSet<object>();

/** Result objects that passed their tool's output schema, per schema. */
const passed = new WeakMap<z.ZodType, WeakSet<object>>();

/**
 * Marks `value` as never changed again (every object in it included), so
 * that {@link checkedOnce} may remember it passed. Returns it.
 */
export function shared<T extends object>(value: T): T {
  SHARED.add(value);
  return value;
}

/**
 * `schema` as a Standard Schema (what the SDK takes) that checks a
 * {@link shared} object once: after it passes, the same object passes at
 * once. Anything else, and anything that fails, is checked every time, with
 * zod's own issues.
 */
export function checkedOnce<S extends z.ZodType>(
  schema: S,
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const seen = passed.get(schema) ?? new WeakSet<object>();
  passed.set(schema, seen);
  const std = schema["~standard"];
  return {
    "~standard": {
      version: 1,
      vendor: std.vendor,
      jsonSchema: std.jsonSchema,
      validate(value: unknown) {
        if (typeof value === "object" && value !== null && seen.has(value)) {
          return { value: value as z.output<S> };
        }
        const result = std.validate(value);
        if (result instanceof Promise) return result; // zod async checks: none here
        if (!result.issues && SHARED.has(value as object)) seen.add(value as object);
        return result;
      },
    },
  };
}
