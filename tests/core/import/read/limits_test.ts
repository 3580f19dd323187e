import { assertEquals, assertRejects } from "../../../_assert.ts";
import {
  capBytes,
  LimitFailure,
  LIMITS_TEXT,
  MAX_BLANK_LINES,
  MAX_COUNTED_ERRORS,
  MAX_RECORD_BYTES,
  refuseBlankRuns,
  TEXT_SLICE_BYTES,
} from "../../../../core/import/read/limits.ts";
import { gunzipIfNeeded } from "../../../../core/import/read/source.ts";

const encoder = new TextEncoder();

/** Every byte of `text` as its own chunk or in `size`-byte chunks. */
function cut(text: string, size: number): Uint8Array[] {
  const bytes = encoder.encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

async function drain(it: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const c of it) n += c.length;
  return n;
}

Deno.test("blank lines in a row are counted across chunks, whitespace-only lines included, and a line of text resets the count", async () => {
  const text = "name\n\n \t\r\n\r\nA\n\n\n";
  for (const size of [1, 2, 5, 100]) {
    assertEquals(await drain(refuseBlankRuns(cut(text, size), 3)), encoder.encode(text).length);
    await assertRejects(
      drain(refuseBlankRuns(cut(text, size), 2)),
      (e: unknown) =>
        e instanceof LimitFailure &&
        e.message.startsWith(
          "Cannot import: lines 2 to 4 are blank: more than 2 blank lines in a row, the most an import reads",
        ),
    );
  }
});

Deno.test("a blank line longer than the record limit is refused without waiting for its end", async () => {
  const spaces = new Uint8Array(64 * 1024).fill(0x20);
  const many = Array.from({ length: MAX_RECORD_BYTES / spaces.length + 1 }, () => spaces);
  await assertRejects(
    drain(refuseBlankRuns([encoder.encode("name\n"), ...many])),
    /line 2 is blank for more than 1 MiB, the longest record an import reads/,
  );
});

Deno.test("the input is capped in bytes, naming the limit", async () => {
  assertEquals(await drain(capBytes(cut("abcd", 2), 4)), 4);
  await assertRejects(
    drain(capBytes(cut("abcde", 2), 4)),
    /Cannot import: the input runs past 4 bytes once decompressed, the most an import reads/,
  );
});

Deno.test("a gzip stream is decompressed in bounded chunks however far it expands", async () => {
  const zeros = ReadableStream.from([new Uint8Array(64 << 20)]).pipeThrough(
    new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
  );
  let largest = 0;
  let total = 0;
  for await (const c of gunzipIfNeeded(zeros)) {
    largest = Math.max(largest, c.length);
    total += c.length;
  }
  assertEquals(total, 64 << 20);
  // 4 KiB of deflate expands up to 1,032 times, handed on 64 KiB at a time.
  assertEquals(largest, TEXT_SLICE_BYTES, `a chunk of ${largest} bytes`);
});

Deno.test("the limits are stated in words from their values", () => {
  assertEquals(
    LIMITS_TEXT,
    `a record (CSV record, NDJSON line or JSON array element) of at most 1 MiB, at most 4 GiB of input once decompressed, at most ${
      MAX_BLANK_LINES.toLocaleString("en-US")
    } blank lines in a row, counting at most ${MAX_COUNTED_ERRORS.toLocaleString("en-US")} errors`,
  );
});
