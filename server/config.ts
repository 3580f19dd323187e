/**
 * What the HTTP app is built from ({@link AppConfig}) and the parsing of the
 * few settings that have a text form (`--rate-limit 120/60`, `--base-url`).
 * Parsing returns a discriminated result instead of throwing, so the CLI can
 * name the flag or environment variable the bad value came from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRateLimit } from "./config.ts";
 * assert.deepStrictEqual(parseRateLimit("120/60"), { ok: true, value: { limit: 120, windowSeconds: 60 } });
 * assert.deepStrictEqual(parseRateLimit("off"), { ok: true, value: "off" });
 * ```
 * @module
 */
import type { Directory } from "../core/store/mod.ts";
import type { FeeAccess } from "../core/club/mod.ts";
import type { Parsed } from "../core/model/mod.ts";
import type { LogFormat } from "./middleware/log_format.ts";
import type { IsolateMetrics } from "./metrics/mod.ts";
import type { RedisHealth } from "../core/redis/mod.ts";

// The settings each middleware reads are defined beside it (the middlewares sit below this file).
export type { RateLimitConfig } from "./middleware/rate_limit.ts";
export type { DeprecationConfig } from "./middleware/deprecation.ts";
import type { RateLimitConfig } from "./middleware/rate_limit.ts";
import type { DeprecationConfig } from "./middleware/deprecation.ts";

/** Something whose state the readiness probe reports: a store that may be backed by Redis. */
export interface Probed {
  /** Absent: a store with nothing to report (the SQLite session file, the in-process table). */
  health?(): RedisHealth;
}

/** Everything {@link createApp} needs. Only `directory` has no default. */
export interface AppConfig {
  /** The live directory (core/store/directory.ts). */
  directory: Directory;
  /** Display name, sent as `X-Data-Source`; printable ASCII. */
  name: string;
  /** Spec `{base_url}` without a trailing slash; null uses the request's own origin. */
  baseUrl: string | null;
  /** Per-client limit, or "off" to enforce nothing (headers still advertise 120/60). */
  rateLimit: RateLimitConfig | "off";
  /**
   * Proxy hops in front of the server whose `X-Forwarded-For` entries are
   * trusted (0: none, the connection's address counts); see
   * `http/client_address.ts`.
   */
  trustProxy: number;
  /** Replaces `<SUPPORT_EMAIL>` in problem hints. */
  supportEmail: string;
  /** The caller's fee access; default: everyone is "locked" (no session). */
  access?: (req: Request) => FeeAccess;
  /**
   * Host header values (`host[:port]`, lower case) the MCP endpoint answers,
   * against DNS rebinding; a Set may be filled in after the port is bound.
   * Null or omitted: every Host.
   */
  allowedHosts?: ReadonlySet<string> | readonly string[] | null;
  /** Sends `Deprecation`/`Sunset` on /api/v1 responses when set (docs/api.md#versioning-in-the-contract). */
  deprecation?: DeprecationConfig | null;
  /** Access-log sink, one line per request; omitted, nothing is logged. */
  log?: (line: string) => void;
  /** The access log's form (`--log-format`); default text. */
  logFormat?: LogFormat;
  /** The worker isolate serving this app (`--workers N`): its access lines say so. */
  worker?: number;
  /** Serves `GET /metrics` and counts every request into it (`--metrics`); omitted, neither. */
  metrics?: IsolateMetrics | null;
  /** Where unexpected errors are reported (with the request id); default stderr. */
  errorLog?: (line: string) => void;
  /** Clock in milliseconds since the epoch (tests inject one); default `Date.now`. */
  now?: () => number;
  /** The stores `GET /readyz` reports on (those backed by Redis say how they are). */
  stores?: { sessions?: Probed; rateLimit?: Probed };
}

// The advertised limit (docs/api.md#rate-limit-headers) lives with the other limits in the model.
export { ADVERTISED_RATE_LIMIT } from "../core/model/mod.ts";

/** Default display name (`X-Data-Source`). */
export const DEFAULT_NAME = "Club Directory";

