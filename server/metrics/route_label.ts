/**
 * The route template a request was answered by (`/clubs/:slug`, not the
 * path sent): the label of every per-route metric and the `route` of a
 * JSON access-log line. The set is bounded by the routes registered, so a
 * client cannot make new series by sending new paths.
 *
 * It is read from Hono's match of the request (the routes it matched, in
 * the order registered), which Hono keeps under a symbol of its request
 * class; reading it allocates nothing, where Hono's own `routePath(c, -1)`
 * builds an array of every matched route on each call. The last matched
 * route whose path is not a wildcard is the handler's (global and prefix
 * middlewares are registered as `*` paths); a request that matched none is
 * {@link UNMATCHED} (a 404, or a 405 for a path with other methods).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Hono } from "hono";
 * import { routeLabel } from "./route_label.ts";
 * const app = new Hono();
 * let seen = "";
 * app.use(async (c, next) => { await next(); seen = routeLabel(c); });
 * app.get("/clubs/:slug", (c) => c.text("ok"));
 * await app.request("/clubs/pine-valley");
 * assert.deepStrictEqual(seen, "/clubs/:slug");
 * await app.request("/nowhere");
 * assert.deepStrictEqual(seen, "unmatched");
 * ```
 * @module
 */
import type { Context } from "hono";
import { HonoRequest } from "hono/request";
import { UNMATCHED } from "./recorder.ts";

/** One matched route as Hono keeps it: `[[handler, route], params]`. */
type Matched = [[unknown, { path: string }], unknown];

/** Hono's symbol for a request's match result (its only symbol-keyed getter). */
const MATCH_RESULT: symbol = (() => {
  const proto = HonoRequest.prototype;
  const found = Object.getOwnPropertySymbols(proto).filter((s) =>
    typeof Object.getOwnPropertyDescriptor(proto, s)?.get === "function"
  );
  if (found.length !== 1) {
    throw new Error(
      `Hono's request keeps ${found.length} symbol getters, not 1: route labels need another way to read the match`,
    );
  }
  return found[0]!;
})();

/** The template of the route that answered `c`'s request, or {@link UNMATCHED}. */
export function routeLabel(c: Context): string {
  const result = (c.req as unknown as Record<symbol, [Matched[]] | undefined>)[MATCH_RESULT];
  const matched = result?.[0];
  if (matched === undefined) return UNMATCHED;
  for (let i = matched.length - 1; i >= 0; i--) {
    const path = matched[i]![0][1].path;
    if (!path.endsWith("*")) return path;
  }
  return UNMATCHED;
}
