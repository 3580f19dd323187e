/**
 * One access-log line per request, written after the response is chosen:
 * time, method, path, status, duration and request id, e.g.
 * `2026-08-30T12:00:00.000Z GET /api/v1/clubs 200 1.4ms 3b0c…`.
 * The query string is left out: it can carry what people search for.
 *
 * @example
 * ```ts ignore
 * import { accessLog } from "./access_log.ts";
 * app.use(accessLog((line) => console.error(line)));
 * ```
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";

/**
 * Middleware that reports each request to `log` once it is answered.
 *
 * @example
 * ```ts ignore
 * import { accessLog } from "./access_log.ts";
 * const lines: string[] = [];
 * app.use(accessLog((l) => lines.push(l)));
 * ```
 */
export function accessLog(log: (line: string) => void): MiddlewareHandler<AppEnv> {
  return async function accessLog(c, next) {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    log(
      `${new Date().toISOString()} ${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${
        c.get("requestId")
      }`,
    );
  };
}

const encoder = new TextEncoder();

/**
 * The default sink: a synchronous write to stderr, so lines from several
 * worker isolates never interleave mid-line.
 *
 * @example
 * ```ts ignore
 * import { stderrLine } from "./access_log.ts";
 * stderrLine("hello"); // "hello\n" on stderr
 * ```
 */
export function stderrLine(line: string): void {
  const bytes = encoder.encode(line + "\n");
  let written = 0;
  while (written < bytes.length) written += Deno.stderr.writeSync(bytes.subarray(written));
}
