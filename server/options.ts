/**
 * The options of `main.ts serve`, each written once: its flag, value
 * placeholder, environment variable, default, parser and help line. The
 * settings type {@link ServeSettings} (what `startServer` and the worker
 * isolates are given) and {@link DEFAULT_SETTINGS} are derived from it here;
 * `cli/serve.ts` derives the parser's flags, the variables it reads and its
 * `--help` from it with `cli/options.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SERVE_OPTIONS } from "./options.ts";
 * assert.deepStrictEqual(SERVE_OPTIONS.port.env, "CLUBDIR_PORT");
 * assert.deepStrictEqual(SERVE_OPTIONS.holdJson.flag, "lean");
 * ```
 * @module
 */
import type { OptionTable, Parsed, SettingsOf } from "../core/model/mod.ts";
import { DEFAULT_DB_PATH } from "../core/store/mod.ts";
import { isRedisUrl, redisUrlProblem } from "../core/redis/mod.ts";
import {
  ADVERTISED_RATE_LIMIT as RATE,
  DEFAULT_NAME,
  DEFAULT_SUPPORT_EMAIL,
  parseAllowedHosts,
  parseBaseUrl,
  parseEmail,
  parseName,
  parseRateLimit,
} from "./config.ts";
import { DEFAULT_CONNECTION_LIMITS as CONN } from "./http/connection_limits.ts";
import { MAX_TRUSTED_HOPS } from "./http/client_address.ts";
import { LOG_FORMATS, type LogFormat, parseLogFormat } from "./middleware/log_format.ts";

/** Most worker isolates `--workers` takes. */
export const MAX_WORKERS = 256;
/** Most connections `--max-connections` takes. */
export const MAX_CONNECTIONS = 100_000;

const whole = (min: number, max: number) => (raw: string): Parsed<number> => {
  const t = raw.trim();
  const n = Number(t);
  return /^\d{1,6}$/.test(t) && n >= min && n <= max
    ? { ok: true, value: n }
    : { ok: false, reason: `must be a whole number from ${min} to ${max}, got "${raw}"` };
};

const host = (raw: string): Parsed<string> => {
  const t = raw.trim();
  return /^[\w.:\-\[\]%]{1,253}$/.test(t) ? { ok: true, value: t.replace(/^\[(.*)\]$/, "$1") } : {
    ok: false,
    reason: `must be a host name or IP address, got "${raw}"`,
  };
};

const path = (raw: string): Parsed<string> => ({ ok: true, value: raw });

const redisUrl = (raw: string): Parsed<string> => {
  const problem = redisUrlProblem(raw);
  return problem === null ? { ok: true, value: raw.trim() } : { ok: false, reason: problem };
};

/**
 * Reads a hop count: a whole number from 0 to {@link MAX_TRUSTED_HOPS}, or
 * a yes/no word (yes is one hop), as `CLUBDIR_TRUST_PROXY` may say.
 */
function parseHops(raw: string): Parsed<number> {
  const t = raw.trim().toLowerCase();
  if (["true", "yes", "on"].includes(t)) return { ok: true, value: 1 };
  if (["false", "no", "off"].includes(t)) return { ok: true, value: 0 };
  const n = Number(t);
  return /^\d{1,2}$/.test(t) && n <= MAX_TRUSTED_HOPS ? { ok: true, value: n } : {
    ok: false,
    reason:
      `must be a number of proxy hops from 0 to ${MAX_TRUSTED_HOPS} (or yes/no), got "${raw}"`,
  };
}

/**
 * Every `serve` option, in the order `--help` lists them, by the name of
 * the setting it fills. A flag beats its variable; an empty variable counts
 * as unset.
 */
