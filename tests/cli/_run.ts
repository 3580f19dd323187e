/**
 * Until every suite imports tests/_run.ts, the one child-process runner.
 *
 * @deprecated Import `runMain` from tests/_run.ts.
 * @module
 */
export { runMain } from "../_run.ts";
