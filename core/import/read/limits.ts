/**
 * The import's limits on its input, defined once: the longest record, the
 * most bytes read (decompressed), the most blank lines in a row, the most
 * errors counted, and the slices of a gzip stream decompressed and handed
 * on at a time. Each one turns input that
 * would exhaust memory or time (a gzip bomb, a JSON array saved as NDJSON,
 * a quote never closed) into an error that names the line and the limit,
 * before the database is touched. The CLI usage quotes {@link LIMITS_TEXT}.
 *
 * Chosen against the bundled snapshot (data/clubs.csv.gz): 40,000 clubs,
 * 5.6 MB gzipped, 26 MB (26,333,738 bytes) decompressed, 660 bytes a club,
 * longest line 1,022 bytes, no blank lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_BLANK_LINES, MAX_COUNTED_ERRORS, MAX_INPUT_BYTES, MAX_RECORD_BYTES } from "./limits.ts";
 * assert.deepStrictEqual(
 *   [MAX_RECORD_BYTES, MAX_INPUT_BYTES, MAX_BLANK_LINES, MAX_COUNTED_ERRORS],
 *   [1048576, 4294967296, 1000000, 100000],
 * );
 * ```
 * @module
 */

/**
 * The longest record (bytes): a CSV record, an NDJSON line or an element
 * of a JSON array. A real club is under 1 KiB; a longer record is an
 * unclosed quote, a JSON array saved as NDJSON, or not data at all.
 */
export const MAX_RECORD_BYTES = 1 << 20;

/**
 * The most bytes an import reads, after decompression (4 GiB): about 160
 * times the bundled snapshot, some 6 million clubs. A gzip file expands
 * up to 1,032 times, so a 5 MB file may still be a bomb; this bounds how
 * long one can keep an import busy.
 */
export const MAX_INPUT_BYTES = 4 * 1024 ** 3;

/**
 * The most blank (empty or whitespace-only) lines in a row (1,000,000);
 * a blank line longer than {@link MAX_RECORD_BYTES} is refused as well. A
 * snapshot has none; a gzip bomb is mostly that.
 */
export const MAX_BLANK_LINES = 1_000_000;

/**
 * The most errors an import counts (100,000): past them it stops reading,
 * since the file is refused anyway. A gzip file of millions of short bad
 * records (a comma a line, 33 million in 65 KB) otherwise keeps an import
 * busy for minutes only to count them.
 */
export const MAX_COUNTED_ERRORS = 100_000;

/**
 * Compressed bytes decompressed at a time (4 KiB). The platform's
 * DecompressionStream expands a whole written chunk at once: a 64 KiB read
 * of a bomb became one 64 MiB chunk. Written 4 KiB at a time, no chunk
 * exceeds about 4 MiB (deflate's ratio is at most 1,032), and the bundled
 * snapshot decompresses no slower (54 ms against 58 for whole reads).
 */
export const GZIP_SLICE_BYTES = 4096;

/**
 * Decompressed bytes handed on at a time (64 KiB, what a file read gives).
 * A 4 KiB slice of a gzip stream still expands to up to 4 MiB, which the
 * readers after it take apart whole: 2 million two-byte records at once,
 * each an object, exhausted the import's heap where the same bytes read
 * from an uncompressed file did not.
 */
export const TEXT_SLICE_BYTES = 64 * 1024;

const count = (n: number) => n.toLocaleString("en-US");

/**
 * A byte count in the largest binary unit that divides it ("1 MiB", "4 GiB").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { binaryBytes } from "./limits.ts";
 * assert.equal(binaryBytes(1 << 20), "1 MiB");
 * ```
 */
