import { type Context, Hono } from "hono";
import {
  addResponseHeader,
  type CachedBody,
  ifNoneMatchHolds,
  notModified,
  send,
  sendCached,
  strongTag,
  tagOf,
  weakTag,
} from "../../../server/respond/mod.ts";
import { compress } from "../../../server/middleware/compress.ts";
import { headLength } from "../../../server/middleware/head.ts";
import { responseHeaders } from "../../../server/middleware/response_headers.ts";
import type { AppEnv } from "../../../server/http/env.ts";
import { decoded } from "../_helpers.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";

const BIG = `{"clubs":"${"club ".repeat(400)}"}`;
const SMALL = '{"clubs":[]}';
const HEADERS: [string, string][] = [
  ["Content-Type", "application/json"],
  ["Cache-Control", "public, no-cache"],
];

/** The app's middlewares in the app's order around `route`, with a collected header. */
function app(route: (c: Context<AppEnv>) => Response): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(headLength());
  app.use(compress());
  app.use(responseHeaders());
  app.use((c, next) => {
    addResponseHeader(c, "X-Request-Id", "rid");
    return next();
  });
  app.get("/", route);
  return app;
}

function request(a: Hono<AppEnv>, headers: Record<string, string>, method = "GET") {
  return Promise.resolve(a.request("/", { method, headers }));
}

Deno.test("tagOf: 16 hex digits, the same for the same parts, different when any part differs", () => {
  assertMatch(tagOf("a"), /^[0-9a-f]{16}$/);
  assertStrictEquals(tagOf("snapshot", "slug", "locked"), tagOf("snapshot", "slug", "locked"));
  const tags = new Set([
    tagOf("snapshot", "slug", "locked"),
    tagOf("snapshot", "slug", "band"),
    tagOf("snapshot2", "slug", "locked"),
    tagOf("snapshotslug", "locked"),
    tagOf("snapshot", "slug", "locked", ""),
    tagOf(BIG),
    tagOf(BIG.replace("club", "clob")),
  ]);
  assertStrictEquals(tags.size, 7);
});

Deno.test("strong tags differ per coding, weak tags do not name one", () => {
  assertStrictEquals(strongTag("abc", null), '"abc"');
  assertStrictEquals(strongTag("abc", "gzip"), '"abc-gzip"');
  assertStrictEquals(strongTag("abc", "br"), '"abc-br"');
  assertStrictEquals(weakTag("abc"), 'W/"abc"');
});

Deno.test("If-None-Match: a list, weak comparison, * matches, other tags do not", () => {
  assert(ifNoneMatchHolds('"abc"', '"abc"'));
  assert(ifNoneMatchHolds('"x", "abc"', '"abc"'));
  assert(ifNoneMatchHolds('W/"abc"', '"abc"'));
  assert(ifNoneMatchHolds('"abc"', 'W/"abc"'));
  assert(ifNoneMatchHolds(' W/"x" ,W/"abc"', 'W/"abc"'));
  assert(ifNoneMatchHolds("*", '"abc-br"'));
  // A comma inside a quoted tag is part of it.
  assert(ifNoneMatchHolds('"a,b"', '"a,b"'));
  assert(!ifNoneMatchHolds('"a,b"', '"a"'));
  assert(!ifNoneMatchHolds('"abc"', '"abc-gzip"'));
  assert(!ifNoneMatchHolds('"abc-gzip"', '"abc"'));
  assert(!ifNoneMatchHolds("abc", '"abc"'), "an unquoted tag is no tag");
  assert(!ifNoneMatchHolds("", '"abc"'));
  assert(!ifNoneMatchHolds(null, '"abc"'));
});

