/**
 * Response compression: which content coding a request accepts
 * (`Accept-Encoding`, RFC 9110 §12.5.3) and the compressed form of a body
 * (`node:zlib`, synchronous: Deno runs its asynchronous zlib on the same
 * thread, so the callback form saves nothing and costs a promise).
 *
 * Offered codings, in the server's order of preference when the client
 * ranks several equally: `br` (smallest), `zstd` (when `node:zlib` has it,
 * as Deno 2.9 does), `gzip` (`x-gzip` is read as `gzip`). Bodies under
 * {@link COMPRESS_MIN_BYTES} are sent as they are: a coding's framing and
 * the client's work would cost more than the bytes saved.
 *
 * The routes that cache their bodies (API club lists, website pages,
 * `/openapi.json`) keep each compressed form next to the plain one, so a
 * repeated request compresses nothing; the compress middleware handles the
 * other responses (see server/middleware/compress.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compressBody, negotiateEncoding } from "./compress.ts";
 * const encoding = negotiateEncoding("gzip, br;q=0.9"); // "gzip"
 * assert.ok(compressBody("{}".repeat(1000), encoding!).byteLength < 2000);
 * ```
 * @module
 */
import zlib from "node:zlib";

/** A content coding the server can send. */
export type Encoding = "br" | "zstd" | "gzip";

/** Bytes a `Response` takes as its body. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Compressed forms of one body, by coding (absent: not made yet). */
export type EncodedBodies = { [E in Encoding]?: Bytes };

// zstd is in node:zlib from Node 22.15 / Deno 2.3; typed loosely for older type files.
const zstd = zlib as unknown as {
  zstdCompressSync?: (body: string | Uint8Array, options: object) => Bytes;
  constants: Record<string, number>;
};
const HAS_ZSTD = typeof zstd.zstdCompressSync === "function" &&
  zstd.constants.ZSTD_c_compressionLevel !== undefined;

/**
 * The codings this server sends, best first: on equal `q` the earlier one
 * wins. Brotli first because it is the smallest at the levels below; zstd
 * before gzip for the same reason.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ENCODINGS } from "./compress.ts";
 * assert.deepStrictEqual(ENCODINGS.includes("gzip"), true);
 * ```
 */
export const ENCODINGS: readonly Encoding[] = Object.freeze(
  HAS_ZSTD ? ["br", "zstd", "gzip"] : ["br", "gzip"],
);

/**
 * Bodies shorter than this (bytes) are never compressed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMPRESS_MIN_BYTES } from "./compress.ts";
 * assert.deepStrictEqual(COMPRESS_MIN_BYTES, 1024);
 * ```
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Levels for bodies made per request (API pages, website pages, other
 * responses), chosen with bench/compress_levels.ts on the 54 KB first page
 * of JSON and the 44 KB first results page of HTML (2-core EPYC VM, fastest
 * of 21 runs; the table is in the README, "Compression"):
 *
 * - gzip 6 (zlib's default): 16.1% of the JSON in 0.57 ms. Levels 7–9 save
 *   under 1% for up to twice the time; 4 and 5 are barely faster, 2–4% larger.
 * - br 5: 14.9% in 0.97 ms, the knee of brotli's curve: quality 4 is 16.2%
 *   (no better than gzip 6) in 0.65 ms, 6 saves 1% more, 7–9 under 2% for
 *   3–20× the time, and 10–11 take 40–165 ms.
 * - zstd 3 (zstd's default): 17.3% in 0.16 ms; 5–8 reach 15.6–16.1% at
 *   3–4× the time.
 *
 * A body is compressed once per snapshot and coding and then served from
 * the cache, so this cost is paid only by a cache miss.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LEVELS } from "./compress.ts";
 * assert.deepStrictEqual(LEVELS.gzip, 6);
 * ```
 */
export const LEVELS: Readonly<Record<Encoding, number>> = Object.freeze({
  br: 5,
  zstd: 3,
  gzip: 6,
});

/**
 * Levels for a body that never changes while the process runs (the
 * OpenAPI document): each coding's best, paid once per process (about
 * 170 ms for brotli on the 215 KB document, 140 ms for zstd, 3 ms for gzip).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CONSTANT_LEVELS } from "./compress.ts";
 * assert.deepStrictEqual(CONSTANT_LEVELS.br, 11);
 * ```
 */
export const CONSTANT_LEVELS: Readonly<Record<Encoding, number>> = Object.freeze({
  br: 11,
  zstd: 19,
  gzip: 9,
});

/**
 * Compresses a body (a string is sent as UTF-8, so it is compressed as
 * UTF-8) with one coding, at {@link LEVELS} unless told.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import zlib from "node:zlib";
 * import { compressBody } from "./compress.ts";
 * const gz = compressBody("hello ".repeat(500), "gzip");
 * assert.deepStrictEqual(new TextDecoder().decode(zlib.gunzipSync(gz)) === "hello ".repeat(500), true);
 * ```
 */
export function compressBody(
  body: string | Uint8Array,
  encoding: Encoding,
  level: number = LEVELS[encoding],
): Bytes {
  switch (encoding) {
    case "gzip":
      return zlib.gzipSync(body, { level }) as Bytes;
    case "br":
      return zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: level,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: typeof body === "string"
            ? body.length
            : body.byteLength,
        },
      }) as Bytes;
    case "zstd":
      if (!HAS_ZSTD) throw new Error("zstd is not available in this runtime's node:zlib");
      return zstd.zstdCompressSync!(body, {
        params: { [zstd.constants.ZSTD_c_compressionLevel!]: level },
      });
  }
}

