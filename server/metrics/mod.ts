/**
 * The door of `server/metrics/`: what `serve --metrics` counts and how it
 * is scraped. Each isolate records into its own {@link Metrics} (plain
 * increments per request, see recorder.ts); `/metrics` writes the
 * Prometheus text format (exposition.ts) of one isolate or, with
 * `--workers N`, of every worker added up through shared memory
 * (shared.ts). The families are listed once, in families.ts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolateMetrics } from "./mod.ts";
 * const metrics = new IsolateMetrics();
 * metrics.recorder.request("/api/v1/clubs", 429, 0.0002, 300);
 * assert.match(metrics.scrape(), /^clubdir_http_rate_limited_total 1$/m);
 * metrics.close();
 * ```
 * @module
 */
export { FAMILIES, type Family, LATENCY_BUCKETS, type MetricsSnapshot } from "./families.ts";
export { exposition, EXPOSITION_CONTENT_TYPE, mergeSnapshots } from "./exposition.ts";
export { IsolateMetrics, PUBLISH_EVERY_MS, type SharedRegion } from "./isolate.ts";
export {
  type CacheFigures,
  type ConnectionFigures,
  type DirectoryFigures,
  Metrics,
  type MetricsSources,
  type SessionSource,
  UNMATCHED,
} from "./recorder.ts";
export { METRICS_PATH, metricsHandler } from "./route.ts";
export { routeLabel } from "./route_label.ts";
export { SharedMetrics } from "./shared.ts";
