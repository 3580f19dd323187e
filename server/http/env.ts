/**
 * The Hono environment every part of the app shares: what `Deno.serve`
 * hands the app as bindings (the connection info, so the client address
 * reaches the rate limiter) and what middlewares leave for later ones.
 *
 * @example
 * ```ts ignore
 * import type { AppEnv } from "./env.ts";
 * Deno.serve((req, info) => app.fetch(req, info)); // c.env.remoteAddr
 * ```
 * @module
 */

/**
 * Bindings: `Deno.serve`'s handler info passed as the second argument of
 * `app.fetch`. Optional because `app.request()` in tests may pass none.
 */
export type ServeBindings = Partial<Deno.ServeHandlerInfo<Deno.NetAddr>>;

/** The app's Hono environment. */
export type AppEnv = {
  Bindings: ServeBindings;
  Variables: {
    /** The request id (accepted from the client or generated). */
    requestId: string;
    /** Headers every response to this request carries (server/respond owns them: collect.ts). */
    responseHeaders: [string, string][];
    /** The response those headers were built into by server/respond's `send` or `sendCached`. */
    headersBuiltInto: Response | undefined;
    /** The response whose content coding server/respond's `sendCached` chose (compress leaves it alone). */
    negotiated: Response | undefined;
  };
};
