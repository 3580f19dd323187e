/**
 * `GET /metrics` (with `serve --metrics`): the Prometheus text exposition
 * of the process's figures. It answers only the Host values the MCP
 * endpoint answers (`--allowed-hosts`, against DNS rebinding): any other
 * Host gets the 404 a server without metrics would give, so a page on
 * another site cannot read them through a rebinding name.
 *
 * @example
 * ```ts ignore
 * app.get("/metrics", metricsHandler(metrics, allowedHosts, problems.notFound));
 * ```
 * @module
 */
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import { EXPOSITION_CONTENT_TYPE } from "./exposition.ts";
import type { IsolateMetrics } from "./isolate.ts";

/** The path the exposition is served at. */
export const METRICS_PATH = "/metrics";

/**
 * The handler of {@link METRICS_PATH}.
 *
 * @param allowedHosts Host values answered (lower case); null: every Host.
 * @param notFound The app's 404, for any other Host.
 */
export function metricsHandler(
  metrics: IsolateMetrics,
  allowedHosts: ReadonlySet<string> | readonly string[] | null,
  notFound: (c: Context<AppEnv>) => Response | Promise<Response>,
): (c: Context<AppEnv>) => Response | Promise<Response> {
  const hosts = allowedHosts === null
    ? null
    : allowedHosts instanceof Set
    ? allowedHosts
    : new Set([...allowedHosts].map((h) => h.toLowerCase()));
  return (c) => {
    const host = (c.req.header("host") ?? new URL(c.req.url).host).toLowerCase();
    if (hosts !== null && !hosts.has(host)) return notFound(c);
    return new Response(metrics.scrape(), {
      headers: { "Content-Type": EXPOSITION_CONTENT_TYPE, "Cache-Control": "no-store" },
    });
  };
}
