/**
 * The line bound in front of the MCP SDK's stdio transport. The SDK reads
 * stdin into one buffer and, once a message outgrows its 10 MiB bound,
 * closes the transport without a word: the server then exits 0, and every
 * request after the long line goes unanswered. {@link LineLimiter} splits
 * stdin into lines first and hands the SDK only lines within
 * {@link MAX_LINE_BYTES}; a longer line is reported once (the caller answers
 * it with a JSON-RPC error) and the rest of it is dropped as it arrives,
 * never held, so the server keeps serving the lines that follow.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineLimiter } from "./stdio_lines.ts";
 * const lines: string[] = [];
 * const limiter = new LineLimiter(8, {
 *   line: (bytes) => lines.push(new TextDecoder().decode(bytes)),
 *   tooLong: () => lines.push("(too long)"),
 * });
 * limiter.push(new TextEncoder().encode("short\nmuch too long\nok\n"));
 * assert.deepStrictEqual(lines, ["short\n", "(too long)", "ok\n"]);
 * ```
 * @module
 */

/**
 * Longest line read as a message, newline excluded: 10 MiB, the bound the
 * SDK's own stdio reader has always had (so no line it took is refused now).
 */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** `\n`, the end of a stdio message. */
const NEWLINE = 0x0a;

/** Where a {@link LineLimiter} sends what it reads. */
export interface LineSink {
  /** A whole line within the limit, its newline included. */
  line(bytes: Uint8Array): void;
  /** A line passed the limit: called once, as soon as it does; the rest of the line is dropped. */
  tooLong(): void;
}

/**
 * Splits a byte stream into newline-terminated lines of at most `limit`
 * bytes (newline excluded). Memory stays within one line of `limit` bytes
 * plus the chunk being read, however long a line a client sends. An
 * unterminated last line is not a message (the SDK never reads one either)
 * and is dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineLimiter } from "./stdio_lines.ts";
 * const seen: string[] = [];
 * const limiter = new LineLimiter(8, {
 *   line: (bytes) => seen.push(new TextDecoder().decode(bytes)),
 *   tooLong: () => seen.push("too long"),
 * });
 * limiter.push(new TextEncoder().encode('{"a":1}\n{"a":12345}\n{"b"'));
 * limiter.push(new TextEncoder().encode(":2}\n"));
 * assert.deepStrictEqual(seen, ['{"a":1}\n', "too long", '{"b":2}\n']);
 * ```
 */
export class LineLimiter {
  readonly #limit: number;
  readonly #sink: LineSink;
  /** Pieces of the line read so far (views of the chunks they came in). */
  #parts: Uint8Array[] = [];
  #size = 0;
  /** Inside a line that passed the limit: everything up to its newline is dropped. */
  #dropping = false;

  /** Splits for `sink`, refusing lines longer than `limit` bytes. */
  constructor(limit: number, sink: LineSink) {
    this.#limit = limit;
    this.#sink = sink;
  }

  /** Reads one chunk of input. */
  push(chunk: Uint8Array): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, start);
      this.#take(chunk.subarray(start, nl < 0 ? chunk.length : nl));
      if (nl < 0) return;
      this.#endLine();
      start = nl + 1;
    }
  }

  #take(piece: Uint8Array): void {
    if (this.#dropping || piece.length === 0) return;
    if (this.#size + piece.length > this.#limit) {
      this.#parts = [];
      this.#size = 0;
      this.#dropping = true;
      this.#sink.tooLong();
      return;
    }
    this.#parts.push(piece);
    this.#size += piece.length;
  }

  #endLine(): void {
    if (this.#dropping) {
      this.#dropping = false;
      return;
    }
    // One copy, newline included: the SDK is handed each line in one piece.
    const line = new Uint8Array(this.#size + 1);
    let at = 0;
    for (const p of this.#parts) line.set(p, at), at += p.length;
    line[at] = NEWLINE;
    this.#parts = [];
    this.#size = 0;
    this.#sink.line(line);
  }
}

/**
 * The JSON-RPC error that answers a line longer than `limit` bytes: -32600
 * Invalid Request, `id` null (the request's id was never read), with a
 * message naming the limit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tooLongError } from "./stdio_lines.ts";
 * assert.deepStrictEqual(tooLongError(10 * 1024 * 1024).error.code, -32600);
 * ```
 */
export function tooLongError(limit: number) {
  const mib = limit / (1024 * 1024);
  return {
    jsonrpc: "2.0" as const,
    id: null,
    error: {
      code: -32600,
      message: `Invalid Request: a message line is limited to ${
        Number.isInteger(mib) ? `${mib} MiB` : `${limit} bytes`
      } (${limit} bytes); this line was longer and was discarded`,
    },
  };
}
