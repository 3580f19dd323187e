/**
 * Spec §9's deprecation mechanism: once a version is deprecated, every
 * response under it carries `Deprecation` (RFC 9745, `@<epoch seconds>`),
 * `Sunset` (RFC 8594, an HTTP-date) and, when given, a `Link` with
 * `rel="deprecation"` to a page explaining the move.
 *
 * @example
 * ```ts ignore
 * import { deprecation } from "./deprecation.ts";
 * app.use("/api/v1/*", deprecation({ deprecation: "2026-01-01", sunset: "2026-07-01" }));
 * ```
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";
import { addResponseHeader } from "../respond/mod.ts";

/** Deprecation of the API version (docs/api.md#versioning-in-the-contract), sent on every /api/v1 response. */
export interface DeprecationConfig {
  /** When the version was deprecated: a date (ISO or HTTP-date) or `@<epoch seconds>`. */
  deprecation: string;
  /** When it stops answering: a date (ISO or HTTP-date). */
  sunset: string;
  /** A page about the deprecation, sent as `Link: <…>; rel="deprecation"`. */
  link?: string;
}

const EPOCH = /^@-?\d+$/;

function toMillis(what: string, raw: string): number {
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) {
    throw new RangeError(`Cannot use ${what} date "${raw}": not a date`);
  }
  return ms;
}

/**
 * The three header values, computed once; throws `RangeError` on a bad date.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deprecationHeaders } from "./deprecation.ts";
 * assert.deepStrictEqual(
 *   deprecationHeaders({ deprecation: "2026-01-01T00:00:00Z", sunset: "2026-07-01T00:00:00Z" }),
 *   { deprecation: "@1767225600", sunset: "Wed, 01 Jul 2026 00:00:00 GMT", link: null },
 * );
 * ```
 */
export function deprecationHeaders(
  config: DeprecationConfig,
): { deprecation: string; sunset: string; link: string | null } {
  const deprecation = EPOCH.test(config.deprecation)
    ? config.deprecation
    : `@${Math.floor(toMillis("deprecation", config.deprecation) / 1000)}`;
  const sunset = new Date(toMillis("sunset", config.sunset)).toUTCString();
  const link = config.link ? `<${config.link}>; rel="deprecation"; type="text/html"` : null;
  return { deprecation, sunset, link };
}

/**
 * Middleware that marks every response it wraps as deprecated.
 *
 * @example
 * ```ts ignore
 * import { deprecation } from "./deprecation.ts";
 * app.use("/api/v1/*", deprecation({ deprecation: "@1767225600", sunset: "2026-07-01", link: "https://x.example/v2" }));
 * ```
 */
export function deprecation(config: DeprecationConfig): MiddlewareHandler<AppEnv> {
  const h = deprecationHeaders(config);
  return function deprecation(c, next) {
    addResponseHeader(c, "Deprecation", h.deprecation);
    addResponseHeader(c, "Sunset", h.sunset);
    if (h.link !== null) addResponseHeader(c, "Link", h.link);
    return next();
  };
}
