// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { Hono } from "hono";
import { Directory } from "../../../core/store/directory.ts";
import type { FeeAccess } from "../../../core/club/mod.ts";
import { toApiClub } from "../../../core/club/mod.ts";
import { newToken, SessionStore, sessionStorePath } from "../../../core/sessions/mod.ts";
import type { AppEnv } from "../../../server/http/env.ts";
import { createProblems } from "../../../server/respond/mod.ts";
import { profileRoutes } from "../../../server/routes/profile.ts";
import { escapeHtml as esc, STYLESHEET } from "../../../server/html/mod.ts";
import { PROBLEMS } from "../../../core/model/problems.ts";
import { sessionAccess } from "../../../server/http/sessions.ts";
import { csvFile, fixture, FIXTURE_CSV, sharedFixture } from "../../_fixture.ts";
import { assertMatchesSchema } from "../_openapi.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";

const BASE = "http://clubs.test";
const DAY = 86_400_000;
const SUPPORT = "help@clubs.test";
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

// One fixture database and session store for the whole module; the routes
// are mounted the way server/app.ts mounts them: at the root, with the
// session store as config.access and the app's problem handler.
const fx = await sharedFixture();
const writer = SessionStore.writer(sessionStorePath(fx.path));
const member = writer.create({ tier: "member", ttlMs: DAY }).token;
const free = writer.create({ tier: "free", ttlMs: DAY }).token;
const expired = writer.create({ tier: "member", ttlMs: 1, now: Date.now() - DAY }).token;
const revoked = writer.create({ tier: "member", ttlMs: DAY }).token;
writer.revoke(revoked);
writer.close();

function appFor(
  dbPath: string,
  access: (req: Request) => FeeAccess = sessionAccess(
    SessionStore.reader(sessionStorePath(dbPath)),
  ),
): Hono<AppEnv> {
  const problems = createProblems({ baseUrl: BASE, supportEmail: SUPPORT, errorLog: () => {} });
  const app = new Hono<AppEnv>();
  app.route(
    "/",
    profileRoutes({
      directory: new Directory(dbPath),
      access,
      baseUrl: () => BASE,
      hint: problems.hint,
    }),
  );
  app.onError(problems.onError);
  return app;
}

const app = appFor(fx.path);

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(app.request(`${BASE}${path}`, { headers }));
}

async function clubJson(slug: string, headers: Record<string, string> = {}) {
  const res = await get(`/clubs/${slug}`, { accept: "application/json", ...headers });
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "application/json");
  const body = await res.json();
  assertMatchesSchema(body, "Club");
  return body;
}

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const cookie = (t: string) => ({ cookie: `session=${t}` });

Deno.test("JSON is exactly toApiClub(record, access) for each access level", async () => {
  const record = fx.store.bySlug("pine-valley-golf-club")!;
  assertEquals(await clubJson("pine-valley-golf-club"), toApiClub(record, "locked"));
  assertEquals(
    await clubJson("pine-valley-golf-club", cookie(free)),
    toApiClub(record, "band"),
  );
  assertEquals(
    await clubJson("pine-valley-golf-club", bearer(member)),
    toApiClub(record, "exact"),
  );
});

Deno.test("anonymous: figures null, locked where a figure exists, none where none", async () => {
  const pv = await clubJson("pine-valley-golf-club");
  assertEquals([pv.initiation_fee, pv.annual_dues, pv.monthly_dues], [null, null, null]);
  assertEquals(pv.fee_views, {
    initiation: { kind: "locked" },
    annual: { kind: "locked" },
    monthly: { kind: "locked" },
    firstYear: { kind: "locked" },
  });
  const seminole = await clubJson("seminole");
  assertEquals(seminole.fee_views, {
    initiation: { kind: "locked" },
    annual: { kind: "locked" },
    monthly: { kind: "none" },
    firstYear: { kind: "locked" },
  });
  const ottawa = await clubJson("riverside-ottawa");
  assertStrictEquals(ottawa.fee_tier, "none");
  for (const v of Object.values(ottawa.fee_views)) assertEquals(v, { kind: "none" });
});

