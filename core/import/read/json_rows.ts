/**
 * Club objects from NDJSON (one object per line) or from one JSON array, as
 * they stream in, each with the line where it starts. NDJSON lines are read
 * with `JSON.parse`; an array is taken apart by `@streamparser/json`, so a
 * file of any size (pretty-printed or on one line) is never held whole.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ndjsonRecords } from "./json_rows.ts";
 * const bytes = new TextEncoder().encode('{"name":"A"}\n\n{"name":"B"}\n');
 * const lines: number[] = [];
 * for await (const batch of ndjsonRecords([bytes])) lines.push(...batch.map((r) => r.line));
 * assert.deepStrictEqual(lines, [1, 3]); // the blank line 2 is skipped
 * ```
 * @module
 */
import { Buffer } from "node:buffer";
import { JSONParser, TokenType } from "@streamparser/json";
import { binaryBytes, MAX_RECORD_BYTES } from "./limits.ts";

const LF = 0x0a;

/** One record: its value, or why its text is not JSON. */
export type JsonItem =
  | { line: number; value: unknown }
  | { line: number; error: string; text: string };

/** Thrown when the file as a whole cannot be read as a JSON array. */
export class JsonFailure extends Error {
  override name = "JsonFailure";
  constructor(message: string, readonly line: number) {
    super(message);
  }
}

/** The part of V8's JSON.parse message that says where, in our words. */
function near(message: string, text: string): string {
  const at = /position (\d+)/.exec(message);
  if (!at) return "it is cut short";
  const i = Number(at[1]);
  return `at character ${i + 1}, near ${JSON.stringify(text.slice(Math.max(0, i - 10), i + 10))}`;
}

/** Whether `text` runs past {@link MAX_RECORD_BYTES} in UTF-8 (only a long one is measured). */
function tooLong(text: string): boolean {
  return text.length > MAX_RECORD_BYTES / 3 && Buffer.byteLength(text) > MAX_RECORD_BYTES;
}

/** The failure of a record past {@link MAX_RECORD_BYTES} that starts on `line`. */
function longRecord(line: number, hint: string): JsonFailure {
  return new JsonFailure(
    `the record that starts on line ${line} runs past ${
      binaryBytes(MAX_RECORD_BYTES)
    }, the longest record an import reads (a club is under 1 KiB); ${hint}`,
    line,
  );
}

/** Why an NDJSON line is long: one object per line, or a whole JSON array on one line. */
function ndjsonHint(text: string): string {
  return text.trimStart().startsWith("[")
    ? "the line holds a JSON array: name the file .json or import it with --format json"
    : "each line of an NDJSON file holds one Club object";
}

/**
 * NDJSON records in batches (one per chunk): blank lines are skipped, and a
 * line that is not JSON is an error of that line, not of the file. A line
 * past {@link MAX_RECORD_BYTES} fails the file ({@link JsonFailure}) before
 * it is held whole: it is not one club, and may be a whole file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ndjsonRecords } from "./json_rows.ts";
 * const it = ndjsonRecords([new TextEncoder().encode('{"name":"A"}\n{oops}\n')]);
 * const bad = (await it.next()).value?.[1];
 * assert.equal(bad?.line, 2);
 * assert.ok(bad && "error" in bad && bad.error.startsWith('line 2 is not valid JSON (at character 2, near "{oops}")'));
 * ```
 */