Deno.test("sendCached with an etag: a strong ETag per coding, 304 with no body for the current one", async () => {
  const entry: CachedBody = { body: BIG, encoded: {} };
  const tag = tagOf(BIG);
  const a = app((c) => sendCached(c, entry, { headers: HEADERS, etag: tag }));
  for (const encoding of [null, "gzip", "br", "zstd"] as const) {
    const accept: Record<string, string> = encoding === null ? {} : { "accept-encoding": encoding };
    const full = await request(a, accept);
    const etag = full.headers.get("etag");
    assertStrictEquals(etag, strongTag(tag, encoding));
    assertStrictEquals(full.headers.get("content-encoding"), encoding);
    const body = decoded(full.headers, new Uint8Array(await full.arrayBuffer()));
    assertStrictEquals(new TextDecoder().decode(body), BIG);
    for (const method of ["GET", "HEAD"]) {
      const again = await request(a, { ...accept, "if-none-match": etag! }, method);
      assertStrictEquals(again.status, 304, `${encoding} ${method}`);
      assertStrictEquals(again.body, null);
      assertStrictEquals(await again.text(), "");
      assertStrictEquals(again.headers.get("etag"), etag);
      assertStrictEquals(again.headers.get("cache-control"), "public, no-cache");
      assertStrictEquals(again.headers.get("vary"), "Accept-Encoding");
      assertStrictEquals(again.headers.get("x-request-id"), "rid");
      assertStrictEquals(again.headers.get("content-encoding"), null);
      assertStrictEquals(again.headers.get("content-type"), null);
      assertStrictEquals(again.headers.get("content-length"), null);
      // HEAD without a validator states the same ETag as GET.
      const head = await request(a, accept, "HEAD");
      assertStrictEquals(head.headers.get("etag"), etag);
    }
  }
  // The 304 compressed nothing: only the codings asked for in full are kept.
  assertEquals(Object.keys(entry.encoded).sort(), ["br", "gzip", "zstd"]);
});

Deno.test("sendCached: another coding's tag, or a stale one, gets the full answer", async () => {
  const entry: CachedBody = { body: BIG, encoded: {} };
  const tag = tagOf(BIG);
  const a = app((c) => sendCached(c, entry, { headers: HEADERS, etag: tag }));
  for (
    const [encoding, held] of [
      ["gzip", strongTag(tag, null)],
      ["identity", strongTag(tag, "gzip")],
      ["br", strongTag(tagOf("an older body"), "br")],
    ]
  ) {
    const res = await request(a, { "accept-encoding": encoding!, "if-none-match": held! });
    assertStrictEquals(res.status, 200, `${encoding} ${held}`);
    await res.body?.cancel();
  }
});

Deno.test("sendCached: a small body's one ETag; without an etag, no ETag and If-None-Match is ignored", async () => {
  const small: CachedBody = { body: SMALL, encoded: {} };
  const a = app((c) => sendCached(c, small, { headers: HEADERS, etag: tagOf(SMALL) }));
  const res = await request(a, { "accept-encoding": "gzip" });
  assertStrictEquals(res.headers.get("etag"), strongTag(tagOf(SMALL), null));
  await res.body?.cancel();
  const none = app((c) => sendCached(c, { body: BIG, encoded: {} }, { headers: HEADERS }));
  const plain = await request(none, { "if-none-match": "*" });
  assertStrictEquals(plain.status, 200);
  assertStrictEquals(plain.headers.get("etag"), null);
  await plain.body?.cancel();
});

Deno.test("sendCached: a short body of non-ASCII text is compressed once it reaches 1 KB in UTF-8", async () => {
  const text = `"${"é".repeat(600)}"`; // 602 characters, 1,202 bytes
  const a = app((c) => sendCached(c, { body: text, encoded: {} }, { headers: HEADERS }));
  const res = await request(a, { "accept-encoding": "gzip" });
  assertStrictEquals(res.headers.get("content-encoding"), "gzip");
  const body = decoded(res.headers, new Uint8Array(await res.arrayBuffer()));
  assertStrictEquals(new TextDecoder().decode(body), text);
});

Deno.test("notModified: a weak tag survives the compress middleware, and a 304 repeats only the validators", async () => {
  const etag = weakTag(tagOf("page"));
  const headers: [string, string][] = [
    ["Content-Type", "application/json"],
    ["Cache-Control", "private, no-cache"],
    ["Vary", "Accept, Cookie, Accept-Encoding"],
    ["ETag", etag],
  ];
  const a = app((c) => notModified(c, etag, headers) ?? send(c, BIG, { headers }));
  const full = await request(a, { "accept-encoding": "gzip" });
  assertStrictEquals(full.headers.get("content-encoding"), "gzip");
  assertStrictEquals(full.headers.get("etag"), etag);
  await full.body?.cancel();
  for (const held of [etag, `"${tagOf("page")}"`, `"x", ${etag}`]) {
    const res = await request(a, { "accept-encoding": "gzip", "if-none-match": held });
    assertStrictEquals(res.status, 304, held);
    assertStrictEquals(res.body, null);
    assertEquals([...res.headers].sort(), [
      ["cache-control", "private, no-cache"],
      ["etag", etag],
      ["vary", "Accept, Cookie, Accept-Encoding"],
      ["x-request-id", "rid"],
    ]);
  }
  const stale = await request(a, { "if-none-match": 'W/"0000000000000000"' });
  assertStrictEquals(stale.status, 200);
  await stale.body?.cancel();
});