Deno.test("free session: figures null, bands, estimate flags per tier", async () => {
  for (const headers of [cookie(free), bearer(free)]) {
    const pv = await clubJson("pine-valley-golf-club", headers);
    assertEquals([pv.initiation_fee, pv.annual_dues, pv.monthly_dues], [null, null, null]);
    assertEquals(pv.fee_views, {
      initiation: { kind: "band", label: "$250,000–$500,000", estimate: false },
      annual: { kind: "band", label: "$25,000–$50,000", estimate: false },
      monthly: { kind: "band", label: "$2,500–$5,000", estimate: false },
      firstYear: { kind: "band", label: "$250,000–$500,000", estimate: false },
    });
    const seminole = await clubJson("seminole", headers);
    assertEquals(seminole.fee_views, {
      initiation: { kind: "band", label: "$100,000–$250,000", estimate: true },
      annual: { kind: "band", label: "$10,000–$25,000", estimate: true },
      monthly: { kind: "none" },
      firstYear: { kind: "band", label: "$100,000–$250,000", estimate: true },
    });
    const ottawa = await clubJson("riverside-ottawa", headers);
    for (const v of Object.values(ottawa.fee_views)) assertEquals(v, { kind: "none" });
  }
});

Deno.test("member session: verified figures exact, estimates as bands", async () => {
  for (const headers of [bearer(member), cookie(member)]) {
    const pv = await clubJson("pine-valley-golf-club", headers);
    assertEquals([pv.initiation_fee, pv.annual_dues, pv.monthly_dues], [
      250_000,
      30_000,
      2_500,
    ]);
    assertEquals(pv.fee_views, {
      initiation: { kind: "exact", label: "$250,000" },
      annual: { kind: "exact", label: "$30,000" },
      monthly: { kind: "exact", label: "$2,500" },
      firstYear: { kind: "exact", label: "$280,000" },
    });
    const seminole = await clubJson("seminole", headers);
    assertEquals(
      [seminole.initiation_fee, seminole.annual_dues, seminole.monthly_dues],
      [null, null, null],
    );
    assertEquals(seminole.fee_views.initiation, {
      kind: "band",
      label: "$100,000–$250,000",
      estimate: true,
    });
    const ottawa = await clubJson("riverside-ottawa", headers);
    for (const v of Object.values(ottawa.fee_views)) assertEquals(v, { kind: "none" });
  }
});

Deno.test("expired, revoked and unknown tokens see the anonymous view", async () => {
  const anonymous = await clubJson("pine-valley-golf-club");
  for (const token of [expired, revoked, newToken(), "not-a-token"]) {
    assertEquals(await clubJson("pine-valley-golf-club", bearer(token)), anonymous);
    assertEquals(await clubJson("pine-valley-golf-club", cookie(token)), anonymous);
  }
});

Deno.test("a session created while serving counts without a restart", async () => {
  const w = SessionStore.writer(sessionStorePath(fx.path));
  const late = w.create({ tier: "member", ttlMs: DAY }).token;
  w.close();
  const pv = await clubJson("pine-valley-golf-club", bearer(late));
  assertStrictEquals(pv.initiation_fee, 250_000);
});

Deno.test("HTML profile shows the club's facts", async () => {
  const res = await get("/clubs/pine-valley-golf-club", { accept: BROWSER });
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "text/html; charset=UTF-8");
  const html = await res.text();
  for (
    const text of [
      "<h1>Pine Valley Golf Club</h1>",
      "Pine Valley, New Jersey, United States",
      "Golf",
      "Verified listing",
      "By invitation",
      "<dt>Holes</dt><dd>18</dd>",
      "<dt>Par</dt><dd>70</dd>",
      "7,181 yards",
      "George Crump",
      "<li>Dining</li>",
      "The most exclusive course, some say.",
      'src="https://images.example/pv.jpg"',
      "4.9 / 5 (120 Google reviews)",
      "First-year cost",
    ]
  ) {
    assert(html.includes(text), `missing ${text}`);
  }
  assertMatch(html, /^<!doctype html>/);
  assert(!/<script|@import|<style/i.test(html), "no scripts, no inline styles");
  // The listing's status is bookkeeping, not for visitors.
  assert(!html.includes("Published"));
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  assertEquals(sheets, [STYLESHEET.path], "only the site's own hashed stylesheet");
});

