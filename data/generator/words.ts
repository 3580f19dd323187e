/**
 * The one parser the generator's word lists share. They are written as
 * "|"-separated template literals so that long lists wrap like prose instead
 * of taking a line (and a pair of quotes) per item.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { words } from "./words.ts";
 * const list = words(`
 * Oak|Maple|
 * Cedar`);
 * assert.deepStrictEqual(list, ["Oak", "Maple", "Cedar"]);
 * ```
 * @module
 */

/**
 * Splits a "|"-separated list (line breaks allowed after a "|").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { words } from "./words.ts";
 * assert.deepStrictEqual(words("Spa | Sauna|Cold plunge"), ["Spa", "Sauna", "Cold plunge"]);
 * ```
 */
export function words(text: string): string[] {
  return text.trim().split(/\s*\|\s*/);
}
