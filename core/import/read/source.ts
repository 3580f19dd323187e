/**
 * Byte sources for the import: a file (gzip or not) or stdin, as a stream.
 * A stream opened from a file remembers its path, so the parse worker can
 * read and decompress the file itself instead of being fed through the
 * main thread, whose event loop is busy inserting rows.
 *
 * @example
 * ```ts ignore
 * import { openSource } from "./source.ts";
 * const { stream, size } = openSource("data/clubs.csv.gz");
 * ```
 * @module
 */
import { GZIP_SLICE_BYTES, TEXT_SLICE_BYTES } from "./limits.ts";

/** A file behind a stream from {@link openSource}, with the handle to release if unused. */
const FILES = new WeakMap<ReadableStream<Uint8Array>, { path: string; file: Deno.FsFile }>();

/**
 * A byte source for the import: a path, `.gz` or `-` for stdin.
 *
 * @example
 * ```ts ignore
 * import { openSource } from "./source.ts";
 * openSource("-").size; // null: stdin has no known size
 * ```
 */
export function openSource(path: string): {
  stream: ReadableStream<Uint8Array>;
  size: number | null;
} {
  if (path === "-") {
    return { stream: gunzipIfNeeded(Deno.stdin.readable), size: null };
  }
  const file = Deno.openSync(path, { read: true });
  const size = file.statSync().size;
  const stream = gunzipIfNeeded(file.readable);
  FILES.set(stream, { path, file });
  // Progress compares decompressed bytes with the size: only meaningful uncompressed.
  return { stream, size: path.endsWith(".gz") ? null : size };
}

/**
 * The file an unread stream from {@link openSource} would read, claimed for
 * reading elsewhere: the stream's own handle is closed (the file is opened
 * again by the claimant). Null for stdin, other streams, or a second claim.
 *
 * @example
 * ```ts ignore
 * import { claimSourceFile, openSource } from "./source.ts";
 * claimSourceFile(openSource("data/clubs.csv.gz").stream); // "data/clubs.csv.gz"
 * ```
 */
export function claimSourceFile(stream: ReadableStream<Uint8Array>): string | null {
  const f = FILES.get(stream);
  if (!f || stream.locked) return null;
  FILES.delete(stream);
  f.file.close();
  return f.path;
}

/**
 * Decompresses the stream when it starts with the gzip magic bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gunzipIfNeeded } from "./source.ts";
 * const plain = await new Response(gunzipIfNeeded(new Blob(["name\n"]).stream())).text();
 * assert.equal(plain, "name\n");
 * const gzipped = new Blob(["name\n"]).stream().pipeThrough(new CompressionStream("gzip"));
 * assert.equal(await new Response(gunzipIfNeeded(gzipped)).text(), "name\n");
 * ```
 */
export function gunzipIfNeeded(
  input: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  return ReadableStream.from((async function* () {
    const reader = input.getReader();
    const first = await reader.read();
    if (first.done) return;
    const rest = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(first.value),
      async pull(c) {
        const r = await reader.read();
        if (r.done) c.close();
        else c.enqueue(r.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const gz = first.value.length >= 2 && first.value[0] === 0x1f &&
      first.value[1] === 0x8b;
    yield* gz
      ? rest.pipeThrough(sliced(GZIP_SLICE_BYTES)).pipeThrough(
        new DecompressionStream("gzip") as unknown as TransformStream<
          Uint8Array,
          Uint8Array
        >,
      ).pipeThrough(sliced(TEXT_SLICE_BYTES))
      : rest;
  })());
}

/**
 * Cuts chunks into slices of at most `size` bytes (views, not copies): the
 * decompressor expands each written chunk whole, so a slice bounds what one
 * decompressed chunk can hold (see {@link GZIP_SLICE_BYTES}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sliced } from "./source.ts";
 * const parts = await Array.fromAsync(new Blob(["abcde"]).stream().pipeThrough(sliced(2)));
 * assert.deepStrictEqual(parts.map((p) => p.length), [2, 2, 1]);
 * ```
 */
export function sliced(size: number): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, out) {
      for (let i = 0; i < chunk.length; i += size) out.enqueue(chunk.subarray(i, i + size));
    },
  });
}
