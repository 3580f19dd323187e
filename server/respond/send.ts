/**
 * A response built with every header at construction: the route's own,
 * then the collected ones (see collect.ts). The compress middleware may
 * still compress it (JSON or HTML of 1 KB and more); a cached body that is
 * sent often goes out through `sendCached` instead, compressed once.
 *
 * @example
 * ```ts ignore
 * import { send } from "./mod.ts";
 * app.get("/x", (c) => send(c, '{"ok":true}', { headers: [["Content-Type", "application/json"]] }));
 * ```
 * @module
 */
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import { markHeadersBuilt, takeResponseHeaders } from "./_headers.ts";

/** What {@link send} sends besides the body. */
export interface SendInit {
  /** Default 200. */
  status?: number;
  /** The route's headers, in the order sent; the collected headers follow them. */
  headers?: readonly (readonly [string, string])[];
}

/**
 * Builds the response with the route's headers and the collected ones, so
 * no middleware touches its headers afterwards.
 *
 * @example
 * ```ts ignore
 * import { send } from "./mod.ts";
 * return send(c, JSON.stringify(problem), {
 *   status: 404,
 *   headers: [["Content-Type", "application/problem+json"], ["Cache-Control", "no-store"]],
 * });
 * ```
 */
export function send(c: Context<AppEnv>, body: BodyInit | null, init: SendInit = {}): Response {
  const headers = [...(init.headers ?? []), ...takeResponseHeaders(c)] as [string, string][];
  return markHeadersBuilt(c, new Response(body, { status: init.status ?? 200, headers }));
}