/**
 * The compressed form of a body in `cache`, made now (and put there) when
 * missing. Returns it and whether it was just made, so a caller weighing
 * its cache by bytes can weigh the entry again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cachedEncoding, type EncodedBodies } from "./compress.ts";
 * const cache: EncodedBodies = {};
 * assert.deepStrictEqual(cachedEncoding("x".repeat(2000), cache, "gzip").made, true);
 * assert.deepStrictEqual(cachedEncoding("x".repeat(2000), cache, "gzip").made, false);
 * ```
 */
export function cachedEncoding(
  body: string | Uint8Array,
  cache: EncodedBodies,
  encoding: Encoding,
  level: number = LEVELS[encoding],
): { bytes: Bytes; made: boolean } {
  const kept = cache[encoding];
  if (kept !== undefined) return { bytes: kept, made: false };
  const bytes = compressBody(body, encoding, level);
  cache[encoding] = bytes;
  return { bytes, made: true };
}

/**
 * Bytes held by the compressed forms of a body.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodedBytes } from "./compress.ts";
 * assert.deepStrictEqual(encodedBytes({ gzip: new Uint8Array(10), br: new Uint8Array(8) }), 18);
 * ```
 */
export function encodedBytes(cache: EncodedBodies | undefined): number {
  if (cache === undefined) return 0;
  return (cache.br?.byteLength ?? 0) + (cache.zstd?.byteLength ?? 0) +
    (cache.gzip?.byteLength ?? 0);
}

/** Media types compressed: JSON (problems and OpenAPI included) and HTML. */
const COMPRESSIBLE = /^\s*(?:application\/(?:[\w.+-]+\+)?json|text\/html)\s*(?:;|$)/i;

/**
 * Whether a `Content-Type` is one the server compresses: JSON (any
 * `+json`, such as `application/problem+json`) and HTML.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compressible } from "./compress.ts";
 * assert.deepStrictEqual(compressible("application/problem+json"), true);
 * compressible("text/html; charset=UTF-8"); // true
 * assert.deepStrictEqual(compressible("text/css"), false);
 * ```
 */
export function compressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE.test(contentType);
}

/** A coding's `q`, by name, as one `Accept-Encoding` value lists them. */
type Weights = Map<string, number>;

/**
 * Reads an `Accept-Encoding` value: coding names (lower case, `x-gzip` as
 * `gzip`) to their `q` (default 1). An element whose `q` is not a number
 * from 0 to 1 is ignored; a name listed twice keeps its first `q`.
 */
function parseWeights(header: string): Weights {
  const weights: Weights = new Map();
  for (const element of header.split(",")) {
    const [rawName, ...params] = element.split(";");
    let name = rawName!.trim().toLowerCase();
    if (name === "") continue;
    if (name === "x-gzip") name = "gzip";
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf("=");
      if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "q") continue;
      const text = param.slice(eq + 1).trim();
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text) ? Number(text) : NaN;
    }
    if (Number.isNaN(q) || weights.has(name)) continue;
    weights.set(name, q);
  }
  return weights;
}

/**
 * The coding to send for an `Accept-Encoding` value, or null for the body
 * as it is (identity). Each offered coding's `q` is its own, else that of
 * `*`, else 0; the highest `q` above 0 wins, ties going to the earlier of
 * `offered`. Identity, always acceptable as the fallback (RFC 9110: even
 * `identity;q=0` leaves nothing else to send), wins over that coding only
 * when the client ranks it strictly higher, by name or through `*`. No
 * header, an empty one, or one naming no offered coding: identity.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { negotiateEncoding } from "./compress.ts";
 * assert.deepStrictEqual(negotiateEncoding("gzip, deflate, br"), "br");
 * negotiateEncoding("br;q=0.5, gzip"); // "gzip"
 * negotiateEncoding("gzip;q=0, *"); // "br"
 * negotiateEncoding("gzip;q=0.5, identity"); // null
 * assert.deepStrictEqual(negotiateEncoding(null), null);
 * ```
 */
export function negotiateEncoding(
  header: string | null | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (!header) return null;
  const weights = offered === ENCODINGS ? cachedWeights(header) : parseWeights(header);
  const star = weights.get("*");
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of offered) {
    const q = weights.get(encoding) ?? star ?? 0;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  if (best === null) return null;
  // Unnamed, identity is the fallback, not a preference.
  const identity = weights.get("identity") ?? star ?? 0;
  return identity > bestQ ? null : best;
}

/** Parsed headers: clients send a handful of distinct values, so a small map holds them. */
const parsed = new Map<string, Weights>();
const PARSED_MAX = 64;
const HEADER_MAX = 256;

function cachedWeights(header: string): Weights {
  let weights = parsed.get(header);
  if (weights === undefined) {
    weights = parseWeights(header);
    if (header.length <= HEADER_MAX) {
      // Unusual values churn through it; the common ones come straight back.
      if (parsed.size >= PARSED_MAX) parsed.clear();
      parsed.set(header, weights);
    }
  }
  return weights;
}
