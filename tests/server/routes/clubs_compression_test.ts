// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { fixture, numberedClubsCsv, sharedFixture } from "../../_fixture.ts";
import { COMPRESS_MIN_BYTES, ENCODINGS } from "../../../server/http/compress.ts";
import { decoded, get, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory, { rateLimit: "off" });

/** Headers that differ between two requests whatever they asked for. */
const PER_REQUEST = new Set(["x-request-id", "content-encoding", "content-length"]);
const comparable = (res: Response) => [...res.headers].filter(([n]) => !PER_REQUEST.has(n));

async function bytes(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

Deno.test("GET /api/v1/clubs: each coding decodes byte for byte to the plain body", async () => {
  for (const path of ["/api/v1/clubs", "/api/v1/clubs?type=golf&limit=5&facets=country"]) {
    const plainRes = await get(app, path);
    const plain = await bytes(plainRes);
    assert(plain.byteLength >= COMPRESS_MIN_BYTES, path);
    for (const encoding of ENCODINGS) {
      // Twice: made, then from the cache; both decode to the same bytes.
      for (const round of ["made", "cached"]) {
        const res = await get(app, path, { headers: { "accept-encoding": encoding } });
        assertStrictEquals(res.status, 200);
        assertStrictEquals(res.headers.get("content-encoding"), encoding, `${path} ${round}`);
        const packed = await bytes(res);
        assert(packed.byteLength < plain.byteLength, `${encoding} is smaller`);
        assertEquals(decoded(res.headers, packed), plain, `${path} ${encoding} ${round}`);
        assertEquals(comparable(res), comparable(plainRes), `${path} ${encoding}`);
      }
    }
  }
});

Deno.test("GET /api/v1/clubs: Vary: Accept-Encoding on every page, plain or compressed", async () => {
  for (
    const encoding of [undefined, "identity", "gzip;q=0", "gzip", "br", "deflate", "*;q=0"]
  ) {
    const init = encoding === undefined ? {} : { headers: { "accept-encoding": encoding } };
    const res = await get(app, "/api/v1/clubs?type=golf", init);
    await res.body?.cancel();
    assertStrictEquals(res.headers.get("vary"), "Accept-Encoding", String(encoding));
    const compressed = encoding === "gzip" || encoding === "br";
    assertStrictEquals(res.headers.has("content-encoding"), compressed, String(encoding));
  }
});

Deno.test("GET /api/v1/clubs: q-values choose the coding", async () => {
  for (
    const [header, want] of [
      ["gzip, deflate, br", "br"],
      ["br;q=0.5, gzip", "gzip"],
      ["gzip;q=0.5, identity", null],
      ["gzip;q=0, *", "br"],
    ] as const
  ) {
    const res = await get(app, "/api/v1/clubs", { headers: { "accept-encoding": header } });
    await res.body?.cancel();
    assertStrictEquals(res.headers.get("content-encoding"), want, header);
  }
});

Deno.test("GET /api/v1/clubs: a body under 1 KB is sent as it is, with Vary", async () => {
  const res = await get(app, "/api/v1/clubs?q=zzzzzz", {
    headers: { "accept-encoding": "gzip, br" },
  });
  const body = await res.text();
  assert(body.length < COMPRESS_MIN_BYTES);
  assertStrictEquals(body, '{"clubs":[],"total":0,"fee_access":"locked"}');
  assertStrictEquals(res.headers.get("content-encoding"), null);
  assertStrictEquals(res.headers.get("vary"), "Accept-Encoding");
});

Deno.test("GET /api/v1/clubs: a bad parameter is still a plain 400 problem", async () => {
  const res = await get(app, "/api/v1/clubs?page=0", { headers: { "accept-encoding": "gzip" } });
  assertStrictEquals(res.status, 400);
  assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
  assertStrictEquals(res.headers.get("content-encoding"), null);
  assertStrictEquals((await res.json()).code, "invalid_page");
});

Deno.test("GET /api/v1/clubs: a compressed body is weighed in the pages memo, once", async () => {
  await using local = await fixture();
  const localApp = testApp(local.directory, { rateLimit: "off" });
  const path = "/api/v1/clubs?type=golf";
  // A page is kept from its second request on (admit "second").
  for (let i = 0; i < 2; i++) await (await get(localApp, path)).body?.cancel();
  const memo = () => local.directory.current().memoStats()["clubs.pages"]!;
  const plain = memo().bytes;
  let expected = plain;
  for (const encoding of ENCODINGS) {
    const res = await get(localApp, path, { headers: { "accept-encoding": encoding } });
    expected += (await bytes(res)).byteLength;
    assertStrictEquals(memo().bytes, expected, `${encoding} weighed with its page`);
    assertStrictEquals(memo().size, 1, "the same entry");
    // Asked again: served from the entry, nothing more held.
    await (await get(localApp, path, { headers: { "accept-encoding": encoding } })).body?.cancel();
    assertStrictEquals(memo().bytes, expected, `${encoding} kept once`);
  }
});

Deno.test("GET /api/v1/clubs: pages and their compressed forms stay within the memo's budget", async () => {
  // 250 clubs, so pages of up to 200 clubs (about 100 KB each) fill the 8 MiB budget.
  await using fx = await fixture({
    csv: await numberedClubsCsv(250, (n) => ({
      description: `A private club number ${n} with a long description. `.repeat(8),
    })),
  });
  const big = fx.directory;
  const bigApp = testApp(big, { rateLimit: "off" });
  let requests = 0;
  for (let limit = 100; limit <= 200; limit += 1) {
    for (const encoding of ["gzip", "br"]) {
      const res = await bigApp.request(`http://x/api/v1/clubs?limit=${limit}`, {
        headers: { "accept-encoding": encoding },
      });
      assertStrictEquals(res.headers.get("content-encoding"), encoding);
      await res.body?.cancel();
      requests++;
    }
    const memo = big.current().memoStats()["clubs.pages"]!;
    assert(memo.bytes <= memo.budget, `${memo.bytes} > ${memo.budget} at limit=${limit}`);
  }
  const memo = big.current().memoStats()["clubs.pages"]!;
  assert(memo.size < 101, `older pages were evicted (${memo.size} kept)`);
  assert(memo.bytes > memo.budget / 2, `the budget was used (${memo.bytes} bytes)`);
  assert(requests > 0);
});
