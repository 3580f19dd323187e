/**
 * What goes into a log line from a request, and where every line of the
 * server goes. The access log itself (observe.ts, in the form of
 * log_format.ts) writes one line per request once the response is chosen:
 * time, client address, method, path, status, duration, bytes, user agent
 * and request id, e.g.
 * `2026-08-30T12:00:00.000Z 203.0.113.7 GET /api/v1/clubs 200 1.4ms 5321B "curl/8.5.0" 3b0c…`.
 * The query string is left out: it can carry what people search for.
 *
 * The path is the client's, decoded: it is escaped ({@link escapeLogText})
 * and cut to {@link MAX_LOGGED_PATH} characters, so `%0a` cannot forge a
 * line and `%1b[…` never reaches the operator's terminal. {@link
 * stderrLine}, the sink of every server log line, escapes control
 * characters again, so no line written to stderr spans two lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loggedPath } from "./access_log.ts";
 * assert.deepStrictEqual(loggedPath("/a\nb"), "/a\\x0ab");
 * ```
 * @module
 */

/**
 * Longest path logged, in characters; the rest is counted, not written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_LOGGED_PATH } from "./access_log.ts";
 * assert.deepStrictEqual(MAX_LOGGED_PATH, 1024);
 * ```
 */
export const MAX_LOGGED_PATH = 1024;

/**
 * Characters a log line must not carry raw: C0 controls, DEL and C1 controls
 * (terminal escapes start with ESC or CSI), the Unicode line and paragraph
 * separators, and the bidirectional marks and overrides that make text read
 * differently from how it is stored. Control characters are the point here.
 */
// deno-lint-ignore no-control-regex
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, and the backslash (which escaping introduces). */
const UNSAFE_OR_BACKSLASH = new RegExp(`[\\\\${UNSAFE.source.slice(1)}`, "g");

function escapeChar(ch: string): string {
  if (ch === "\\") return "\\\\";
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}

/**
 * Escapes text from a request for a log line: the characters above become
 * `\xNN` or `\u{NNNN}` and a backslash `\\`, so the escaped form is
 * unambiguous and prints as one line of plain text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeLogText } from "./access_log.ts";
 * assert.deepStrictEqual(escapeLogText("/a\nb\x1b[2J"), "/a\\x0ab\\x1b[2J");
 * escapeLogText("/clubs/caf\u00e9"); // "/clubs/café" (printable text is kept)
 * ```
 */
export function escapeLogText(text: string): string {
  return text.replace(UNSAFE_OR_BACKSLASH, escapeChar);
}

/**
 * A path for the log: escaped, and cut after {@link MAX_LOGGED_PATH}
 * characters with the number left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loggedPath } from "./access_log.ts";
 * assert.deepStrictEqual(loggedPath("/x".repeat(600)).endsWith("…(+176 chars)"), true);
 * ```
 */
export function loggedPath(path: string): string {
  if (path.length <= MAX_LOGGED_PATH) return escapeLogText(path);
  return `${escapeLogText(path.slice(0, MAX_LOGGED_PATH))}…(+${
    path.length - MAX_LOGGED_PATH
  } chars)`;
}

const encoder = new TextEncoder();

/**
 * The default sink: a synchronous write to stderr, so lines from several
 * worker isolates never interleave mid-line. Control characters are escaped
 * (backslashes are left alone, so text escaped before is not escaped twice):
 * a message that carries request text or a multi-line stack trace still
 * makes exactly one line.
 *
 * @example
 * ```ts ignore
 * import { stderrLine } from "./access_log.ts";
 * stderrLine("hello"); // "hello\n" on stderr
 * ```
 */
export function stderrLine(line: string): void {
  const bytes = encoder.encode(line.replace(UNSAFE, escapeChar) + "\n");
  let written = 0;
  while (written < bytes.length) written += Deno.stderr.writeSync(bytes.subarray(written));
}