Deno.test("HTML fees follow the session: locked, bands, exact", async () => {
  const anon = await (await get("/clubs/pine-valley-golf-club")).text();
  assertStrictEquals(anon.match(/class="locked">locked</g)?.length, 4);
  assert(!/250,000|30,000|2,500|\$\d/.test(anon), "no figure or band for anonymous");

  const band = await (await get("/clubs/pine-valley-golf-club", cookie(free))).text();
  assert(band.includes("$250,000–$500,000"));
  assert(!band.includes(">$250,000<"));

  const exact = await (await get("/clubs/pine-valley-golf-club", bearer(member))).text();
  assert(exact.includes('<span class="fee">$250,000</span>'));
  assert(exact.includes('<span class="fee">$280,000</span>'));

  const seminoleMember = await (await get("/clubs/seminole", bearer(member))).text();
  assert(seminoleMember.includes('$100,000–$250,000</span> <span class="muted">(estimate)'));
  assert(seminoleMember.includes("not on file"), "monthly dues not on file");

  const ottawa = await (await get("/clubs/riverside-ottawa")).text();
  assertStrictEquals(ottawa.match(/not on file/g)?.length, 4);
  assert(ottawa.includes("No fees are on file for this club."));
});

Deno.test("Accept negotiation: JSON only when preferred over HTML", async () => {
  const cases: [string | null, string][] = [
    [null, "text/html"],
    ["*/*", "text/html"],
    [BROWSER, "text/html"],
    ["text/html", "text/html"],
    ["text/html, application/json;q=0.9", "text/html"],
    ["application/json", "application/json"],
    ["application/json, text/html;q=0.5", "application/json"],
    ["application/*", "application/json"],
    ["application/json;q=0.9, */*;q=0.1", "application/json"],
  ];
  for (const [accept, type] of cases) {
    const res = await get("/clubs/seminole", accept === null ? {} : { accept });
    assertStrictEquals(res.status, 200);
    assert(res.headers.get("content-type")!.startsWith(type), `${accept} → ${type}`);
    await res.body?.cancel();
  }
});

Deno.test("responses vary by session and are kept only by the caller, revalidated", async () => {
  for (const accept of ["application/json", BROWSER]) {
    const res = await get("/clubs/seminole", { accept });
    assertStrictEquals(res.headers.get("cache-control"), "private, no-cache");
    assertStrictEquals(res.headers.get("vary"), "Accept, Authorization, Cookie, Accept-Encoding");
    await res.body?.cancel();
  }
});

