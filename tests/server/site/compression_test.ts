// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { COMPRESS_MIN_BYTES, ENCODINGS } from "../../../server/http/compress.ts";
import { decoded, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { fixture, sharedFixture } from "../../_fixture.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const fx = await sharedFixture();
const app = testApp(fx.directory, { rateLimit: "off", baseUrl: null });

function page(target: typeof app, path: string, encoding?: string): Promise<Response> {
  const headers: Record<string, string> = { accept: BROWSER };
  if (encoding !== undefined) headers["accept-encoding"] = encoding;
  return Promise.resolve(target.request(`http://127.0.0.1:8000${path}`, { headers }));
}

async function bytes(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

/** Headers that differ between two requests whatever they asked for. */
const PER_REQUEST = new Set(["x-request-id", "content-encoding", "content-length"]);
const comparable = (res: Response) => [...res.headers].filter(([n]) => !PER_REQUEST.has(n));

Deno.test("website pages: each coding decodes byte for byte to the plain page", async () => {
  for (const path of ["/", "/clubs", "/clubs?type=golf", "/clubs?q=royal"]) {
    const plainRes = await page(app, path);
    const plain = await bytes(plainRes);
    assertStrictEquals(plainRes.status, 200, path);
    assert(plain.byteLength >= COMPRESS_MIN_BYTES, path);
    for (const encoding of ENCODINGS) {
      for (const round of ["made", "cached"]) {
        const res = await page(app, path, encoding);
        assertStrictEquals(res.headers.get("content-encoding"), encoding, `${path} ${round}`);
        assertEquals(decoded(res.headers, await bytes(res)), plain, `${path} ${encoding} ${round}`);
        assertEquals(comparable(res), comparable(plainRes), `${path} ${encoding}`);
      }
    }
  }
});

Deno.test("website pages vary by Accept-Encoding as well as by Accept and session", async () => {
  for (const encoding of [undefined, "gzip", "identity"]) {
    const res = await page(app, "/clubs?type=golf", encoding);
    await res.body?.cancel();
    assertStrictEquals(
      res.headers.get("vary"),
      "Accept, Authorization, Cookie, Accept-Encoding",
      String(encoding),
    );
    assertStrictEquals(res.headers.get("content-encoding"), encoding === "gzip" ? "gzip" : null);
  }
});

Deno.test("website pages: an invalid search is still an HTML 400 page", async () => {
  const res = await page(app, "/clubs?page=0", "gzip");
  assertStrictEquals(res.status, 400);
  assertStrictEquals(res.headers.get("content-type"), "text/html; charset=UTF-8");
  const html = new TextDecoder().decode(decoded(res.headers, await bytes(res)));
  assert(html.includes("There is no such page"));
});

Deno.test("website pages: a compressed page is weighed in the site's memo with its page", async () => {
  await using local = await fixture();
  const localApp = testApp(local.directory, { rateLimit: "off", baseUrl: null });
  const path = "/clubs?type=golf";
  await (await page(localApp, path)).body?.cancel();
  const memo = () => local.directory.current().memoStats()["site.pages"]!;
  let expected = memo().bytes;
  for (const encoding of ENCODINGS) {
    expected += (await bytes(await page(localApp, path, encoding))).byteLength;
    assertStrictEquals(memo().bytes, expected, encoding);
    await (await page(localApp, path, encoding)).body?.cancel();
    assertStrictEquals(memo().bytes, expected, `${encoding} kept once`);
    assert(memo().bytes <= memo().budget);
  }
});
