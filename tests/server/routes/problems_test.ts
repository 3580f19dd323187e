// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { parseSearch } from "../../../core/search/query.ts";
import { prefersJson } from "../../../server/routes/problems.ts";
import { escapeHtml } from "../../../server/html/mod.ts";
import { type ProblemCode, PROBLEMS } from "../../../core/model/problems.ts";
import { get, getJson, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory);
const CODES = Object.keys(PROBLEMS) as ProblemCode[];
const JSON_ACCEPT = { headers: { accept: "application/json" } };
const BROWSER_ACCEPT = {
  headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
};

Deno.test("GET /problems lists every code as HTML for a browser", async () => {
  const res = await get(app, "/problems", BROWSER_ACCEPT);
  const html = await res.text();
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "text/html; charset=utf-8");
  // Over 1 KB, so it may be compressed: it varies by Accept-Encoding too.
  assertStrictEquals(res.headers.get("vary"), "Accept, Accept-Encoding");
  assert(res.headers.get("ratelimit"));
  assert(res.headers.get("x-request-id"));
  assert(html.startsWith("<!doctype html>"));
  for (const code of CODES) {
    const info = PROBLEMS[code];
    assert(html.includes(`href="https://clubs.example/problems/${code}"`), code);
    assert(html.includes(`<td>${info.status}</td>`), code);
    assert(html.includes(escapeHtml(info.title)), code);
  }
});

Deno.test("GET /problems lists every code as JSON for Accept: application/json", async () => {
  const { res, body } = await getJson(app, "/problems", JSON_ACCEPT);
  assertStrictEquals(res.headers.get("content-type"), "application/json");
  assertEquals(body.problems.map((p: { code: string }) => p.code), CODES);
  for (const p of body.problems) {
    assertStrictEquals(p.type, `https://clubs.example/problems/${p.code}`);
    assertStrictEquals(p.status, PROBLEMS[p.code as ProblemCode].status);
    assertStrictEquals(p.title, PROBLEMS[p.code as ProblemCode].title);
  }
});

Deno.test("GET /problems answers HTML when Accept is missing or a wildcard", async () => {
  for (const init of [{}, { headers: { accept: "*/*" } }]) {
    const res = await get(app, "/problems", init);
    await res.body?.cancel();
    assertStrictEquals(res.headers.get("content-type"), "text/html; charset=utf-8");
  }
});

for (const code of CODES) {
  Deno.test(`GET /problems/${code} explains the code as HTML and JSON`, async () => {
    const info = PROBLEMS[code];
    const res = await get(app, `/problems/${code}`);
    const html = await res.text();
    assertStrictEquals(res.status, 200);
    assertStrictEquals(res.headers.get("content-type"), "text/html; charset=utf-8");
    for (
      const section of ["When it happens", "How to fix it", "Example request", "Example response"]
    ) {
      assert(html.includes(`<h2>${section}</h2>`), section);
    }
    assert(html.includes(`<h1>${escapeHtml(info.title)}</h1>`));
    assert(html.includes(String(info.status)));
    assert(!html.includes("<SUPPORT_EMAIL>"));

    const { body } = await getJson(app, `/problems/${code}`, JSON_ACCEPT);
    assertStrictEquals(body.code, code);
    assertStrictEquals(body.status, info.status);
    assertStrictEquals(body.title, info.title);
    assertStrictEquals(body.when, info.when);
    assertStrictEquals(body.hint, info.hint.replaceAll("<SUPPORT_EMAIL>", "help@clubs.example"));
    assert(body.example.request.length > 0);
    const example = body.example.response;
    assertEquals(
      Object.keys(example),
      ["type", "title", "status", "detail", "code", "hint", "instance"],
    );
    assertStrictEquals(example.type, `https://clubs.example/problems/${code}`);
    assertStrictEquals(example.code, code);
  });
}

Deno.test("The example of each search error is what the endpoint really answers", async () => {
  for (const code of ["invalid_page", "invalid_limit", "invalid_waitlist"] as const) {
    const { body: page } = await getJson(app, `/problems/${code}`, JSON_ACCEPT);
    const url = new URL(PROBLEMS[code].example, "https://clubs.example");
    const real = await getJson(app, `${url.pathname}${url.search}`);
    assertEquals(page.example.response, real.body, code);
    const parsed = parseSearch(Object.fromEntries(url.searchParams));
    assert(!parsed.ok && parsed.error.detail === PROBLEMS[code].exampleDetail);
  }
});

Deno.test("GET /problems/<unknown> answers 404: a problem for JSON, a page for browsers", async () => {
  const { res, body } = await getJson(app, "/problems/no_such_code", JSON_ACCEPT);
  assertStrictEquals(res.status, 404);
  assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
  assertStrictEquals(body.code, "not_found");
  assertStrictEquals(body.instance, "/problems/no_such_code");

  const page = await get(app, "/problems/no_such_code", BROWSER_ACCEPT);
  assertStrictEquals(page.status, 404);
  assertStrictEquals(page.headers.get("content-type"), "text/html; charset=utf-8");
  const html = await page.text();
  assert(html.includes("<code>no_such_code</code>"));
  for (const code of CODES) assert(html.includes(`href="./${code}"`));
});