Deno.test("unknown slug: 404 not_found problem for JSON clients", async () => {
  for (const path of ["/clubs/no-such-club", "/clubs/Not%20A%20Slug"]) {
    const res = await get(path, { accept: "application/json" });
    assertStrictEquals(res.status, 404);
    assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
    const body = await res.json();
    assertMatchesSchema(body, "Problem");
    assertEquals(Object.keys(body), [
      "type",
      "title",
      "status",
      "detail",
      "code",
      "hint",
      "instance",
    ]);
    assertStrictEquals(body.type, `${BASE}/problems/not_found`);
    assertStrictEquals(body.title, PROBLEMS.not_found.title);
    assertStrictEquals(body.status, 404);
    assertStrictEquals(body.code, "not_found");
    assertStrictEquals(body.hint, PROBLEMS.not_found.hint);
    assertStrictEquals(body.instance, path);
    assertMatch(body.detail, /^No club has the slug "/);
  }
});

Deno.test("unknown slug: a plain 404 HTML page for browsers", async () => {
  const res = await get("/clubs/no-such-club", { accept: BROWSER });
  assertStrictEquals(res.status, 404);
  assertStrictEquals(res.headers.get("content-type"), "text/html; charset=UTF-8");
  const html = await res.text();
  // Words for a person and a way back, not the API's problem.
  assert(html.includes("<h1>No club at this address</h1>"));
  assert(html.includes('<a href="/clubs?q=no%20such%20club">'));
  assert(!/api\/v1|OpenAPI|\/problems\//.test(html.split("<main")[1]!.split("</main>")[0]!));
});

Deno.test("the 404 page escapes the path it echoes", async () => {
  const res = await get("/clubs/%3Cscript%3Ealert(1)%3C%2Fscript%3E", { accept: BROWSER });
  assertStrictEquals(res.status, 404);
  const html = await res.text();
  assert(!html.includes("<script"), html);
  assert(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
});

Deno.test("everything from the database is escaped in HTML", async () => {
  const header = (await Deno.readTextFile(FIXTURE_CSV)).split("\n")[0]!;
  const cols = header.split(",");
  const cell = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const values: Record<string, string> = {
    name: "<script>alert(1)</script>",
    city: `"><img src=x onerror=alert(2)>`,
    state: "<b>State</b>",
    country: "Q&A 'Land'",
    type: "golf",
    status: "published",
    waitlist_status: "open",
    amenities: `["<iframe src=//evil>"]`,
    description: "<script>alert(3)</script>\n\n<a href=javascript:alert(4)>x</a>",
    course_architect: "</dd><script>alert(5)</script>",
    hero_image_url: `https://img.example/a.jpg?q="><script>alert(6)</script>`,
    currency: "USD",
    slug: "xss-club",
    id: "00000000-0000-4000-8000-0000000000aa",
  };
  const row = cols.map((c) => values[c] === undefined ? "" : cell(values[c]!)).join(",");
  await using evil = await fixture({ csv: await csvFile(`${header}\n${row}\n`) });
  const res = await appFor(evil.path).request(`${BASE}/clubs/xss-club`, {
    headers: { accept: BROWSER },
  });
  assertStrictEquals(res.status, 200);
  const html = await res.text();
  assert(!/<script|<img src=x|<iframe|<b>State|<a href=javascript/i.test(html), html);
  assert(html.includes("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"));
  assert(html.includes("<title>&lt;script&gt;alert(1)&lt;/script&gt; · Club Directory</title>"));
  assert(html.includes(esc(values.city!)));
  assert(html.includes("Q&amp;A &#39;Land&#39;"));
  assert(html.includes(esc(values.course_architect!)));
  const json = await (await appFor(evil.path).request(`${BASE}/clubs/xss-club`, {
    headers: { accept: "application/json" },
  })).json();
  assertStrictEquals(json.name, values.name, "JSON carries the value as it is");
});

Deno.test("store unavailable: 500 clubs_unavailable, problem or HTML", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const broken = appFor(`${dir}/missing.db`, () => "locked");
    const res = await broken.request(`${BASE}/clubs/seminole`, {
      headers: { accept: "application/json" },
    });
    assertStrictEquals(res.status, 500);
    assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
    const body = await res.json();
    assertMatchesSchema(body, "Problem");
    assertStrictEquals(body.code, "clubs_unavailable");
    assertStrictEquals(body.type, `${BASE}/problems/clubs_unavailable`);
    assertStrictEquals(
      body.hint,
      PROBLEMS.clubs_unavailable.hint.replace("<SUPPORT_EMAIL>", SUPPORT),
    );
    assert(!body.detail.includes(dir), "no server path in the detail");
    const page = await broken.request(`${BASE}/clubs/seminole`, { headers: { accept: BROWSER } });
    assertStrictEquals(page.status, 500);
    const html = await page.text();
    assert(html.includes("<h1>The directory is unavailable</h1>"));
    assert(html.includes(SUPPORT), "the hint names the support address");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("every fixture club renders as a valid Club for every access level", async () => {
  const slugs = (fx.store.db.prepare("SELECT slug FROM clubs").all() as { slug: string }[])
    .map((r) => r.slug);
  assert(slugs.length >= 28);
  for (const slug of slugs) {
    for (const headers of [{}, cookie(free), bearer(member)]) {
      await clubJson(slug, headers);
    }
    const html = await get(`/clubs/${slug}`);
    assertStrictEquals(html.status, 200, slug);
    await html.body?.cancel();
  }
});
