// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * The whole app as `main.ts serve` runs it (startServer() on a loopback port):
 * sessions decide fee visibility on REST and profile pages, /openapi.json,
 * and the MCP endpoint behind the same rate limit and Host allowlist.
 */
import { DEFAULT_SETTINGS } from "../../server/options.ts";
import { startServer } from "../../server/runtime/mod.ts";
import { assertMatchesSchema } from "./_openapi.ts";
import { sessionTokens, testApp } from "./_helpers.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../_assert.ts";
import { fixture } from "../_fixture.ts";

async function serveFixture(overrides: Partial<typeof DEFAULT_SETTINGS> = {}) {
  const fx = await fixture();
  const running = await startServer({
    settings: { ...DEFAULT_SETTINGS, db: fx.path, port: 0, quiet: true, ...overrides },
    log: () => {},
  });
  const base = `http://127.0.0.1:${running.addr.port}`;
  return {
    fx,
    base,
    async [Symbol.asyncDispose]() {
      await running.stop();
      await fx[Symbol.asyncDispose]();
    },
  };
}

async function clubs(base: string, query: string, headers: HeadersInit = {}) {
  const res = await fetch(`${base}/api/v1/clubs?${query}`, { headers });
  assertStrictEquals(res.status, 200);
  const body = await res.json();
  assertMatchesSchema(body, "ClubList");
  return body;
}

Deno.test("serve shows the three fee tiers on the same clubs by session", async () => {
  await using s = await serveFixture();
  const { free, member } = sessionTokens(s.fx.path);
  const q = "q=pine%20valley";
  const anon = await clubs(s.base, q);
  const band = await clubs(s.base, q, { cookie: `session=${free}` });
  const exact = await clubs(s.base, q, { authorization: `Bearer ${member}` });
  assertEquals([anon.fee_access, band.fee_access, exact.fee_access], [
    "locked",
    "band",
    "exact",
  ]);
  const [a, b, e] = [anon.clubs[0], band.clubs[0], exact.clubs[0]];
  assertStrictEquals(a.initiation_fee, null);
  assertEquals(a.fee_views.initiation, { kind: "locked" });
  assertStrictEquals(b.initiation_fee, null);
  assertEquals(b.fee_views.initiation, {
    kind: "band",
    label: "$250,000–$500,000",
    estimate: false,
  });
  assertStrictEquals(e.initiation_fee, 250000);
  assertEquals(e.fee_views.initiation, { kind: "exact", label: "$250,000" });
  assertEquals(e.fee_views.firstYear, { kind: "exact", label: "$280,000" });

  // An estimate-tier club: members see a band marked as an estimate, no figure.
  const seminole =
    (await clubs(s.base, "q=seminole", { authorization: `Bearer ${member}` })).clubs[0];
  assertStrictEquals(seminole.initiation_fee, null);
  assertEquals(seminole.fee_views.initiation, {
    kind: "band",
    label: "$100,000–$250,000",
    estimate: true,
  });
  assertEquals(seminole.fee_views.monthly, { kind: "none" });
});

Deno.test("serve answers an unknown token like no session", async () => {
  await using s = await serveFixture();
  sessionTokens(s.fx.path);
  const body = await clubs(s.base, "limit=1", { authorization: "Bearer cds_not-a-real-token" });
  assertStrictEquals(body.fee_access, "locked");
});

Deno.test("serve's profile pages follow the session too", async () => {
  await using s = await serveFixture();
  const { member } = sessionTokens(s.fx.path);
  const res = await fetch(`${s.base}/clubs/pine-valley-golf-club`, {
    headers: { accept: "application/json", authorization: `Bearer ${member}` },
  });
  assertStrictEquals(res.status, 200);
  const club = await res.json();
  assertMatchesSchema(club, "Club");
  assertStrictEquals(club.annual_dues, 30000);
});

Deno.test("serve publishes a valid OpenAPI 3.0.0 document at /openapi.json", async () => {
  await using s = await serveFixture();
  const res = await fetch(`${s.base}/openapi.json`);
  assertStrictEquals(res.status, 200);
  assertMatch(res.headers.get("content-type") ?? "", /application\/json/);
  const doc = await res.json();
  assertStrictEquals(doc.openapi, "3.0.0");
  assertStrictEquals(doc.info.version, "1.2.0");
  for (const path of ["/api/v1/clubs", "/api/mcp", "/clubs/{slug}", "/problems/{code}"]) {
    assert(doc.paths[path], path);
  }
});

const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });

