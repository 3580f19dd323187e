/**
 * `X-Request-Id` on every response: the client's own id when it is sane
 * (1 to 200 characters of letters, digits, `_`, `.` and `-`, so it can be
 * logged and echoed safely), else a fresh UUID. Later middlewares and the
 * error handler read it as `c.get("requestId")`.
 *
 * @example
 * ```ts ignore
 * import { requestId } from "./request_id.ts";
 * app.use(requestId());
 * ```
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";
import { addResponseHeader } from "../respond/mod.ts";

const SANE_ID = /^[\w.-]{1,200}$/;

/**
 * The id a request is known by: the incoming one if sane, else a UUID.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickRequestId } from "./request_id.ts";
 * assert.deepStrictEqual(pickRequestId("abc-123"), "abc-123");
 * pickRequestId("<script>").length; // 36 (a fresh UUID)
 * ```
 */
export function pickRequestId(incoming: string | null): string {
  return incoming !== null && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * Middleware that assigns the request id and echoes it on the response.
 *
 * @example
 * ```ts ignore
 * import { Hono } from "hono";
 * import { requestId } from "./request_id.ts";
 * const app = new Hono<AppEnv>().use(requestId());
 * ```
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return function requestId(c, next) {
    const id = pickRequestId(c.req.raw.headers.get("x-request-id"));
    c.set("requestId", id);
    addResponseHeader(c, "X-Request-Id", id);
    return next();
  };
}