export async function* ndjsonRecords(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<JsonItem[], void, undefined> {
  const decoder = new TextDecoder();
  let carry = "";
  // UTF-8 bytes of the line still open: exact, where the text's length is not.
  let carryBytes = 0;
  let line = 0;
  const read = (text: string, out: JsonItem[]) => {
    line++;
    const t = text.trim();
    if (t === "") return;
    try {
      out.push({ line, value: JSON.parse(t) });
    } catch (e) {
      out.push({
        line,
        error: `line ${line} is not valid JSON (${
          near((e as Error).message, t)
        }): each line of an NDJSON file holds one Club object`,
        text: t.slice(0, 80),
      });
    }
  };
  for await (const chunk of chunks) {
    const lastLf = chunk.lastIndexOf(LF);
    carryBytes = lastLf < 0 ? carryBytes + chunk.length : chunk.length - lastLf - 1;
    const text = carry + decoder.decode(chunk, { stream: true });
    const lines = text.split("\n");
    carry = lines.pop()!;
    const out: JsonItem[] = [];
    // The lines before a long one are handed over first, as the CSV reader does.
    let failure: JsonFailure | null = null;
    for (const l of lines) {
      if (tooLong(l)) {
        failure = longRecord(line + 1, ndjsonHint(l));
        break;
      }
      read(l, out);
    }
    if (out.length) yield out;
    if (failure) throw failure;
    if (carryBytes > MAX_RECORD_BYTES) throw longRecord(line + 1, ndjsonHint(carry));
  }
  const out: JsonItem[] = [];
  const tail = carry + decoder.decode();
  if (tail.trim()) read(tail, out);
  if (out.length) yield out;
}

/**
 * The elements of one JSON array, in batches (one per chunk). Throws
 * {@link JsonFailure} with the line when the text is not a JSON array, or
 * when an element runs past {@link MAX_RECORD_BYTES}: the parser builds
 * each element whole, so a longer one is refused while it is being read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonArrayRecords } from "./json_rows.ts";
 * const bytes = new TextEncoder().encode('[\n{"name":"A"},\n{"name":"B"}\n]');
 * const lines: number[] = [];
 * for await (const batch of jsonArrayRecords([bytes])) lines.push(...batch.map((r) => r.line));
 * assert.deepStrictEqual(lines, [2, 3]);
 * ```
 */
export async function* jsonArrayRecords(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<JsonItem[], void, undefined> {
  const parser = new JSONParser({ paths: ["$.*"], keepStack: false });
  // Lines are counted lazily, up to each offset asked about.
  let chunk: Uint8Array = new Uint8Array(0);
  let chunkStart = 0;
  let pos = 0;
  let lines = 0;
  const lineAt = (offset: number) => {
    const end = Math.min(offset - chunkStart, chunk.length);
    for (let i = chunk.indexOf(LF, pos); i >= 0 && i < end; i = chunk.indexOf(LF, pos)) {
      lines++;
      pos = i + 1;
    }
    return lines + 1;
  };
  let depth = 0;
  let started = false;
  let lastOffset = 0;
  let failure: JsonFailure | null = null;
  const starts: number[] = [];
  // Where the element being read starts: after the array's "[" or the last
  // comma between elements, and that token's line (an element's own first
  // token comes only once it is whole when it is a string).
  let recordFrom = 0;
  let recordLine = 1;
  // Where the last token ends (a string's end is estimated from its value).
  let lastEnd = 0;
  let out: JsonItem[] = [];
  const fail = (why: string, line = lineAt(lastOffset)) => {
    failure ??= new JsonFailure(why.replace("{line}", String(line)), line);
  };
  const refuseLong = (end: number) => {
    if (end - recordFrom <= MAX_RECORD_BYTES || failure) return;
    const line = starts[0] ?? recordLine;
    failure = longRecord(line, "a JSON file holds one array of Club objects ([{…}, {…}])");
  };
  parser.onToken = ({ token, offset, value }) => {
    lastOffset = offset;
    lastEnd = offset + (typeof value === "string" ? value.length + 2 : 1);
    if (!started) {
      started = true;
      if (token !== TokenType.LEFT_BRACKET) {
        fail("line {line}: a JSON file must hold one array of Club objects ([{…}, {…}])");
      }
    }
    if (
      (depth === 1 && token === TokenType.COMMA) ||
      (depth === 0 && token === TokenType.LEFT_BRACKET)
    ) {
      recordFrom = offset + 1;
      recordLine = lineAt(offset);
    }
    if (depth === 1 && token !== TokenType.COMMA && token !== TokenType.RIGHT_BRACKET) {
      starts.push(lineAt(offset));
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth++;
    if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
  };
  parser.onValue = ({ value, parent }) => {
    if (!Array.isArray(parent)) return;
    // A whole element that came in one chunk is held to the same limit.
    refuseLong(lastEnd);
    out.push({ line: starts.shift() ?? lineAt(lastOffset), value });
  };
  parser.onError = (e) => {
    const at = /absolute position "(\d+)"/.exec(e.message);
    const line = at ? lineAt(Number(at[1])) : lineAt(lastOffset);
    const open = starts.length && starts[0] !== line
      ? ` (in the record that starts on line ${starts[0]})`
      : "";
    fail(`line {line} is not valid JSON${open}`, line);
  };
  for await (const next of chunks) {
    // Lines left in the previous chunk count before this one.
    lineAt(chunkStart + chunk.length);
    chunkStart += chunk.length;
    chunk = next;
    pos = 0;
    parser.write(next);
    // An element still open after this chunk: refused once it is too long to be a club.
    if (depth > 0) refuseLong(chunkStart + next.length);
    if (failure) throw failure;
    if (out.length) yield out;
    out = [];
  }
  if (!started) fail("the file is empty: a JSON file must hold one array of Club objects", 1);
  else if (depth > 0) {
    fail(
      `the file ends inside the JSON array${
        starts.length ? `, in the record that starts on line ${starts[0]}` : ""
      }: it is cut short or a bracket is missing`,
    );
  } else if (!parser.isEnded) parser.end();
  if (failure) throw failure;
  if (out.length) yield out;
}