Deno.test("GET /problems/<unknown> escapes the code it quotes in HTML", async () => {
  const res = await get(app, `/problems/${encodeURIComponent(`<script>alert("x")</script>`)}`);
  const html = await res.text();
  assertStrictEquals(res.status, 404);
  assert(!html.includes("<script>"));
  assert(html.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"));
});

Deno.test("prefersJson() weighs Accept media ranges and q-values", () => {
  assertStrictEquals(prefersJson("application/json"), true);
  assertStrictEquals(prefersJson("application/problem+json"), true);
  assertStrictEquals(prefersJson("text/html, application/json;q=0.9"), false);
  assertStrictEquals(prefersJson("text/html;q=0.5, application/json"), true);
  assertStrictEquals(prefersJson("application/*"), true);
  assertStrictEquals(prefersJson("*/*"), false);
  assertStrictEquals(prefersJson(""), false);
  assertStrictEquals(prefersJson("application/json;q=0"), false);
});

Deno.test("escapeHtml() escapes the five HTML-special characters", () => {
  assertStrictEquals(
    escapeHtml(`<a href="x" title='y'>&</a>`),
    "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
  );
});

Deno.test("/problems pages are publicly cacheable only with a configured base URL", async () => {
  const configured = await get(app, "/problems/invalid_page", BROWSER_ACCEPT);
  await configured.body?.cancel();
  assertStrictEquals(configured.headers.get("cache-control"), "public, max-age=3600");
  // Without one, the page embeds the request's origin: no shared cache may keep it.
  const hostBased = testApp(fx.directory, { baseUrl: null });
  for (const path of ["/problems", "/problems/invalid_page"]) {
    for (const init of [BROWSER_ACCEPT, JSON_ACCEPT]) {
      const res = await get(hostBased, path, init);
      const bytes = (await res.arrayBuffer()).byteLength;
      assertStrictEquals(res.headers.get("cache-control"), "private, max-age=3600", path);
      // Every page varies by Accept-Encoding too, small ones (sent plain) included.
      assert(bytes > 0, path);
      assertStrictEquals(res.headers.get("vary"), "Accept, Accept-Encoding", path);
    }
  }
});

Deno.test("Every /problems HTML page, the 404 included, has a CSP and nosniff", async () => {
  for (const path of ["/problems", "/problems/invalid_page", "/problems/no_such_code"]) {
    const res = await get(app, path, BROWSER_ACCEPT);
    await res.body?.cancel();
    assertStrictEquals(res.headers.get("content-type"), "text/html; charset=utf-8", path);
    assert(res.headers.get("content-security-policy")?.includes("default-src 'none'"), path);
    assertStrictEquals(res.headers.get("x-content-type-options"), "nosniff", path);
  }
});

Deno.test("/problems pages have a strong ETag per coding and answer If-None-Match with a 304", async () => {
  for (const path of ["/problems", "/problems/invalid_page"]) {
    for (const init of [BROWSER_ACCEPT, JSON_ACCEPT]) {
      const accept = init.headers.accept;
      const tags = new Set<string>();
      let compressed = false;
      for (const encoding of ["identity", "gzip", "br"]) {
        const headers = { accept, "accept-encoding": encoding };
        const res = await get(app, path, { headers });
        const body = await res.arrayBuffer();
        assertStrictEquals(res.status, 200);
        const etag = res.headers.get("etag")!;
        const coding = res.headers.get("content-encoding");
        // Strong, and naming the coding of the bytes it stands for.
        assert(
          coding === null ? /^"[0-9a-f]{16}"$/.test(etag) : etag.endsWith(`-${coding}"`),
          `${path} ${accept} ${encoding}: ${etag}`,
        );
        assert(body.byteLength > 0);
        tags.add(etag);
        compressed ||= coding !== null;
        for (const method of ["GET", "HEAD"]) {
          const again = await get(app, path, {
            method,
            headers: { ...headers, "if-none-match": etag },
          });
          assertStrictEquals(again.status, 304, `${path} ${accept} ${encoding} ${method}`);
          assertStrictEquals(again.body, null);
          assertStrictEquals(again.headers.get("etag"), etag);
          assertStrictEquals(again.headers.get("cache-control"), "public, max-age=3600");
          assertStrictEquals(again.headers.get("vary"), "Accept, Accept-Encoding");
        }
        const head = await get(app, path, { method: "HEAD", headers });
        assertStrictEquals(head.headers.get("etag"), etag);
      }
      // One tag per coding sent (a page under 1 KB goes plain, with one tag).
      assertStrictEquals(tags.size, compressed ? 3 : 1, `${path} ${accept}`);
    }
  }
  // The HTML page's tag is not the JSON page's.
  const html = await get(app, "/problems", BROWSER_ACCEPT);
  await html.arrayBuffer();
  const json = await get(app, "/problems", {
    headers: { ...JSON_ACCEPT.headers, "if-none-match": html.headers.get("etag")! },
  });
  assertStrictEquals(json.status, 200);
  await json.arrayBuffer();
});

Deno.test("/problems pages' ETag follows the request's origin when no base URL is set", async () => {
  const hostBased = testApp(fx.directory, { baseUrl: null });
  const etag = async (host: string) => {
    const res = await hostBased.request(`http://${host}/problems/invalid_page`);
    await res.arrayBuffer();
    return res.headers.get("etag");
  };
  assert((await etag("a.example")) !== (await etag("b.example")));
  assertStrictEquals(await etag("a.example"), await etag("a.example"));
});

Deno.test("the HTML page for an unknown problem code is never stored and has no ETag", async () => {
  const res = await get(app, "/problems/no_such_code", BROWSER_ACCEPT);
  await res.body?.cancel();
  assertStrictEquals(res.status, 404);
  assertStrictEquals(res.headers.get("cache-control"), "no-store");
  assertStrictEquals(res.headers.get("vary"), "Accept, Accept-Encoding");
  assertStrictEquals(res.headers.get("etag"), null);
  const json = await get(app, "/problems/no_such_code", JSON_ACCEPT);
  await json.body?.cancel();
  assertStrictEquals(json.headers.get("cache-control"), "no-store");
});
