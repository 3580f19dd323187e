/**
 * The one assertion style of the suite: Deno std names (`assertEquals`,
 * `assertStrictEquals`, `assert`, …) over `node:assert/strict`, so no test
 * needs the std library and every failure prints node's diff. The checks
 * are node's: `assertThrows(fn, ErrorClass | RegExp | validator, message?)`
 * and `assertRejects` take node's second and third arguments.
 *
 * @example
 * ```ts ignore
 * import { assert, assertEquals, assertStrictEquals } from "./_assert.ts";
 * assertEquals({ a: [1] }, { a: [1] });
 * assertStrictEquals(1 + 1, 2);
 * assert(true, "never fails");
 * ```
 * @module
 */
export {
  deepStrictEqual as assertEquals,
  fail,
  match as assertMatch,
  notDeepStrictEqual as assertNotEquals,
  notStrictEqual as assertNotStrictEquals,
  ok as assert,
  rejects as assertRejects,
  strictEqual as assertStrictEquals,
  throws as assertThrows,
} from "node:assert/strict";
