/**
 * Private to server/respond: the headers collected for a request (see
 * collect.ts), taken into a response built by send.ts or cached.ts, and the
 * note that the response already carries them.
 *
 * Why built in and not set on `c.res.headers` afterwards, as Hono
 * middlewares usually do: Deno's `Response` with a string or byte body
 * prepares its native form (a copy of the body, encoded) when constructed,
 * and touching `.headers` afterwards throws that away, so a 50 KB body
 * would be copied or encoded twice per request.
 *
 * @example
 * ```ts ignore
 * import { markHeadersBuilt, takeResponseHeaders } from "./_headers.ts";
 * const res = new Response(body, { headers: [...takeResponseHeaders(c), ["Content-Type", "application/json"]] });
 * return markHeadersBuilt(c, res);
 * ```
 * @module
 */
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";

/**
 * The collected headers, for a response built now; call
 * {@link markHeadersBuilt} with that response so they are not added twice.
 *
 * @example
 * ```ts ignore
 * import { takeResponseHeaders } from "./_headers.ts";
 * new Response("ok", { headers: [...takeResponseHeaders(c), ["Content-Type", "text/plain"]] });
 * ```
 */
export function takeResponseHeaders(c: Context<AppEnv>): readonly [string, string][] {
  return c.get("responseHeaders") ?? [];
}

/**
 * Notes that `res` already carries the collected headers; returns it.
 *
 * @example
 * ```ts ignore
 * import { markHeadersBuilt, takeResponseHeaders } from "./_headers.ts";
 * return markHeadersBuilt(c, new Response("ok", { headers: takeResponseHeaders(c) }));
 * ```
 */
export function markHeadersBuilt(c: Context<AppEnv>, res: Response): Response {
  c.set("headersBuiltInto", res);
  return res;
}

/**
 * Whether `res` was built with the collected headers.
 *
 * @example
 * ```ts ignore
 * import { builtWithHeaders } from "./_headers.ts";
 * if (!builtWithHeaders(c, c.res)) addThemNow();
 * ```
 */
export function builtWithHeaders(c: Context<AppEnv>, res: Response): boolean {
  // `c.get`, not `c.var`: Hono's `c.var` builds an object of every variable on each read.
  return c.get("headersBuiltInto") === res;
}
