// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { ENCODINGS } from "../../../server/http/compress.ts";
import { openApiJson } from "../../../server/openapi/mod.ts";
import { decoded, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory, { rateLimit: "off" });

function fetchDoc(encoding?: string, method = "GET"): Promise<Response> {
  const headers: Record<string, string> = {};
  if (encoding !== undefined) headers["accept-encoding"] = encoding;
  return Promise.resolve(app.request("http://127.0.0.1:8000/openapi.json", { method, headers }));
}

Deno.test("/openapi.json: each coding decodes byte for byte to the document", async () => {
  const plain = new TextEncoder().encode(openApiJson("help@clubs.example"));
  const res = await fetchDoc();
  assertEquals(new Uint8Array(await res.arrayBuffer()), plain);
  assertStrictEquals(res.headers.get("vary"), "Accept-Encoding");
  assertStrictEquals(res.headers.get("content-encoding"), null);
  for (const encoding of ENCODINGS) {
    const first = await fetchDoc(encoding);
    const again = await fetchDoc(encoding);
    const a = new Uint8Array(await first.arrayBuffer());
    const b = new Uint8Array(await again.arrayBuffer());
    assertStrictEquals(first.headers.get("content-encoding"), encoding);
    assertStrictEquals(first.headers.get("vary"), "Accept-Encoding");
    assertStrictEquals(first.headers.get("content-type"), "application/json");
    assert(a.byteLength < plain.byteLength / 5, `${encoding}: ${a.byteLength} bytes`);
    assertEquals(decoded(first.headers, a), plain, encoding);
    assertEquals(b, a, `${encoding}: the same bytes every time`);
  }
});

Deno.test("/openapi.json: HEAD states the length of the compressed document", async () => {
  for (const encoding of ["gzip", "br"]) {
    const got = new Uint8Array(await (await fetchDoc(encoding)).arrayBuffer());
    const head = await fetchDoc(encoding, "HEAD");
    assertStrictEquals(head.headers.get("content-length"), String(got.byteLength));
    assertStrictEquals(head.headers.get("content-encoding"), encoding);
  }
});

Deno.test("/openapi.json: public, no-cache, a strong ETag per coding, and a 304 for the current one", async () => {
  const tags = new Set<string>();
  for (const encoding of [undefined, ...ENCODINGS]) {
    const res = await fetchDoc(encoding);
    await res.arrayBuffer();
    assertStrictEquals(res.headers.get("cache-control"), "public, no-cache");
    const etag = res.headers.get("etag")!;
    assertStrictEquals(
      etag.replace(/^"[0-9a-f]{16}/, ""),
      encoding === undefined ? '"' : `-${encoding}"`,
    );
    tags.add(etag);
    for (const method of ["GET", "HEAD"]) {
      const headers: Record<string, string> = { "if-none-match": etag };
      if (encoding !== undefined) headers["accept-encoding"] = encoding;
      const again = await app.request("http://127.0.0.1:8000/openapi.json", { method, headers });
      assertStrictEquals(again.status, 304, `${encoding} ${method}`);
      assertStrictEquals(again.body, null);
      assertStrictEquals(again.headers.get("etag"), etag);
      assertStrictEquals(again.headers.get("cache-control"), "public, no-cache");
      assertStrictEquals(again.headers.get("vary"), "Accept-Encoding");
    }
    assertStrictEquals((await fetchDoc(encoding, "HEAD")).headers.get("etag"), etag);
  }
  assertStrictEquals(tags.size, 1 + ENCODINGS.length);
  // A tag of another document (an older release) gets the document.
  const stale = await app.request("http://127.0.0.1:8000/openapi.json", {
    headers: { "if-none-match": '"0000000000000000", W/"0000000000000000"' },
  });
  assertStrictEquals(stale.status, 200);
  assertEquals(await stale.text(), openApiJson("help@clubs.example"));
});
