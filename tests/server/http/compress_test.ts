// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import zlib from "node:zlib";
import fc from "fast-check";
import {
  cachedEncoding,
  compressBody,
  compressible,
  type EncodedBodies,
  encodedBytes,
  type Encoding,
  ENCODINGS,
  negotiateEncoding,
} from "../../../server/http/compress.ts";
import { decoded } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

// ------------------------------------------------------------ negotiation

Deno.test("negotiateEncoding: no header, an empty one, or no offered coding is identity", () => {
  assertStrictEquals(negotiateEncoding(null), null);
  assertStrictEquals(negotiateEncoding(undefined), null);
  assertStrictEquals(negotiateEncoding(""), null);
  assertStrictEquals(negotiateEncoding("deflate, compress"), null);
  assertStrictEquals(negotiateEncoding("identity"), null);
});

Deno.test("negotiateEncoding: br is preferred on a tie, gzip when it is the only one", () => {
  assertStrictEquals(negotiateEncoding("gzip, deflate, br"), "br");
  assertStrictEquals(negotiateEncoding("gzip, deflate, br, zstd"), "br");
  assertStrictEquals(negotiateEncoding("gzip"), "gzip");
  assertStrictEquals(negotiateEncoding("x-gzip"), "gzip");
  assertStrictEquals(negotiateEncoding("GZIP"), "gzip");
  assertStrictEquals(negotiateEncoding(" gzip ; q=1.000 "), "gzip");
});

Deno.test("negotiateEncoding: zstd is offered when node:zlib has it", () => {
  const has = typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === "function";
  assertStrictEquals(ENCODINGS.includes("zstd"), has);
  assertStrictEquals(negotiateEncoding("zstd"), has ? "zstd" : null);
  if (has) assertStrictEquals(negotiateEncoding("gzip, zstd"), "zstd");
});

Deno.test("negotiateEncoding: q-values rank the codings and q=0 refuses one", () => {
  assertStrictEquals(negotiateEncoding("br;q=0.5, gzip"), "gzip");
  assertStrictEquals(negotiateEncoding("br;q=0.5, gzip;q=0.8"), "gzip");
  assertStrictEquals(negotiateEncoding("gzip;q=0"), null);
  assertStrictEquals(negotiateEncoding("gzip;q=0, br;q=0"), null);
  assertStrictEquals(negotiateEncoding("br;q=0, gzip;q=0.001"), "gzip");
});

Deno.test("negotiateEncoding: * stands for every coding not listed", () => {
  assertStrictEquals(negotiateEncoding("*"), "br");
  assertStrictEquals(negotiateEncoding("br;q=0, *"), ENCODINGS.includes("zstd") ? "zstd" : "gzip");
  assertStrictEquals(negotiateEncoding("gzip;q=0, *"), "br");
  assertStrictEquals(negotiateEncoding("*;q=0"), null);
  assertStrictEquals(negotiateEncoding("*;q=0, gzip"), "gzip");
  assertStrictEquals(negotiateEncoding("*;q=0.5, gzip"), "gzip");
});

Deno.test("negotiateEncoding: identity wins only when ranked strictly higher", () => {
  assertStrictEquals(negotiateEncoding("gzip;q=0.5, identity"), null);
  assertStrictEquals(negotiateEncoding("gzip;q=0.5"), "gzip"); // identity unnamed: the fallback
  assertStrictEquals(negotiateEncoding("gzip;q=0.5, identity;q=0.4"), "gzip");
  assertStrictEquals(negotiateEncoding("gzip;q=0.5, *;q=0.6"), "br");
  assertStrictEquals(
    negotiateEncoding("br;q=0, gzip;q=0.5, *;q=0.6"),
    ENCODINGS.includes("zstd") ? "zstd" : null,
  );
  assertStrictEquals(negotiateEncoding("gzip, identity"), "gzip");
  assertStrictEquals(negotiateEncoding("gzip, identity;q=0"), "gzip");
  assertStrictEquals(negotiateEncoding("gzip;q=0.5, *;q=0.9"), "br");
});

Deno.test("negotiateEncoding: a malformed q drops its element; the first of a repeated name counts", () => {
  assertStrictEquals(negotiateEncoding("gzip;q=2"), null);
  assertStrictEquals(negotiateEncoding("gzip;q=abc"), null);
  assertStrictEquals(negotiateEncoding("gzip;q=0.0001"), null);
  assertStrictEquals(negotiateEncoding("gzip;q=-1, br;q=0.1"), "br");
  assertStrictEquals(negotiateEncoding("gzip;q=0, gzip"), null);
  assertStrictEquals(negotiateEncoding("gzip;level=1"), "gzip"); // other parameters ignored
  assertStrictEquals(negotiateEncoding(",,gzip,,"), "gzip");
});

Deno.test("negotiateEncoding: the answer for a header does not change once it is cached", () => {
  for (let i = 0; i < 200; i++) negotiateEncoding(`gzip;q=0.${i % 10}, x${i}`);
  assertStrictEquals(negotiateEncoding("br;q=0.5, gzip"), "gzip");
  assertStrictEquals(negotiateEncoding("br;q=0.5, gzip"), "gzip");
  const long = `${"x-unknown, ".repeat(50)}gzip;q=0.3, br;q=0.2`;
  assertStrictEquals(negotiateEncoding(long), "gzip");
});

/** One element of a generated header: a coding name and maybe a q. */
const element = fc.record({
  name: fc.constantFrom("br", "gzip", "x-gzip", "zstd", "identity", "*", "deflate", "compress"),
  upper: fc.boolean(),
  q: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
  space: fc.constantFrom("", " ", "  "),
});

