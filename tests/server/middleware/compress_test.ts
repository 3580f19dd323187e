// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { Hono } from "hono";
import { compress } from "../../../server/middleware/compress.ts";
import { headLength } from "../../../server/middleware/head.ts";
import { COMPRESS_MIN_BYTES } from "../../../server/http/compress.ts";
import type { AppEnv } from "../../../server/http/env.ts";
import { decoded, get, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory, { rateLimit: "off" });
const GZIP = { "accept-encoding": "gzip" };
const HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const BIG = `<!doctype html><p>${"club ".repeat(400)}</p>`;

async function bytes(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

/** A bare app: HEAD and compression around one route. */
function bare(route: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(headLength());
  app.use(compress());
  route(app);
  return app;
}

Deno.test("compress: a problem page over 1 KB is compressed and decodes to the plain page", async () => {
  for (const path of ["/problems", "/problems/invalid_page"]) {
    const plainRes = await get(app, path, { headers: { accept: HTML } });
    const plain = await bytes(plainRes);
    assert(plain.byteLength >= COMPRESS_MIN_BYTES, path);
    for (const encoding of ["gzip", "br", "zstd"]) {
      const res = await get(app, path, { headers: { accept: HTML, "accept-encoding": encoding } });
      assertStrictEquals(res.status, 200);
      assertStrictEquals(res.headers.get("content-encoding"), encoding, path);
      assertStrictEquals(res.headers.get("vary"), "Accept, Accept-Encoding", path);
      assertStrictEquals(
        res.headers.get("content-security-policy"),
        plainRes.headers.get("content-security-policy"),
      );
      assertEquals(decoded(res.headers, await bytes(res)), plain, `${path} ${encoding}`);
    }
    // Sent plain, it says it could have been compressed.
    assertStrictEquals(plainRes.headers.get("vary"), "Accept, Accept-Encoding", path);
  }
});

Deno.test("compress: a problem+json body over 1 KB keeps its status and decodes to the plain problem", async () => {
  // The 404 of a profile quotes the path, so a long one makes a large problem.
  const path = `/clubs/${"no-such-club-".repeat(100)}`;
  const json = { accept: "application/json" };
  const plainRes = await get(app, path, { headers: json });
  const plain = await bytes(plainRes);
  assertStrictEquals(plainRes.status, 404);
  assert(plain.byteLength >= COMPRESS_MIN_BYTES, `${plain.byteLength} bytes`);
  const res = await get(app, path, { headers: { ...json, ...GZIP } });
  assertStrictEquals(res.status, 404);
  assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
  assertStrictEquals(res.headers.get("content-encoding"), "gzip");
  assertEquals(decoded(res.headers, await bytes(res)), plain);
});

Deno.test("compress: small bodies, 4xx problems and redirects are sent as they are", async () => {
  for (
    const [path, status] of [
      ["/api/v1/nope", 404],
      ["/api/v1/clubs?limit=0", 400],
      ["/clubs?type=golf&q=", 302],
      ["/", 200],
    ] as const
  ) {
    const res = await app.request(`http://127.0.0.1:8000${path}`, {
      headers: { accept: "application/json", ...GZIP },
      redirect: "manual",
    });
    const body = await bytes(res);
    assertStrictEquals(res.status, status, path);
    assertStrictEquals(res.headers.get("content-encoding"), null, path);
    assert(body.byteLength < COMPRESS_MIN_BYTES, `${path}: ${body.byteLength} bytes`);
    assert(!/accept-encoding/i.test(res.headers.get("vary") ?? ""), path);
  }
});

Deno.test("compress: 405 keeps its Allow header", async () => {
  const res = await get(app, "/api/v1/clubs", { method: "POST", headers: GZIP });
  assertStrictEquals(res.status, 405);
  assertStrictEquals(res.headers.get("allow"), "GET, HEAD");
  assertStrictEquals((await res.json()).code, "method_not_allowed");
});

Deno.test("compress: the MCP endpoint is left alone", async () => {
  const res = await app.request("http://127.0.0.1:8000/api/mcp", {
    method: "POST",
    headers: {
      ...GZIP,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  const text = await res.text();
  assertStrictEquals(res.status, 200);
  assert(text.length >= COMPRESS_MIN_BYTES);
  assertStrictEquals(res.headers.get("content-encoding"), null);
});

Deno.test("compress: 204 and 304 answers, preset codings, no-transform and other types pass through", async () => {
  const plainHtml = { "content-type": "text/html" };
  const app = bare((app) => {
    app.get("/204", () => new Response(null, { status: 204, headers: plainHtml }));
    app.get("/304", () => new Response(null, { status: 304, headers: plainHtml }));
    app.get(
      "/encoded",
      () => new Response(BIG, { headers: { ...plainHtml, "content-encoding": "identity" } }),
    );
    app.get(
      "/no-transform",
      () => new Response(BIG, { headers: { ...plainHtml, "cache-control": "no-transform" } }),
    );
    app.get("/css", () => new Response(BIG, { headers: { "content-type": "text/css" } }));
  });
  for (const path of ["/204", "/304", "/encoded", "/no-transform", "/css"]) {
    const res = await app.request(path, { headers: GZIP });
    const body = await res.text();
    assertStrictEquals(
      res.headers.get("content-encoding"),
      path === "/encoded" ? "identity" : null,
    );
    assertStrictEquals(res.headers.get("vary"), null, path);
    assertStrictEquals(body, path === "/204" || path === "/304" ? "" : BIG, path);
  }
});

Deno.test("compress: Accept-Encoding joins the Vary already sent, once", async () => {
  const cases = [
    ["Accept", "Accept, Accept-Encoding"],
    ["accept-encoding", "accept-encoding"],
    ["*", "*"],
    ["", "Accept-Encoding"],
  ];
  const app = bare((app) => {
    cases.forEach(([vary], i) =>
      app.get(
        `/case${i}`,
        () => new Response(BIG, { headers: { "content-type": "text/html", vary: vary! } }),
      )
    );
  });
  for (const [i, [vary, want]] of cases.entries()) {
    const res = await app.request(`/case${i}`, { headers: GZIP });
    await res.body?.cancel();
    assertStrictEquals(res.headers.get("vary"), want, vary);
    assertStrictEquals(res.headers.get("content-encoding"), "gzip", vary);
  }
});

Deno.test("compress: a HEAD states the compressed length, with the GET headers", async () => {
  const app = bare((app) => {
    app.get("/page", () => new Response(BIG, { headers: { "content-type": "text/html" } }));
  });
  for (const encoding of ["gzip", "br", "identity"]) {
    const headers = { "accept-encoding": encoding };
    const got = await app.request("/page", { headers });
    const body = await bytes(got);
    const head = await app.request("/page", { method: "HEAD", headers });
    assertStrictEquals(head.body, null);
    assertStrictEquals(head.headers.get("content-length"), String(body.byteLength), encoding);
    assertStrictEquals(head.headers.get("content-encoding"), got.headers.get("content-encoding"));
    assertStrictEquals(head.headers.get("vary"), "Accept-Encoding");
  }
});
