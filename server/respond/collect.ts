/**
 * Headers every response carries (request id, rate limit, deprecation):
 * middlewares add them before the handler runs, and they go into the
 * response in one go. A response built by {@link send} or `sendCached`
 * carries them from construction; any other (a route answering with
 * `c.json`, a redirect, Hono's own) gets them afterwards from
 * {@link addCollectedHeaders}, which is correct, just not as fast.
 *
 * @example
 * ```ts ignore
 * import { addCollectedHeaders, addResponseHeader, collectHeaders } from "./mod.ts";
 * app.use(async (c, next) => { collectHeaders(c); await next(); addCollectedHeaders(c); });
 * app.use(async (c, next) => { addResponseHeader(c, "X-Served-By", "a"); await next(); });
 * ```
 * @module
 */
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import { builtWithHeaders } from "./_headers.ts";

/** Headers that may repeat; every other one is set once. */
const REPEATABLE = new Set(["link", "vary"]);

/**
 * Records a header for this request's response, whatever route answers.
 *
 * @example
 * ```ts ignore
 * import { addResponseHeader } from "./mod.ts";
 * addResponseHeader(c, "X-Request-Id", id);
 * ```
 */
export function addResponseHeader(c: Context<AppEnv>, name: string, value: string): void {
  let list = c.get("responseHeaders");
  if (list === undefined) c.set("responseHeaders", list = []);
  list.push([name, value]);
}

/**
 * Starts this request's list of collected headers (the outermost header
 * middleware calls it before the handler runs).
 *
 * @example
 * ```ts ignore
 * import { collectHeaders } from "./mod.ts";
 * collectHeaders(c);
 * await next();
 * ```
 */
export function collectHeaders(c: Context<AppEnv>): void {
  c.set("responseHeaders", []);
}

/**
 * Adds the collected headers to `c.res` unless it was built with them (the
 * header middleware calls it after the handler).
 *
 * @example
 * ```ts ignore
 * import { addCollectedHeaders } from "./mod.ts";
 * await next();
 * addCollectedHeaders(c);
 * ```
 */
export function addCollectedHeaders(c: Context<AppEnv>): void {
  const list = c.get("responseHeaders") ?? [];
  const res = c.res;
  if (builtWithHeaders(c, res) || list.length === 0) return;
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
}