/** RFC 9110 §12.5.3 read plainly: the q of each name (first one wins), * for the rest. */
function model(elements: { name: string; q: number | undefined }[]): Encoding | null {
  const qs = new Map<string, number>();
  for (const e of elements) {
    const name = e.name === "x-gzip" ? "gzip" : e.name;
    if (!qs.has(name)) qs.set(name, e.q === undefined ? 1 : e.q / 1000);
  }
  const of = (name: string, fallback: number) => qs.get(name) ?? qs.get("*") ?? fallback;
  const ranked = ENCODINGS.map((e) => [e, of(e, 0)] as const).filter(([, q]) => q > 0);
  if (ranked.length === 0) return null;
  const top = Math.max(...ranked.map(([, q]) => q));
  if (of("identity", 0) > top) return null;
  return ranked.find(([, q]) => q === top)![0];
}

Deno.test("negotiateEncoding: any header answers as RFC 9110 reads (property)", () => {
  fc.assert(
    fc.property(fc.array(element, { maxLength: 8 }), (elements) => {
      const header = elements.map((e) => {
        const name = e.upper ? e.name.toUpperCase() : e.name;
        const q = e.q === undefined ? "" : `;${e.space}q=${(e.q / 1000).toFixed(3)}`;
        return `${e.space}${name}${q}`;
      }).join(",");
      const got = negotiateEncoding(header);
      assertStrictEquals(got, model(elements), header);
      // Never a coding the client refused or the server does not offer.
      if (got !== null) assert(ENCODINGS.includes(got));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("negotiateEncoding: arbitrary text never throws and answers an offered coding or null (property)", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), (header) => {
      const got = negotiateEncoding(header);
      assert(got === null || ENCODINGS.includes(got));
    }),
    { numRuns: 2000 },
  );
});

// ------------------------------------------------------------ compression

const BODY = JSON.stringify({
  clubs: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Club ${i}`, city: "Zürich" })),
});

Deno.test("compressBody: each coding decodes back byte for byte to the UTF-8 body", () => {
  const plain = new TextEncoder().encode(BODY);
  for (const encoding of ENCODINGS) {
    const packed = compressBody(BODY, encoding);
    assert(packed.byteLength < plain.byteLength / 2, encoding);
    const headers = new Headers({ "content-encoding": encoding });
    assertEquals(decoded(headers, packed), plain, encoding);
    assertEquals(decoded(headers, compressBody(plain, encoding)), plain, `${encoding} from bytes`);
  }
});

Deno.test("compressBody: gzip and br decode with the web's DecompressionStream too", async () => {
  for (const [encoding, format] of [["gzip", "gzip"], ["br", "brotli"]] as const) {
    const stream = new Blob([compressBody(BODY, encoding)]).stream()
      // deno-lint-ignore no-explicit-any
      .pipeThrough(new DecompressionStream(format as any));
    assertStrictEquals(await new Response(stream).text(), BODY, encoding);
  }
});

Deno.test("compressBody: every level of each coding decodes to the body", () => {
  const plain = new TextEncoder().encode(BODY);
  const levels: Record<Encoding, number[]> = {
    gzip: [1, 6, 9],
    br: [1, 5, 11],
    zstd: [1, 3, 19],
  };
  for (const encoding of ENCODINGS) {
    for (const level of levels[encoding]) {
      const headers = new Headers({ "content-encoding": encoding });
      assertEquals(decoded(headers, compressBody(BODY, encoding, level)), plain, `${level}`);
    }
  }
});

Deno.test("cachedEncoding: made once per coding, then the same bytes; encodedBytes counts them all", () => {
  const cache: EncodedBodies = {};
  const first = cachedEncoding(BODY, cache, "gzip");
  const again = cachedEncoding(BODY, cache, "gzip");
  assert(first.made && !again.made);
  assertStrictEquals(again.bytes, first.bytes);
  const br = cachedEncoding(BODY, cache, "br");
  assertStrictEquals(encodedBytes(cache), first.bytes.byteLength + br.bytes.byteLength);
  assertStrictEquals(encodedBytes(undefined), 0);
});

Deno.test("compressible: JSON (problem+json included) and HTML, nothing else", () => {
  for (
    const type of [
      "application/json",
      "application/json; charset=utf-8",
      "application/problem+json",
      "Application/JSON",
      "text/html; charset=UTF-8",
    ]
  ) assert(compressible(type), type);
  for (
    const type of [null, "text/css", "text/plain", "text/event-stream", "image/png", "jsonx"]
  ) assert(!compressible(type), String(type));
});

Deno.test("negotiateEncoding: agrees with Hono's accepts() wherever RFC 9110 leaves no tie (property)", async () => {
  // The hand-written parser sits on every request; Hono's helper is the
  // library it stands in for. They agree on every header whose offered
  // codings and identity carry distinct q-values (ties, `*` and x-gzip are
  // ours alone: Hono keeps header order and reads neither).
  const { accepts } = await import("hono/accepts");
  const names = [...ENCODINGS, "identity", "deflate", "compress"] as const;
  const header = fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 6 })
    .chain((listed) =>
      fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), {
        minLength: listed.length,
        maxLength: listed.length,
      }).map((qs) => listed.map((n, i) => `${n};q=${(qs[i]! / 1000).toFixed(3)}`).join(", "))
    );
  fc.assert(
    fc.property(header, (h) => {
      const context = { req: { header: () => h } } as unknown as Parameters<typeof accepts>[0];
      const hono = accepts(context, {
        header: "Accept-Encoding",
        supports: [...ENCODINGS, "identity"],
        default: "identity",
      });
      assertStrictEquals(negotiateEncoding(h), hono === "identity" ? null : hono, h);
    }),
    { numRuns: 2000 },
  );
});