export const SERVE_OPTIONS = {
  /**
   * Database path. Only a `--db` flag is served as given; the default
   * (`$CLUBDIR_DB`, else data/clubs.db) is built from the bundled snapshot
   * when missing.
   */
  db: {
    flag: "db",
    placeholder: "PATH",
    env: "CLUBDIR_DB",
    default: DEFAULT_DB_PATH,
    shown: "data/clubs.db",
    parse: path,
    help: "database, built from the bundled snapshot when missing",
  },
  port: {
    flag: "port",
    placeholder: "N",
    env: "CLUBDIR_PORT",
    default: 8000,
    shown: "8000",
    parse: whole(0, 65_535),
    help: "port, 0 for any free one",
  },
  hostname: {
    flag: "hostname",
    placeholder: "HOST",
    env: "CLUBDIR_HOSTNAME",
    default: "127.0.0.1",
    shown: "127.0.0.1",
    parse: host,
    help: "address to bind, 0.0.0.0 for every interface",
  },
  /** Spec `{base_url}` without a trailing slash; null: each request's own origin. */
  baseUrl: {
    flag: "base-url",
    placeholder: "URL",
    env: "CLUBDIR_BASE_URL",
    default: null,
    shown: "the request's own origin",
    parse: parseBaseUrl,
    help: "public address used in links and problem types",
  },
  rateLimit: {
    flag: "rate-limit",
    placeholder: "N/S|off",
    env: "CLUBDIR_RATE_LIMIT",
    default: RATE,
    shown: `${RATE.limit}/${RATE.windowSeconds}`,
    parse: parseRateLimit,
    help: "requests per client per S seconds, or off",
  },
  name: {
    flag: "name",
    placeholder: "NAME",
    env: "CLUBDIR_NAME",
    default: DEFAULT_NAME,
    shown: `"${DEFAULT_NAME}"`,
    parse: parseName,
    help: "display name sent as X-Data-Source",
  },
  /** Trusted proxy hops in front (`--trust-proxy N`); 0: none. */
  trustProxy: {
    flag: "trust-proxy",
    placeholder: "[N]",
    env: "CLUBDIR_TRUST_PROXY",
    default: 0,
    shown: "0",
    bare: { value: "1", takes: /^\d+$/ },
    parse: parseHops,
    help:
      "behind N proxies (the bare flag: 1) that append the address they were connected from to X-Forwarded-For: count clients by the N-th entry from the right, the one the outermost proxy wrote; never without such a proxy: clients could pick any address",
  },
  /** No access log. */
  quiet: {
    flag: "quiet",
    switch: true,
    env: "CLUBDIR_QUIET",
    default: false,
    on: true,
    help: "no access log",
  },
  /** The form of every log line: text, or one JSON object a line (server/middleware/log_format.ts). */
  logFormat: {
    flag: "log-format",
    placeholder: LOG_FORMATS.join("|"),
    env: "CLUBDIR_LOG_FORMAT",
    default: "text" as LogFormat,
    shown: "text",
    parse: parseLogFormat,
    help:
      "text: lines starting with the time; json: one object a line (time, level, and the event's or request's fields)",
  },
  /** Serve `GET /metrics` in the Prometheus text format (server/metrics/). */
  metrics: {
    flag: "metrics",
    switch: true,
    env: "CLUBDIR_METRICS",
    default: false,
    on: true,
    help:
      "serve GET /metrics (Prometheus text format, the hosts of --allowed-hosts only): requests, latency, connections, caches, snapshot, sessions, Redis, workers",
  },
  /**
   * Hold every club's JSON in memory (core/store/club_json.ts): page bodies
   * are slices instead of SQLite reads; false with `--lean`.
   */
  holdJson: {
    flag: "lean",
    switch: true,
    env: "CLUBDIR_LEAN",
    default: true,
    on: false,
    help:
      "keep club JSON on disk, not in memory: about 50 MB less RSS at start for the bundled directory (its JSON is 45 MB, held as bytes outside the JS heap, once per process however many workers), pages not in the cache about 2.5x the CPU",
  },
  /** Worker isolates (1 = serve from the main isolate). */
  workers: {
    flag: "workers",
    placeholder: "N",
    env: "CLUBDIR_WORKERS",
    default: 1,
    shown: "1",
    parse: whole(1, MAX_WORKERS),
    help:
      "worker isolates sharing the port and the rate limit; more than one needs Linux and --unstable-net, which the project's deno.json enables",
  },
  supportEmail: {
    flag: "support-email",
    placeholder: "ADDR",
    env: "CLUBDIR_SUPPORT_EMAIL",
    default: DEFAULT_SUPPORT_EMAIL,
    shown: DEFAULT_SUPPORT_EMAIL,
    parse: parseEmail,
    help: "contact named in error hints",
  },
  /**
   * Session store: a file, or a `redis://` URL shared by replicas (opened by
   * each serving isolate, server/runtime/); null: the file beside the database.
   */
  sessions: {
    flag: "sessions",
    placeholder: "STORE",
    env: "CLUBDIR_SESSIONS",
    default: null,
    shown: "a file beside the database: data/clubs.db -> data/clubs.sessions.db",
    parse: (raw: string) => isRedisUrl(raw) ? redisUrl(raw) : path(raw),
    help: "session store: a file, or redis://host:port/db, shared by replicas",
  },
  /** Where rate limits are counted: a `redis://` URL shared by replicas; null: in this process. */
  rateLimitStore: {
    flag: "rate-limit-store",
    placeholder: "URL",
    env: "CLUBDIR_RATE_LIMIT_STORE",
    default: null,
    shown: "in this process",
    parse: redisUrl,
    help:
      "count rate limits in Redis (redis://host:port/db), shared by replicas; while Redis is down each replica counts on its own",
  },
  /**
   * Host header values the MCP endpoint answers (DNS-rebinding protection);
   * null: the bound address, its localhost forms and the base URL's host;
   * "off": every Host.
   */
  allowedHosts: {
    flag: "allowed-hosts",
    placeholder: "LIST",
    env: "CLUBDIR_ALLOWED_HOSTS",
    default: null,
    shown: "the bound address, localhost forms and the --base-url host",
    parse: parseAllowedHosts,
    help: "Host values the MCP endpoint answers, comma-separated host[:port], or off",
  },
  /**
   * Most connections open at once, across all workers; null: 4,096, or
   * less to fit the file-descriptor limit (see runtime/connections.ts).
   */
  maxConnections: {
    flag: "max-connections",
    placeholder: "N",
    env: "CLUBDIR_MAX_CONNECTIONS",
    default: null,
    shown: `${CONN.maxConnections}, or less to fit the file-descriptor limit`,
    parse: whole(1, MAX_CONNECTIONS),
    help:
      `connections open at once, all workers together; past it the longest-idle connection is closed. Idle connections close after ${
        CONN.idleTimeoutMs / 1000
      } s (a request's head must arrive within it); a request unanswered after ${
        CONN.requestTimeoutMs / 1000
      } s closes its connection`,
  },
} satisfies OptionTable;

/** What `main.ts serve` was asked for: one field per {@link SERVE_OPTIONS} entry; structured-cloneable. */
export type ServeSettings = SettingsOf<typeof SERVE_OPTIONS> & {
  /** How often, at most, the database file is checked for a new import (ms; tests shorten it). */
  checkEveryMs?: number;
};

/** Settings as `main.ts serve` defaults them, but for the database, which every caller names. */
export const DEFAULT_SETTINGS: Omit<ServeSettings, "db"> = Object.fromEntries(
  Object.entries(SERVE_OPTIONS).flatMap(([k, o]) => k === "db" ? [] : [[k, o.default]]),
) as Omit<ServeSettings, "db">;
