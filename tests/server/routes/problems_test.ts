import assert from "node:assert/strict";
import { parseSearch } from "../../../core/search/query.ts";
import { escapeHtml, prefersJson } from "../../../server/routes/problems.ts";
import { type ProblemCode, PROBLEMS } from "../../../core/model/problems.ts";
import { get, getJson, sharedFixture, testApp } from "../_helpers.ts";

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
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
  assert.equal(res.headers.get("vary"), "Accept");
  assert.ok(res.headers.get("ratelimit"));
  assert.ok(res.headers.get("x-request-id"));
  assert.ok(html.startsWith("<!doctype html>"));
  for (const code of CODES) {
    const info = PROBLEMS[code];
    assert.ok(html.includes(`href="https://clubs.example/problems/${code}"`), code);
    assert.ok(html.includes(`<td>${info.status}</td>`), code);
    assert.ok(html.includes(escapeHtml(info.title)), code);
  }
});

Deno.test("GET /problems lists every code as JSON for Accept: application/json", async () => {
  const { res, body } = await getJson(app, "/problems", JSON_ACCEPT);
  assert.equal(res.headers.get("content-type"), "application/json");
  assert.deepEqual(body.problems.map((p: { code: string }) => p.code), CODES);
  for (const p of body.problems) {
    assert.equal(p.type, `https://clubs.example/problems/${p.code}`);
    assert.equal(p.status, PROBLEMS[p.code as ProblemCode].status);
    assert.equal(p.title, PROBLEMS[p.code as ProblemCode].title);
  }
});

Deno.test("GET /problems answers HTML when Accept is missing or a wildcard", async () => {
  for (const init of [{}, { headers: { accept: "*/*" } }]) {
    const res = await get(app, "/problems", init);
    await res.body?.cancel();
    assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
  }
});

for (const code of CODES) {
  Deno.test(`GET /problems/${code} explains the code as HTML and JSON`, async () => {
    const info = PROBLEMS[code];
    const res = await get(app, `/problems/${code}`);
    const html = await res.text();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
    for (
      const section of ["When it happens", "How to fix it", "Example request", "Example response"]
    ) {
      assert.ok(html.includes(`<h2>${section}</h2>`), section);
    }
    assert.ok(html.includes(`<h1>${escapeHtml(info.title)}</h1>`));
    assert.ok(html.includes(String(info.status)));
    assert.ok(!html.includes("<SUPPORT_EMAIL>"));

    const { body } = await getJson(app, `/problems/${code}`, JSON_ACCEPT);
    assert.equal(body.code, code);
    assert.equal(body.status, info.status);
    assert.equal(body.title, info.title);
    assert.equal(body.when, info.when);
    assert.equal(body.hint, info.hint.replaceAll("<SUPPORT_EMAIL>", "help@clubs.example"));
    assert.ok(body.example.request.length > 0);
    const example = body.example.response;
    assert.deepEqual(
      Object.keys(example),
      ["type", "title", "status", "detail", "code", "hint", "instance"],
    );
    assert.equal(example.type, `https://clubs.example/problems/${code}`);
    assert.equal(example.code, code);
  });
}

Deno.test("The example of each search error is what the endpoint really answers", async () => {
  for (const code of ["invalid_page", "invalid_limit", "invalid_waitlist"] as const) {
    const { body: page } = await getJson(app, `/problems/${code}`, JSON_ACCEPT);
    const url = new URL(PROBLEMS[code].example, "https://clubs.example");
    const real = await getJson(app, `${url.pathname}${url.search}`);
    assert.deepEqual(page.example.response, real.body, code);
    const parsed = parseSearch(Object.fromEntries(url.searchParams));
    assert.ok(!parsed.ok && parsed.error.detail === PROBLEMS[code].exampleDetail);
  }
});

Deno.test("GET /problems/<unknown> answers 404: a problem for JSON, a page for browsers", async () => {
  const { res, body } = await getJson(app, "/problems/no_such_code", JSON_ACCEPT);
  assert.equal(res.status, 404);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  assert.equal(body.code, "not_found");
  assert.equal(body.instance, "/problems/no_such_code");

  const page = await get(app, "/problems/no_such_code", BROWSER_ACCEPT);
  assert.equal(page.status, 404);
  assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
  const html = await page.text();
  assert.ok(html.includes("<code>no_such_code</code>"));
  for (const code of CODES) assert.ok(html.includes(`href="./${code}"`));
});

Deno.test("GET /problems/<unknown> escapes the code it quotes in HTML", async () => {
  const res = await get(app, `/problems/${encodeURIComponent(`<script>alert("x")</script>`)}`);
  const html = await res.text();
  assert.equal(res.status, 404);
  assert.ok(!html.includes("<script>"));
  assert.ok(html.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"));
});

Deno.test("prefersJson() weighs Accept media ranges and q-values", () => {
  assert.equal(prefersJson("application/json"), true);
  assert.equal(prefersJson("application/problem+json"), true);
  assert.equal(prefersJson("text/html, application/json;q=0.9"), false);
  assert.equal(prefersJson("text/html;q=0.5, application/json"), true);
  assert.equal(prefersJson("application/*"), true);
  assert.equal(prefersJson("*/*"), false);
  assert.equal(prefersJson(""), false);
  assert.equal(prefersJson("application/json;q=0"), false);
});

Deno.test("escapeHtml() escapes the five HTML-special characters", () => {
  assert.equal(
    escapeHtml(`<a href="x" title='y'>&</a>`),
    "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
  );
});
