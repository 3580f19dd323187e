/**
 * The one classifier of failures to read the directory, shared by the API's
 * `onError`, the website's and profiles' HTML pages and the MCP tools: a
 * {@link StoreError} (what `Directory.read` turns every storage failure
 * into) is the `clubs_unavailable` problem, worded by the problem registry;
 * anything else is a bug, for the caller to answer as `internal_error`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { StoreError } from "../../core/store/mod.ts";
 * import { problemOf } from "./classify.ts";
 * assert.equal(problemOf(new StoreError("gone"))?.code, "clubs_unavailable");
 * assert.equal(problemOf(new TypeError("bug")), null);
 * ```
 * @module
 */
import { type ProblemCode, PROBLEMS } from "../../core/model/mod.ts";
import { StoreError } from "../../core/store/mod.ts";

/**
 * A failure as a problem: its code and the `detail` every surface sends.
 *
 * @example
 * ```ts ignore
 * import type { FailureProblem } from "./mod.ts";
 * const p: FailureProblem = { code: "clubs_unavailable", detail: "The club directory cannot be read right now" };
 * ```
 */
export interface FailureProblem {
  readonly code: ProblemCode;
  readonly detail: string;
}

/**
 * The directory cannot be read. Its detail is the registry's: the sentence
 * the documentation shows is the one every client gets.
 */
const UNAVAILABLE: FailureProblem = Object.freeze({
  code: "clubs_unavailable",
  detail: PROBLEMS.clubs_unavailable.exampleDetail,
});

/**
 * The problem a failure to read the directory is answered with, or null
 * when the failure is not a storage failure (a bug).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { StoreError } from "../../core/store/mod.ts";
 * import { problemOf } from "./classify.ts";
 * assert.deepStrictEqual(problemOf(new StoreError("Cannot read database")), { code: "clubs_unavailable", detail: "The club directory cannot be read right now" });
 * assert.equal(problemOf(new Error("a bug")), null);
 * ```
 */
export function problemOf(error: unknown): FailureProblem | null {
  return error instanceof StoreError ? UNAVAILABLE : null;
}
