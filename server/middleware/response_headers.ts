/**
 * The outermost header middleware: starts the list of headers every
 * response to this request carries (request id, rate limit, deprecation;
 * middlewares add them with `addResponseHeader`), and afterwards adds them
 * to a response that was not built with them. How they are built in, and
 * why, is server/respond's business (see server/respond/collect.ts).
 *
 * @example
 * ```ts ignore
 * import { addResponseHeader } from "../respond/mod.ts";
 * import { responseHeaders } from "./response_headers.ts";
 * app.use(responseHeaders());
 * app.use(async (c, next) => { addResponseHeader(c, "X-Served-By", "a"); await next(); });
 * app.get("/x", (c) => send(c, "hi"));
 * ```
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";
import { addCollectedHeaders, collectHeaders } from "../respond/mod.ts";

/**
 * The middleware.
 *
 * @example
 * ```ts ignore
 * import { responseHeaders } from "./response_headers.ts";
 * app.use(responseHeaders());
 * ```
 */
export function responseHeaders(): MiddlewareHandler<AppEnv> {
  return async function responseHeaders(c, next) {
    collectHeaders(c);
    await next();
    addCollectedHeaders(c);
  };
}
