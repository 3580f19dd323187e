/**
 * The outermost middleware: it times each request and, once the response
 * is final (compressed, or emptied for HEAD), hands what it saw to the
 * access log (one line, `--log-format` text or JSON) and to the metrics
 * (`--metrics`). Installed only when one of them is on; the two share the
 * clock readings and the route label.
 *
 * The body's size is read from the response without touching the body:
 * Deno keeps a body given as a string or bytes beside the response (a
 * stream's size is unknown: `-` in the log, not counted in the metrics).
 * Strings count their UTF-16 code units, which are their bytes for the
 * ASCII bodies the server sends.
 *
 * @example
 * ```ts ignore
 * import { observe } from "./observe.ts";
 * app.use(observe({ log: { format: "json", write: console.error }, trustProxy: 1 }));
 * ```
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";
import { clientAddress } from "../http/client_address.ts";
import type { Metrics } from "../metrics/mod.ts";
import { routeLabel } from "../metrics/mod.ts";
import { escapeLogText, loggedPath } from "./access_log.ts";
import { accessLine, type LogFormat, loggedUserAgent } from "./log_format.ts";

/** What {@link observe} reports to. */
export interface ObserveOptions {
  /** The access log: its form, where lines go, and the worker writing; absent, none. */
  log?: { format: LogFormat; write: (line: string) => void; worker?: number };
  /** The isolate's metrics recorder; absent, none. */
  metrics?: Metrics;
  /** Proxy hops whose `X-Forwarded-For` entry names the client (`--trust-proxy`). */
  trustProxy: number;
  /**
   * The middleware that would come next, run inside this one's timing
   * instead of as a layer of its own (the app's Host check): the same
   * requests are timed and counted, and a request goes through one layer
   * fewer (a layer is most of what observing costs).
   */
  inner?: MiddlewareHandler<AppEnv>;
}

/** Deno's own keys for a response's body given as a string or bytes (ext/fetch). */
const probe = new Response("");
const own = Object.getOwnPropertySymbols(probe);
const LAZY_BODY = own.find((s) => s.description === "lazy static body");
const INNER = own.find((s) => s.description === "response");

/**
 * The bytes of `res`'s body when Deno knows them without reading it; 0 for
 * no body, null for a stream (or a Deno that keeps bodies elsewhere).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bodyBytes } from "./observe.ts";
 * assert.deepStrictEqual(bodyBytes(new Response("hello")), 5);
 * assert.deepStrictEqual(bodyBytes(new Response(new Uint8Array(7))), 7);
 * assert.deepStrictEqual(bodyBytes(new Response("{}", { headers: { "Content-Type": "application/json" } })), 2);
 * assert.deepStrictEqual(bodyBytes(new Response(null, { status: 304 })), 0);
 * assert.deepStrictEqual(bodyBytes(new Response(new ReadableStream())), null);
 * ```
 */
export function bodyBytes(res: Response): number | null {
  // Never `res.body`: the getter turns a static body into a stream, which
  // costs Deno's fast path for static bodies and makes a later clone() tee
  // it (a tee's branch cancelled alone never settles).
  const r = res as unknown as Record<symbol, unknown>;
  if (LAZY_BODY === undefined || INNER === undefined) return null;
  const lazy = r[LAZY_BODY];
  if (typeof lazy === "string") return lazy.length;
  if (lazy instanceof Uint8Array) return lazy.byteLength;
  const inner = r[INNER] as { body?: { length?: unknown; source?: unknown } | null } | undefined;
  if (inner === undefined || inner.body === undefined) return null;
  if (inner.body === null) return 0;
  const length = inner.body.length;
  if (typeof length === "number") return length;
  const source = inner.body.source;
  if (typeof source === "string") return source.length;
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) return source.byteLength;
  return null;
}

/** A client address for the text line: escaped, a space written `\x20`. */
const loggedClient = (client: string) => escapeLogText(client).replaceAll(" ", "\\x20");

/**
 * The middleware; install it first, so it sees the final response.
 *
 * @example
 * ```ts ignore
 * app.use(observe({ metrics: recorder, trustProxy: 0 }));
 * ```
 */
export function observe(options: ObserveOptions): MiddlewareHandler<AppEnv> {
  const { log, metrics, trustProxy, inner } = options;
  return async function observe(c, next) {
    const started = performance.now();
    if (inner === undefined) await next();
    else {
      // What Hono does with a layer's answer (hono/compose).
      const answer = await inner(c, next);
      if (answer instanceof Response && !c.finalized) c.res = answer;
    }
    const ms = performance.now() - started;
    const res = c.res;
    const route = routeLabel(c);
    const bytes = bodyBytes(res);
    metrics?.request(route, res.status, ms / 1000, bytes);
    if (log === undefined) return;
    const ua = c.req.raw.headers.get("user-agent");
    log.write(accessLine(log.format, {
      time: Date.now(),
      requestId: c.get("requestId"),
      client: loggedClient(clientAddress(c, trustProxy)),
      method: escapeLogText(c.req.method),
      route,
      path: loggedPath(c.req.path),
      status: res.status,
      durationMs: ms,
      bytes,
      userAgent: ua === null ? null : loggedUserAgent(ua),
      worker: log.worker,
    }));
  };
}