Deno.test("serve's MCP endpoint answers on its own address and refuses other Hosts", async () => {
  await using s = await serveFixture();
  const ok = await fetch(`${s.base}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: LIST,
  });
  assertStrictEquals(ok.status, 200);
  assertStrictEquals((await ok.json()).result.tools.length, 5);
  // fetch sets Host from the URL, so ask through a raw request for another Host.
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(s.base).port) });
  const req = `POST /api/mcp HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${LIST.length}\r\nConnection: close\r\n\r\n${LIST}`;
  await conn.write(new TextEncoder().encode(req));
  const raw = new TextDecoder().decode(
    (await new Response(conn.readable).arrayBuffer()) as ArrayBuffer,
  );
  assertMatch(raw, /^HTTP\/1\.1 403/);
});

Deno.test("MCP calls count against the REST rate limit, and the 429 carries CORS", async () => {
  await using s = await serveFixture({ rateLimit: { limit: 2, windowSeconds: 60 } });
  const post = () =>
    fetch(`${s.base}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://agent.example" },
      body: LIST,
    });
  assertStrictEquals(
    (await fetch(`${s.base}/api/v1/clubs?limit=1`).then(async (r) => (await r.body?.cancel(), r)))
      .status,
    200,
  );
  const second = await post();
  await second.body?.cancel();
  assertStrictEquals(second.status, 200);
  const third = await post();
  assertStrictEquals(third.status, 429);
  assertStrictEquals(third.headers.get("access-control-allow-origin"), "*");
  assert(third.headers.get("retry-after"));
  await third.body?.cancel();
});

Deno.test("serve answers / with the snapshot and a link to every entry point", async () => {
  await using s = await serveFixture();
  const res = await fetch(`${s.base}/`);
  assertStrictEquals(res.status, 200);
  const body = await res.json();
  assertStrictEquals(body.name, "Club Directory");
  assertStrictEquals(body.snapshot.clubs, 30);
  assertStrictEquals(body.links.clubs, `${s.base}/api/v1/clubs`);
  for (const link of ["openapi", "problems", "mcp"]) {
    assert(String(body.links[link]).startsWith(s.base), link);
  }
  assertStrictEquals(
    (await fetch(body.links.example).then(async (r) => (await r.body?.cancel(), r))).status,
    200,
  );
});

Deno.test("the profile links MCP returns resolve to the club's profile", async () => {
  await using s = await serveFixture();
  const call = JSON.stringify({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "search_clubs", arguments: { q: "riverside" } },
  });
  const res = await fetch(`${s.base}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: call,
  });
  const { result } = await res.json();
  // Compact rows: the url is the link, ending in the slug.
  const clubs = result.structuredContent.clubs as { url: string }[];
  assertStrictEquals(clubs.length, 3);
  for (const club of clubs) {
    const slug = club.url.slice(`${s.base}/clubs/`.length);
    assertStrictEquals(club.url, `${s.base}/clubs/${slug}`);
    const page = await fetch(club.url, { headers: { accept: "application/json" } });
    assertStrictEquals(page.status, 200);
    assertStrictEquals((await page.json()).slug, slug);
  }
});

Deno.test("Without --base-url no publicly cacheable response depends on the Host header", async () => {
  await using s = await serveFixture();
  const port = Number(new URL(s.base).port);
  /** GET over a raw connection, so the Host header can be anything. */
  async function rawGet(path: string, host: string, accept: string) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(new TextEncoder().encode(
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`,
    ));
    const raw = new TextDecoder().decode(
      (await new Response(conn.readable).arrayBuffer()) as ArrayBuffer,
    );
    const [head = "", body = ""] = raw.split("\r\n\r\n", 2);
    const cacheControl = /^cache-control: (.*)$/im.exec(head)?.[1] ?? "";
    return { cacheControl, body: body.replace(/[0-9a-f-]{36}/g, "<id>") };
  }
  const paths = [
    "/",
    "/openapi.json",
    "/problems",
    "/problems/invalid_page",
    "/problems/no_such_code",
    "/api/v1/clubs?limit=2&page=2",
    "/api/v1/nope",
    "/clubs/pine-valley-golf-club",
    "/robots.txt",
  ];
  for (const path of paths) {
    for (const accept of ["text/html", "application/json"]) {
      const a = await rawGet(path, `127.0.0.1:${port}`, accept);
      const b = await rawGet(path, "evil.example", accept);
      if (/\bpublic\b/.test(a.cacheControl) || /\bpublic\b/.test(b.cacheControl)) {
        assertStrictEquals(a.body, b.body, `${path} (${accept}) is public but depends on Host`);
      } else if (a.body !== b.body) {
        assert(/private|no-store/.test(a.cacheControl), `${path} (${accept}): ${a.cacheControl}`);
      }
    }
  }
});

Deno.test("Every HTML answer, error pages included, carries a CSP and nosniff", async () => {
  await using fx = await fixture();
  const app = testApp(fx.directory, { rateLimit: "off" });
  const paths = [
    "/",
    "/problems",
    "/problems/invalid_page",
    "/problems/no_such_code",
    "/clubs/pine-valley-golf-club",
    "/clubs/no-such-club",
    "/search?q=pine",
    "/search?page=0",
    "/no/such/page",
  ];
  let pages = 0;
  for (const path of paths) {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await app.request(`http://127.0.0.1${path}`, {
        method,
        headers: { accept: "text/html" },
      });
      await res.body?.cancel();
      if (!res.headers.get("content-type")?.startsWith("text/html")) continue;
      pages++;
      assert(res.headers.get("content-security-policy"), `${method} ${path}`);
      assertStrictEquals(res.headers.get("x-content-type-options"), "nosniff", `${method} ${path}`);
    }
  }
  assert(pages >= 6, `${pages} HTML answers`);
});
