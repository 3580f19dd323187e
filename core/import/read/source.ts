/**
 * What an import reads, as one {@link Source} value: a file (gzip or not),
 * stdin (gzip or not), or any byte stream, with what is known about it (its
 * name, size, compression and the format its name announces). A source
 * opened from a file can hand its path over ({@link Source.claimFile}), so
 * the parse worker reads and decompresses the file itself instead of being
 * fed through the main thread, whose event loop is busy inserting rows.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openSource } from "./source.ts";
 * const path = Deno.makeTempFileSync({ suffix: ".tsv.gz" });
 * const source = openSource(path);
 * assert.deepStrictEqual([source.size, source.gzip, source.format], [0, true, "tsv"]);
 * assert.equal(source.claimFile(), path); // the worker reads it now
 * assert.equal(source.claimFile(), null);
 * Deno.removeSync(path);
 * ```
 * @module
 */
import { GZIP_SLICE_BYTES, TEXT_SLICE_BYTES } from "./limits.ts";
import { type Format, formatOfPath } from "./shape.ts";

/** What an import reads: the bytes and what is known about them. */
export interface Source {
  /** The bytes, decompressed when they start as gzip. */
  readonly stream: ReadableStream<Uint8Array>;
  /** What the source is called: the file's path, `stdin`, or the name given to a stream. */
  readonly name: string;
  /** The file's size in bytes (compressed when `gzip`); null when unknown (stdin, a stream). */
  readonly size: number | null;
  /** Whether the name says gzip (`.gz`): the size then counts compressed bytes. */
  readonly gzip: boolean;
  /** The format the name announces (see formatOfPath); null: the content decides. */
  readonly format: Format | null;
  /**
   * The file behind an unread stream, claimed for reading elsewhere: the
   * stream's own handle is closed (the claimant opens the file again). Null
   * for stdin and other streams, once the stream is read, or at a second claim.
   */
  claimFile(): string | null;
}

/**
 * A source for the import: a path, `.gz` or not, or `-` for stdin (named
 * `stdin`); a file or stdin that starts as gzip is decompressed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openSource } from "./source.ts";
 * const path = Deno.makeTempFileSync({ suffix: ".json" });
 * Deno.writeTextFileSync(path, '[{"name":"A Club"}]');
 * const source = openSource(path);
 * assert.deepStrictEqual([source.name, source.size, source.format], [path, 19, "json"]);
 * assert.equal(await new Response(source.stream).text(), '[{"name":"A Club"}]');
 * assert.equal(source.claimFile(), null); // read already
 * Deno.removeSync(path);
 * ```
 */
export function openSource(path: string): Source {
  if (path === "-") return streamSource(gunzipIfNeeded(Deno.stdin.readable), "stdin");
  const file = Deno.openSync(path, { read: true });
  const size = file.statSync().size;
  const stream = gunzipIfNeeded(file.readable);
  let claimed = false;
  return {
    stream,
    name: path,
    size,
    gzip: path.endsWith(".gz"),
    format: formatOfPath(path),
    claimFile() {
      if (claimed || stream.locked) return null;
      claimed = true;
      file.close();
      return path;
    },
  };
}

/**
 * A source for any byte stream, named `name`, read as it is (not
 * decompressed): its format is read from its content.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streamSource } from "./source.ts";
 * const source = streamSource(new Blob(["name\nA Club\n"]).stream());
 * assert.equal(await new Response(source.stream).text(), "name\nA Club\n");
 * assert.deepStrictEqual([source.name, source.format, source.claimFile()], ["stream", null, null]);
 * ```
 */
export function streamSource(input: ReadableStream<Uint8Array>, name = "stream"): Source {
  return {
    stream: input,
    name,
    size: null,
    gzip: false,
    format: null,
    claimFile: () => null,
  };
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
