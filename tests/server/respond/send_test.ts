import { type Context, Hono } from "hono";
import {
  addResponseHeader,
  type CachedBody,
  send,
  sendCached,
} from "../../../server/respond/mod.ts";
import { compress } from "../../../server/middleware/compress.ts";
import { headLength } from "../../../server/middleware/head.ts";
import { responseHeaders } from "../../../server/middleware/response_headers.ts";
import { COMPRESS_MIN_BYTES, encodedBytes } from "../../../server/http/compress.ts";
import type { AppEnv } from "../../../server/http/env.ts";
import { Memo } from "../../../core/store/mod.ts";
import { decoded } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

const BIG = `{"clubs":"${"club ".repeat(400)}"}`;
const SMALL = '{"clubs":[]}';
const JSON_TYPE: [string, string][] = [["Content-Type", "application/json"]];

/**
 * The app's middlewares in the app's order around `route`, with two
 * collected headers (one that may repeat); `sent` records the response the
 * route returned and `final` the one the outermost middleware saw.
 */
function app(route: (c: Context<AppEnv>) => Response) {
  const seen: { sent: Response | null; final: Response | null } = { sent: null, final: null };
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    await next();
    seen.final = c.res;
  });
  app.use(headLength());
  app.use(compress());
  app.use(responseHeaders());
  app.use((c, next) => {
    addResponseHeader(c, "X-Request-Id", "rid");
    addResponseHeader(c, "Link", "</x>; rel=deprecation");
    return next();
  });
  app.get("/", (c) => seen.sent = route(c));
  return { app, seen };
}

Deno.test("send: the collected headers go into the response once, with the route's own", async () => {
  const { app: a } = app((c) => send(c, SMALL, { status: 404, headers: JSON_TYPE }));
  const res = await a.request("/");
  assertStrictEquals(res.status, 404);
  assertStrictEquals(res.headers.get("content-type"), "application/json");
  assertStrictEquals(res.headers.get("x-request-id"), "rid");
  assertStrictEquals(res.headers.get("link"), "</x>; rel=deprecation");
  assertStrictEquals(await res.text(), SMALL);
});

Deno.test("send: the compress middleware still compresses a large body", async () => {
  const { app: a } = app((c) => send(c, BIG, { headers: JSON_TYPE }));
  const res = await a.request("/", { headers: { "accept-encoding": "gzip" } });
  assertStrictEquals(res.headers.get("content-encoding"), "gzip");
  assertStrictEquals(res.headers.get("vary"), "Accept-Encoding");
  assertStrictEquals(res.headers.get("link"), "</x>; rel=deprecation");
  const body = decoded(res.headers, new Uint8Array(await res.arrayBuffer()));
  assertStrictEquals(new TextDecoder().decode(body), BIG);
});

Deno.test("sendCached: the response it builds is the one sent, no middleware rebuilds it", async () => {
  for (const encoding of [null, "gzip", "br"]) {
    const entry: CachedBody = { body: BIG, encoded: {} };
    const { app: a, seen } = app((c) =>
      sendCached(c, entry, { headers: JSON_TYPE, link: '</api?page=2>; rel="next"' })
    );
    const res = await a.request("/", {
      headers: encoding === null ? {} : { "accept-encoding": encoding },
    });
    assert(seen.sent !== null && seen.sent === seen.final, String(encoding));
    assertStrictEquals(res.headers.get("content-encoding"), encoding);
    assertStrictEquals(res.headers.get("vary"), "Accept-Encoding");
    assertStrictEquals(res.headers.get("x-request-id"), "rid");
    // The collected Link, then the route's: each once.
    assertStrictEquals(
      res.headers.get("link"),
      '</x>; rel=deprecation, </api?page=2>; rel="next"',
    );
    const body = decoded(res.headers, new Uint8Array(await res.arrayBuffer()));
    assertStrictEquals(new TextDecoder().decode(body), BIG);
  }
});

Deno.test("sendCached: a body under 1 KB goes plain, still varying by Accept-Encoding and the route's names", async () => {
  assert(SMALL.length < COMPRESS_MIN_BYTES);
  const entry: CachedBody = { body: SMALL, encoded: {} };
  const { app: a } = app((c) =>
    sendCached(c, entry, { headers: JSON_TYPE, vary: "Accept, Cookie" })
  );
  const res = await a.request("/", { headers: { "accept-encoding": "gzip" } });
  assertStrictEquals(res.headers.get("content-encoding"), null);
  assertStrictEquals(res.headers.get("vary"), "Accept, Cookie, Accept-Encoding");
  assertStrictEquals(await res.text(), SMALL);
  assertEquals(entry.encoded, {});
});

Deno.test("sendCached: each coding is made once, kept in the entry, and its memo weighs it again", async () => {
  type Page = CachedBody & { total: number };
  const memo = new Memo<string, Page>(1024 * 1024, {
    weigh: (v, k) => v.body.length + k.length + encodedBytes(v.encoded),
  });
  const entry = memo.use("p", () => ({ body: BIG, total: 1, encoded: {} }));
  const plainBytes = memo.bytes;
  const { app: a } = app((c) =>
    sendCached(c, entry, { headers: JSON_TYPE, kept: { memo, key: "p" } })
  );
  const first = await a.request("/", { headers: { "accept-encoding": "gzip" } });
  const gzip = entry.encoded.gzip;
  assert(gzip !== undefined);
  assertStrictEquals(memo.bytes, plainBytes + gzip.byteLength);
  const second = await a.request("/", { headers: { "accept-encoding": "gzip" } });
  assertStrictEquals(entry.encoded.gzip, gzip);
  assertEquals(
    new Uint8Array(await second.arrayBuffer()),
    new Uint8Array(await first.arrayBuffer()),
  );
  assertStrictEquals(memo.bytes, plainBytes + gzip.byteLength);
});