/** Default support contact in problem hints. */
export const DEFAULT_SUPPORT_EMAIL = "support@clubdir.example";

// A parsed setting, or why it was refused: the option tables' type (core/model/options.ts).
export type { Parsed } from "../core/model/mod.ts";

const RATE = /^(\d{1,9})\/(\d{1,9})$/;

/**
 * Parses `<requests>/<seconds>` or `off`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRateLimit } from "./config.ts";
 * assert.deepStrictEqual(parseRateLimit("10/1"), { ok: true, value: { limit: 10, windowSeconds: 1 } });
 * assert.deepStrictEqual(parseRateLimit("0/60").ok, false);
 * ```
 */
export function parseRateLimit(raw: string): Parsed<Omit<RateLimitConfig, "table"> | "off"> {
  const t = raw.trim().toLowerCase();
  if (t === "off") return { ok: true, value: "off" };
  const m = RATE.exec(t);
  const limit = Number(m?.[1]);
  const windowSeconds = Number(m?.[2]);
  // The window is stored in seconds in an Int32 table; a day is plenty.
  if (!m || limit < 1 || windowSeconds < 1 || windowSeconds > 86_400) {
    return {
      ok: false,
      reason:
        `must be <requests>/<seconds> (requests from 1, seconds from 1 to 86400) or "off", got "${raw}"`,
    };
  }
  return { ok: true, value: { limit, windowSeconds } };
}

/**
 * Parses a base URL: absolute http(s), no query or fragment; the trailing
 * slash is dropped so `${baseUrl}/problems/x` reads right.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseBaseUrl } from "./config.ts";
 * assert.deepStrictEqual(parseBaseUrl("https://clubs.example/"), { ok: true, value: "https://clubs.example" });
 * ```
 */
export function parseBaseUrl(raw: string): Parsed<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `must be an absolute http(s) URL, got "${raw}"` };
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
    return {
      ok: false,
      reason: `must be an absolute http(s) URL without query or fragment, got "${raw}"`,
    };
  }
  return { ok: true, value: url.href.replace(/\/+$/, "") };
}

const PRINTABLE_ASCII = /^[\x20-\x7e]{1,100}$/;

/**
 * Checks a display name: it travels in a header, so printable ASCII only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseName } from "./config.ts";
 * assert.deepStrictEqual(parseName("Club Directory").ok, true);
 * ```
 */
export function parseName(raw: string): Parsed<string> {
  const t = raw.trim();
  return PRINTABLE_ASCII.test(t) ? { ok: true, value: t } : {
    ok: false,
    reason: `must be 1 to 100 printable ASCII characters (it is sent as a header), got "${raw}"`,
  };
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;

/**
 * Checks a support e-mail address (loosely: one @, no spaces).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseEmail } from "./config.ts";
 * assert.deepStrictEqual(parseEmail("help@clubs.example").ok, true);
 * ```
 */
export function parseEmail(raw: string): Parsed<string> {
  const t = raw.trim();
  return EMAIL.test(t) && t.length <= 200
    ? { ok: true, value: t }
    : { ok: false, reason: `must be an e-mail address, got "${raw}"` };
}

const HOST_PORT = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * Parses `--allowed-hosts`: comma-separated `host[:port]` values, or `off`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseAllowedHosts } from "./config.ts";
 * assert.deepStrictEqual(
 *   parseAllowedHosts("clubs.example, localhost:8000"),
 *   { ok: true, value: ["clubs.example", "localhost:8000"] },
 * );
 * ```
 */
export function parseAllowedHosts(raw: string): Parsed<string[] | "off"> {
  const t = raw.trim().toLowerCase();
  if (t === "off") return { ok: true, value: "off" };
  const hosts = t.split(",").map((h) => h.trim()).filter((h) => h !== "");
  const bad = hosts.find((h) => !HOST_PORT.test(h));
  return hosts.length && bad === undefined ? { ok: true, value: hosts } : {
    ok: false,
    reason: `must be comma-separated host[:port] values or "off", got "${raw}"`,
  };
}
