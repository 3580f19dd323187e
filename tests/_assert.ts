/** Assertions the tests share: node:assert/strict under std-like names. */
export {
  deepStrictEqual as assertDeepEqual,
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok,
  rejects as assertRejects,
  throws as assertThrows,
} from "node:assert/strict";