export function binaryBytes(bytes: number): string {
  for (const [unit, size] of [["GiB", 1024 ** 3], ["MiB", 1024 ** 2], ["KiB", 1024]] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${count(bytes)} bytes`;
}

/**
 * The limits in words, for the CLI usage and the documentation.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LIMITS_TEXT } from "./limits.ts";
 * assert.ok(LIMITS_TEXT.includes("1 MiB"));
 * ```
 */
export const LIMITS_TEXT = `a record (CSV record, NDJSON line or JSON array element) of at most ${
  binaryBytes(MAX_RECORD_BYTES)
}, at most ${binaryBytes(MAX_INPUT_BYTES)} of input once decompressed, at most ${
  count(MAX_BLANK_LINES)
} blank lines in a row, counting at most ${count(MAX_COUNTED_ERRORS)} errors`;

/** Thrown when the input passes one of the limits; the message is complete. */
export class LimitFailure extends Error {
  override name = "LimitFailure";
}

/**
 * Passes `chunks` through, failing once more than {@link MAX_INPUT_BYTES}
 * (or `max`) have passed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { capBytes } from "./limits.ts";
 * const it = capBytes([new Uint8Array(3)], 2);
 * await assert.rejects(it.next(), { message: /^Cannot import: the input runs past 2 bytes/ });
 * ```
 */
export async function* capBytes(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  max = MAX_INPUT_BYTES,
): AsyncGenerator<Uint8Array, void, undefined> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > max) {
      throw new LimitFailure(
        `Cannot import: the input runs past ${
          binaryBytes(max)
        } once decompressed, the most an import reads (a snapshot of 40,000 clubs is 26 MB); a compressed file that expands this far is most likely a gzip bomb`,
      );
    }
    yield chunk;
  }
}

const LF = 0x0a;

/** Space, tab and carriage return: what a blank line may hold. */
const isBlank = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d;

/**
 * Passes UTF-8 `chunks` through, failing when more than `max` (default
 * {@link MAX_BLANK_LINES}) blank lines come in a row, or a blank line runs
 * past {@link MAX_RECORD_BYTES}; the message names the line where the
 * blank run starts. Only line feeds and the whitespace that opens a line
 * are looked at: a snapshot's line costs one `indexOf`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { refuseBlankRuns } from "./limits.ts";
 * const it = refuseBlankRuns([new TextEncoder().encode("name\n\n\n\nA\n")], 2);
 * await assert.rejects(it.next(), { message: /^Cannot import: lines 2 to 4 are blank/ });
 * ```
 */
export async function* refuseBlankRuns(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  max = MAX_BLANK_LINES,
): AsyncGenerator<Uint8Array, void, undefined> {
  // Lines ended so far, blank lines ending the input so far, and whether
  // (and for how many bytes) the line still open is blank.
  let lines = 0;
  let run = 0;
  let open = true;
  let openBytes = 0;
  const fail = (why: string): never => {
    throw new LimitFailure(
      `Cannot import: ${why}; a snapshot has no blank lines (is this a gzip bomb, or not a snapshot at all?)`,
    );
  };
  /** Whether bytes `from` to `to` are all blank (stops at the first that is not). */
  const blank = (chunk: Uint8Array, from: number, to: number) => {
    for (let i = from; i < to; i++) if (!isBlank(chunk[i]!)) return false;
    return true;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(LF); nl >= 0; nl = chunk.indexOf(LF, start)) {
      lines++;
      if (open && blank(chunk, start, nl)) {
        if (++run > max) {
          fail(
            `lines ${count(lines - run + 1)} to ${count(lines)} are blank: more than ${
              count(max)
            } blank lines in a row, the most an import reads`,
          );
        }
      } else run = 0;
      open = true;
      openBytes = 0;
      start = nl + 1;
    }
    open &&= blank(chunk, start, chunk.length);
    openBytes += chunk.length - start;
    if (open && openBytes > MAX_RECORD_BYTES) {
      fail(
        `line ${count(lines + 1)} is blank for more than ${
          binaryBytes(MAX_RECORD_BYTES)
        }, the longest record an import reads`,
      );
    }
    yield chunk;
  }
}
