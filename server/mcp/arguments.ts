/**
 * A tool's argument schema: a zod object that refuses arguments it does not
 * know. Unknown arguments were once dropped without a word, so
 * `search_clubs {"name": "Pine Valley"}` answered the whole directory; now
 * they are a tool error (`isError: true`, as the SDK reports any argument
 * that fails the schema) that names each unknown argument and lists the
 * valid ones, taken from the same schema. The listed input schema says
 * `additionalProperties: false`.
 *
 * @example
 * ```ts ignore
 * import { toolArguments } from "./arguments.ts";
 * const inputSchema = toolArguments({ slug: z.string() });
 * // {"slug": "x", "id": 1} → 'Unknown argument "id"; the arguments are: slug'
 * ```
 * @module
 */
import { z } from "zod";

/**
 * The words for arguments a tool does not take: each unknown name, then every
 * name `valid` holds (or that the tool takes none).
 */
export function unknownArgumentsText(unknown: readonly string[], valid: readonly string[]): string {
  const names = unknown.map((k) => JSON.stringify(k)).join(", ");
  const known = valid.length ? `the arguments are: ${valid.join(", ")}` : "it takes no arguments";
  return `Unknown argument${unknown.length === 1 ? "" : "s"} ${names}; ${known}`;
}

/**
 * `shape` as a strict zod object: any other argument fails it, with
 * {@link unknownArgumentsText} over the shape's own keys as the message.
 */
export function toolArguments<S extends z.core.$ZodLooseShape>(
  shape: S,
): z.ZodObject<S, z.core.$strict> {
  const valid = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? unknownArgumentsText(issue.keys, valid) : undefined,
  });
}
