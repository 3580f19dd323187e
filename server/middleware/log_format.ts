/**
 * The two forms of `serve`'s log (`--log-format`): `text`, one line a
 * record starting with its time, and `json`, one JSON object a line. Both
 * kinds of record go through here: event lines ({@link eventLog}: start-up,
 * signals, a database that cannot be read, Redis going away, snapshot swaps,
 * drains) and access lines ({@link accessLine}, one a request).
 *
 * Text from requests (path, method, user agent) is escaped by
 * `escapeLogText` before it is written in either form, so a JSON line is
 * still one line that `jq` reads after {@link stderrLine} has passed it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { eventLog } from "./log_format.ts";
 * const lines: string[] = [];
 * eventLog("json", (l) => lines.push(l), { worker: 2 })("error: database unavailable: gone");
 * const record = JSON.parse(lines[0]!);
 * assert.deepStrictEqual([record.level, record.worker, record.msg], ["error", 2, "database unavailable: gone"]);
 * ```
 * @module
 */
import { escapeLogText } from "./access_log.ts";
import type { Parsed } from "../../core/model/mod.ts";

/** The forms `--log-format` takes, the default first. */
export const LOG_FORMATS = ["text", "json"] as const;

/** One of {@link LOG_FORMATS}. */
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * Reads a `--log-format` value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLogFormat } from "./log_format.ts";
 * assert.deepStrictEqual(parseLogFormat(" JSON "), { ok: true, value: "json" });
 * assert.deepStrictEqual(parseLogFormat("xml").ok, false);
 * ```
 */
export function parseLogFormat(raw: string): Parsed<LogFormat> {
  const t = raw.trim().toLowerCase();
  return (LOG_FORMATS as readonly string[]).includes(t)
    ? { ok: true, value: t as LogFormat }
    : { ok: false, reason: `must be ${LOG_FORMATS.join(" or ")}, got "${raw}"` };
}

/** Fields an event adds to its JSON record (the text form keeps the line alone). */
export type LogFields = Record<string, string | number | boolean | null>;

/**
 * Writes one event: the line, and in the JSON form the fields too. Every log
 * function of the server has this shape; callers that only pass a line are
 * plain `(line: string) => void` sinks.
 */
export type EventLog = (line: string, fields?: LogFields) => void;

/** What each record of one isolate carries. */
export interface LogContext {
  /** The worker isolate writing (`--workers N`), absent in a single isolate or the supervisor. */
  worker?: number;
}

/** The level of an event line, from the word it starts with. */
function levelOf(line: string): "error" | "warn" | "info" {
  if (line.startsWith("error")) return "error";
  if (line.startsWith("warning")) return "warn";
  return "info";
}

/** A line without its level word (the JSON record carries the level). */
function messageOf(line: string): string {
  const m = /^(?:error|warning): /.exec(line);
  return m === null ? line : line.slice(m[0].length);
}

/**
 * Control and bidirectional characters escaped as `stderrLine` escapes
 * them, before JSON.stringify, so that no `\x..` escape lands inside a JSON
 * string (which would make the line invalid JSON).
 */
// deno-lint-ignore no-control-regex
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const safe = (text: string) =>
  text.replace(UNSAFE, (ch) => `\\u{${ch.charCodeAt(0).toString(16)}}`);

/**
 * The event log of one isolate in `format`, writing to `write`: text lines
 * start with the time (and `[wN] ` in a worker); JSON records hold `time`,
 * `level` (from a leading `error:`/`warning:`), `worker`, `msg` and the
 * event's fields.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { eventLog } from "./log_format.ts";
 * const lines: string[] = [];
 * eventLog("text", (l) => lines.push(l), { worker: 1 })("Listening on http://127.0.0.1:8000/");
 * assert.match(lines[0]!, /^\d{4}-\d\d-\d\dT[\d:.]+Z \[w1\] Listening on /);
 * ```
 */
