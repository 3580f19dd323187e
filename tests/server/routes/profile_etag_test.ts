// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * Profiles' validators over the whole app (compression and HEAD included):
 * a weak `ETag` per snapshot, slug, fee access and representation, and
 * `If-None-Match` answered 304 without rendering the page
 * (docs/api.md#validators-and-caching).
 */
import type { FeeAccess } from "../../../core/club/mod.ts";
import { from, testApp } from "../_helpers.ts";
import { assert, assertMatch, assertNotEquals, assertStrictEquals } from "../../_assert.ts";
import { fixture, FIXTURE_CSV, importFile, sharedFixture } from "../../_fixture.ts";

const SLUG = "pine-valley-golf-club";
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const JSON_ACCEPT = "application/json";
const VARY = "Accept, Authorization, Cookie, Accept-Encoding";

/** The caller's fee access, as a session would give it: `Authorization: Bearer <access>`. */
function access(req: Request): FeeAccess {
  const token = req.headers.get("authorization")?.replace(/^Bearer /, "");
  return token === "band" || token === "exact" ? token : "locked";
}

const fx = await sharedFixture();
const app = testApp(fx.directory, { access, rateLimit: "off" });

async function call(
  headers: Record<string, string>,
  options: { method?: string; path?: string; a?: typeof app; url?: string } = {},
): Promise<Response> {
  const url = options.url ?? `https://clubs.example${options.path ?? `/clubs/${SLUG}`}`;
  const res = await (options.a ?? app).request(
    url,
    { method: options.method ?? "GET", headers },
    from("192.0.2.1"),
  );
  return res;
}

/** The ETag of a full answer (its body read). */
async function etagOf(headers: Record<string, string>, a = app): Promise<string> {
  const res = await call(headers, { a });
  assertStrictEquals(res.status, 200);
  await res.arrayBuffer();
  const etag = res.headers.get("etag");
  assertMatch(etag ?? "", /^W\/"[0-9a-f]{16}"$/);
  return etag!;
}

Deno.test("a profile has a weak ETag, the same for every coding, and If-None-Match gets a 304", async () => {
  for (const accept of [BROWSER, JSON_ACCEPT]) {
    const plain = await call({ accept });
    const zipped = await call({ accept, "accept-encoding": "gzip" });
    const etag = plain.headers.get("etag")!;
    assertMatch(etag, /^W\//);
    assertStrictEquals(plain.headers.get("cache-control"), "private, no-cache");
    // The HTML page is compressed; this club's JSON (under 1 KB) is not.
    const bytes = (await plain.arrayBuffer()).byteLength;
    assertStrictEquals(
      zipped.headers.get("content-encoding"),
      bytes >= 1024 ? "gzip" : null,
      accept,
    );
    assertStrictEquals(zipped.headers.get("etag"), etag, accept);
    assertStrictEquals(zipped.headers.get("vary"), VARY);
    assertStrictEquals(plain.headers.get("vary"), VARY);
    await zipped.arrayBuffer();
    for (const method of ["GET", "HEAD"]) {
      for (const encoding of ["identity", "gzip", "br"]) {
        const res = await call(
          { accept, "accept-encoding": encoding, "if-none-match": etag },
          { method },
        );
        assertStrictEquals(res.status, 304, `${accept} ${method} ${encoding}`);
        assertStrictEquals(res.body, null);
        assertStrictEquals(res.headers.get("etag"), etag);
        assertStrictEquals(res.headers.get("cache-control"), "private, no-cache");
        assertStrictEquals(res.headers.get("vary"), VARY);
        assert(res.headers.get("x-request-id"));
        assert(res.headers.get("ratelimit"));
        assertStrictEquals(res.headers.get("content-encoding"), null);
        assertStrictEquals(res.headers.get("content-length"), null);
      }
      // HEAD without a validator states the ETag GET sends.
      const head = await call({ accept }, { method: "HEAD" });
      assertStrictEquals(head.status, 200);
      assertStrictEquals(head.headers.get("etag"), etag);
      assertStrictEquals(head.headers.get("cache-control"), "private, no-cache");
    }
  }
});

Deno.test("a profile's ETag differs per fee access and representation", async () => {
  const tags = new Map<string, string>();
  for (const level of ["locked", "band", "exact"]) {
    for (const accept of [BROWSER, JSON_ACCEPT]) {
      const headers = { accept, authorization: `Bearer ${level}` };
      const etag = await etagOf(headers);
      assertStrictEquals(await etagOf(headers), etag, "stable");
      tags.set(`${level} ${accept}`, etag);
    }
  }
  assertStrictEquals(new Set(tags.values()).size, 6);
  // A tag seen with a member session is not current for an anonymous caller, nor as JSON.
  const member = tags.get(`exact ${BROWSER}`)!;
  const others: Record<string, string>[] = [
    { accept: BROWSER },
    { accept: JSON_ACCEPT, authorization: "Bearer exact" },
  ];
  for (const headers of others) {
    const res = await call({ ...headers, "if-none-match": member });
    assertStrictEquals(res.status, 200);
    await res.arrayBuffer();
  }
});

Deno.test("a profile's ETag changes with the snapshot", async () => {
  await using local = await fixture();
  const a = testApp(local.directory, { access, rateLimit: "off" });
  const before = await etagOf({ accept: BROWSER }, a);
  const beforeJson = await etagOf({ accept: JSON_ACCEPT }, a);
  // The same rows imported again: a new snapshot.
  await importFile(FIXTURE_CSV, local.path);
  const after = await etagOf({ accept: BROWSER }, a);
  assertNotEquals(after, before);
  assertNotEquals(await etagOf({ accept: JSON_ACCEPT }, a), beforeJson);
  const stale = await call({ accept: BROWSER, "if-none-match": before }, { a });
  assertStrictEquals(stale.status, 200);
  await stale.arrayBuffer();
});

Deno.test("a profile's ETag follows the address the page links itself at", async () => {
  const hostBased = testApp(fx.directory, { access, rateLimit: "off", baseUrl: null });
  const tag = async (host: string) => {
    const res = await call({ accept: BROWSER }, {
      a: hostBased,
      url: `http://${host}/clubs/${SLUG}`,
    });
    await res.arrayBuffer();
    return res.headers.get("etag");
  };
  assertNotEquals(await tag("a.example"), await tag("b.example"));
  assertStrictEquals(await tag("a.example"), await tag("a.example"));
});

Deno.test("a 304 renders no page: the clubs nearby are not even looked for", async () => {
  await using local = await fixture();
  const a = testApp(local.directory, { access, rateLimit: "off" });
  const etag = await etagOf({ accept: BROWSER }, a);
  const store = local.directory.current();
  const records = store.records;
  store.records = () => {
    throw new Error("rendered");
  };
  try {
    const res = await call({ accept: BROWSER, "if-none-match": etag }, { a });
    assertStrictEquals(res.status, 304);
  } finally {
    store.records = records;
  }
});

Deno.test("an unknown club is a 404 whatever If-None-Match holds", async () => {
  for (const accept of [BROWSER, JSON_ACCEPT]) {
    const res = await call({ accept, "if-none-match": "*" }, { path: "/clubs/no-such-club" });
    assertStrictEquals(res.status, 404);
    assertStrictEquals(res.headers.get("etag"), null);
    await res.arrayBuffer();
  }
  // `*` matches any current profile.
  const res = await call({ accept: BROWSER, "if-none-match": "*" });
  assertStrictEquals(res.status, 304);
});
