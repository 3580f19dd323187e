/**
 * Headers every response carries (request id, rate limit, deprecation),
 * collected before the handler runs and built into the response in one go.
 *
 * Why not set them on `c.res.headers` afterwards, as Hono middlewares
 * usually do: Deno's `Response` with a string or byte body prepares its
 * native form (a copy of the body, encoded) when constructed, and touching
 * `.headers` afterwards throws that away, so a 50 KB body would be copied or
 * encoded twice per request. Handlers on the hot path therefore call
 * {@link takeResponseHeaders} and pass the list to `new Response`; for any
 * other response (routes that do not, or one built by `onError`) the
 * outermost middleware adds the headers afterwards, which is correct, just
 * not as fast.
 *
 * @example
 * ```ts ignore
 * import { addResponseHeader, responseHeaders, takeResponseHeaders } from "./response_headers.ts";
 * app.use(responseHeaders());
 * app.use(async (c, next) => { addResponseHeader(c, "X-Served-By", "a"); await next(); });
 * app.get("/x", (c) => new Response("hi", { headers: [...takeResponseHeaders(c)] }));
 * ```
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";

/** Headers that may repeat; every other one is set once. */
const REPEATABLE = new Set(["link", "vary"]);

/**
 * Records a header for this request's response, whatever route answers.
 *
 * @example
 * ```ts ignore
 * import { addResponseHeader } from "./response_headers.ts";
 * addResponseHeader(c, "X-Request-Id", id);
 * ```
 */
export function addResponseHeader(c: Context<AppEnv>, name: string, value: string): void {
  let list = c.get("responseHeaders");
  if (list === undefined) c.set("responseHeaders", list = []);
  list.push([name, value]);
}

/**
 * The recorded headers, for a handler building its own `Response`; call
 * {@link markHeadersBuilt} with that response so they are not added twice.
 *
 * @example
 * ```ts ignore
 * import { markHeadersBuilt, takeResponseHeaders } from "./response_headers.ts";
 * const res = new Response(body, { headers: [...takeResponseHeaders(c), ["Content-Type", "application/json"]] });
 * return markHeadersBuilt(c, res);
 * ```
 */
export function takeResponseHeaders(c: Context<AppEnv>): readonly [string, string][] {
  return c.get("responseHeaders") ?? [];
}

/**
 * Notes that `res` already carries the recorded headers; returns it.
 *
 * @example
 * ```ts ignore
 * import { markHeadersBuilt } from "./response_headers.ts";
 * return markHeadersBuilt(c, new Response("ok", { headers: takeResponseHeaders(c) }));
 * ```
 */
export function markHeadersBuilt(c: Context<AppEnv>, res: Response): Response {
  c.set("headersBuiltInto", res);
  return res;
}

/**
 * The outermost middleware: starts the list, and afterwards adds it to a
 * response that was not built with it.
 *
 * @example
 * ```ts ignore
 * import { responseHeaders } from "./response_headers.ts";
 * app.use(responseHeaders());
 * ```
 */
export function responseHeaders(): MiddlewareHandler<AppEnv> {
  return async function responseHeaders(c, next) {
    const list: [string, string][] = [];
    c.set("responseHeaders", list);
    await next();
    const res = c.res;
    if (c.var.headersBuiltInto === res || list.length === 0) return;
    let headers: Headers;
    try {
      headers = res.headers;
      for (const [name, value] of list) {
        if (REPEATABLE.has(name.toLowerCase())) headers.append(name, value);
        else headers.set(name, value);
      }
    } catch {
      // Immutable headers (a fetched response passed through): copy it once.
      const copy = new Response(res.body, res);
      for (const [name, value] of list) copy.headers.append(name, value);
      c.res = undefined;
      c.res = copy;
    }
  };
}