export function eventLog(
  format: LogFormat,
  write: (line: string) => void,
  context: LogContext = {},
): EventLog {
  const prefix = context.worker === undefined ? "" : `[w${context.worker}] `;
  if (format === "text") return (line) => write(`${new Date().toISOString()} ${prefix}${line}`);
  return (line, fields) => {
    const record: Record<string, unknown> = {
      time: new Date().toISOString(),
      level: levelOf(line),
      ...(context.worker === undefined ? {} : { worker: context.worker }),
      msg: safe(messageOf(line)),
    };
    if (fields) { for (const [k, v] of Object.entries(fields)) record[k] = v; }
    write(JSON.stringify(record));
  };
}

/** What the access log says about one answered request. */
export interface AccessRecord {
  /** When it was answered (ms since the epoch). */
  time: number;
  requestId: string;
  /** The client's address, as `--trust-proxy` says to read it. */
  client: string;
  method: string;
  /** The route that answered (`/clubs/:slug`), or `unmatched`. */
  route: string;
  /** The path as sent, decoded, escaped and cut (never the query). */
  path: string;
  status: number;
  durationMs: number;
  /** Body bytes sent, when known (a stream's are not: null). */
  bytes: number | null;
  /** The worker isolate that answered (`--workers N`), if any. */
  worker?: number;
  /** The `User-Agent` header, escaped and cut, or null. */
  userAgent: string | null;
}

/** Longest user agent logged, in characters. */
export const MAX_LOGGED_USER_AGENT = 256;

/**
 * A `User-Agent` for the log: escaped, `"` written `\x22` (the text form
 * quotes it), cut after {@link MAX_LOGGED_USER_AGENT} characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loggedUserAgent } from "./log_format.ts";
 * assert.deepStrictEqual(loggedUserAgent('a "b"\n'), "a \\x22b\\x22\\x0a");
 * ```
 */
export function loggedUserAgent(ua: string): string {
  const cut = ua.length > MAX_LOGGED_USER_AGENT ? `${ua.slice(0, MAX_LOGGED_USER_AGENT)}…` : ua;
  return escapeLogText(cut).replaceAll('"', "\\x22");
}

/**
 * One access-log line in `format`. Text:
 * `time client method path status duration bytes "user agent" request-id`,
 * with `-` for what is unknown; JSON: the same as named fields, plus the
 * route template.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { accessLine } from "./log_format.ts";
 * const record = {
 *   time: 0, requestId: "r1", client: "203.0.113.7", method: "GET", route: "/api/v1/clubs",
 *   path: "/api/v1/clubs", status: 200, durationMs: 1.25, bytes: 512, userAgent: "curl/8",
 * };
 * assert.deepStrictEqual(
 *   accessLine("text", record),
 *   '1970-01-01T00:00:00.000Z 203.0.113.7 GET /api/v1/clubs 200 1.3ms 512B "curl/8" r1',
 * );
 * assert.deepStrictEqual(JSON.parse(accessLine("json", record)).route, "/api/v1/clubs");
 * ```
 */
export function accessLine(format: LogFormat, r: AccessRecord): string {
  const time = new Date(r.time).toISOString();
  const ms = r.durationMs.toFixed(1);
  if (format === "text") {
    const bytes = r.bytes === null ? "-" : `${r.bytes}B`;
    const ua = r.userAgent === null ? "-" : `"${r.userAgent}"`;
    const worker = r.worker === undefined ? "" : `[w${r.worker}] `;
    return `${time} ${worker}${r.client} ${r.method} ${r.path} ${r.status} ${ms}ms ${bytes} ${ua} ${r.requestId}`;
  }
  return JSON.stringify({
    time,
    level: "info",
    ...(r.worker === undefined ? {} : { worker: r.worker }),
    event: "request",
    request_id: r.requestId,
    client: r.client,
    method: r.method,
    route: r.route,
    path: r.path,
    status: r.status,
    duration_ms: Number(ms),
    bytes: r.bytes,
    user_agent: r.userAgent,
  });
}
