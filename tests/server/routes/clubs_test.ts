import assert from "node:assert/strict";
import { Directory } from "../../../core/store/directory.ts";
import { CLUB_FIELDS } from "../../../core/schema/club.ts";
import { pageLinks, readSearchParams } from "../../../server/routes/clubs.ts";
import {
  FIXTURE_CSV,
  get,
  getJson,
  importFile,
  names,
  sharedFixture,
  testApp,
} from "../_helpers.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory);

const SPEC_FIELDS = [...CLUB_FIELDS, "fee_views"];

Deno.test("GET /api/v1/clubs answers the first page of all clubs sorted by name", async () => {
  const { res, body } = await getJson(app, "/api/v1/clubs");
  assert.equal(res.status, 200);
  assert.equal(body.total, 30);
  assert.equal(body.clubs.length, 30);
  assert.equal(body.fee_access, "locked");
  const list = names(body);
  assert.deepEqual(list, [...list].sort((a, b) => a.localeCompare(b, "en")));
  assert.equal(list[0], "Alpine Ski Club");
});

Deno.test("GET /api/v1/clubs sends every success header", async () => {
  const res = await get(app, "/api/v1/clubs?type=golf&limit=5");
  await res.body?.cancel();
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/json");
  assert.equal(res.headers.get("x-total-clubs"), "13");
  assert.match(res.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
  assert.equal(res.headers.get("ratelimit-policy"), "120;w=60");
  assert.match(res.headers.get("ratelimit")!, /^limit=120, remaining=\d+, reset=\d+$/);
  assert.equal(res.headers.get("x-data-source"), "Club Directory");
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  assert.equal(
    res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?type=golf&limit=5&page=2>; rel="next"',
  );
});

Deno.test("GET /api/v1/clubs sends no CORS headers, even to a cross-origin request", async () => {
  const responses = [
    await get(app, "/api/v1/clubs", { headers: { origin: "https://evil.example" } }),
    await get(app, "/api/v1/clubs?page=0", { headers: { origin: "https://evil.example" } }),
    await get(app, "/api/v1/clubs", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    }),
  ];
  for (const res of responses) {
    await res.body?.cancel();
    for (const [name] of res.headers) assert.ok(!name.startsWith("access-control-"), name);
  }
});

Deno.test("GET /api/v1/clubs: X-Total-Clubs equals total", async () => {
  for (const q of ["", "?state=FL", "?q=zzz", "?page=9"]) {
    const { res, body } = await getJson(app, `/api/v1/clubs${q}`);
    assert.equal(res.headers.get("x-total-clubs"), String(body.total), q);
  }
});

Deno.test("GET /api/v1/clubs: state FL and Florida match the same three clubs", async () => {
  const fl = await getJson(app, "/api/v1/clubs?state=FL");
  const florida = await getJson(app, "/api/v1/clubs?state=Florida");
  assert.deepEqual(names(fl.body), [
    "Club Havana Cigar Lounge",
    "Riverside Country Club",
    "Seminole Golf Club",
  ]);
  assert.equal(fl.body.total, 3);
  assert.deepEqual(fl.body, florida.body);
});

Deno.test("GET /api/v1/clubs: country GB and United Kingdom match the same clubs", async () => {
  const gb = await getJson(app, "/api/v1/clubs?country=GB");
  const uk = await getJson(app, "/api/v1/clubs?country=United%20Kingdom");
  assert.deepEqual(names(gb.body), ["Royal St. George's Golf Club"]);
  assert.deepEqual(gb.body, uk.body);
});

Deno.test("GET /api/v1/clubs: type=golf also matches country clubs", async () => {
  const { body } = await getJson(app, "/api/v1/clubs?type=golf&state=FL");
  assert.deepEqual(names(body), ["Riverside Country Club", "Seminole Golf Club"]);
});

Deno.test("GET /api/v1/clubs reads page=01 as page 1", async () => {
  const a = await get(app, "/api/v1/clubs?limit=5&page=01");
  const b = await get(app, "/api/v1/clubs?limit=5");
  assert.equal(a.status, 200);
  assert.equal(await a.text(), await b.text());
});

Deno.test("GET /api/v1/clubs treats empty page= and limit= as not sent", async () => {
  const a = await get(app, "/api/v1/clubs?page=&limit=");
  const b = await get(app, "/api/v1/clubs");
  assert.equal(a.status, 200);
  assert.equal(await a.text(), await b.text());
});

Deno.test("GET /api/v1/clubs answers a page far past the end with no clubs and the real total", async () => {
  const { res, body } = await getJson(app, "/api/v1/clubs?page=99999999999999999999");
  assert.equal(res.status, 200);
  assert.deepEqual(body, { clubs: [], total: 30, fee_access: "locked" });
  assert.equal(res.headers.get("x-total-clubs"), "30");
  // The way back leads to the last real page, not to page 99999999999999999998.
  assert.equal(
    res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?page=1>; rel="prev"',
  );
});

Deno.test("GET /api/v1/clubs pages with Link next and prev, keeping the other parameters", async () => {
  const first = await getJson(app, "/api/v1/clubs?q=club&limit=10&x=1");
  const second = await getJson(app, "/api/v1/clubs?q=club&limit=10&x=1&page=2");
  const last = await getJson(app, "/api/v1/clubs?q=club&page=3&limit=10&x=1");
  assert.equal(first.body.total, 27);
  assert.equal(
    first.res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?q=club&limit=10&x=1&page=2>; rel="next"',
  );
  assert.equal(
    second.res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?q=club&limit=10&x=1&page=3>; rel="next", ' +
      '<https://clubs.example/api/v1/clubs?q=club&limit=10&x=1&page=1>; rel="prev"',
  );
  assert.equal(
    last.res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?q=club&limit=10&x=1&page=2>; rel="prev"',
  );
  assert.equal(last.body.clubs.length, 7);
  const slugs = [first, second, last].flatMap((p) =>
    p.body.clubs.map((c: { slug: string }) => c.slug)
  );
  assert.equal(slugs.length, 27);
  assert.equal(new Set(slugs).size, 27);
});

Deno.test("GET /api/v1/clubs links on the request's own origin when no base URL is set", async () => {
  const local = testApp(fx.directory, { baseUrl: null });
  const res = await local.request("http://10.1.2.3:9000/api/v1/clubs?limit=10");
  await res.body?.cancel();
  assert.equal(
    res.headers.get("link"),
    '<http://10.1.2.3:9000/api/v1/clubs?limit=10&page=2>; rel="next"',
  );
});

Deno.test("GET /api/v1/clubs combines repeated waitlist values and uses the first of others", async () => {
  const repeated = await getJson(app, "/api/v1/clubs?waitlist=open&waitlist=closed");
  const listed = await getJson(app, "/api/v1/clubs?waitlist=open,closed");
  assert.equal(repeated.body.total, 6);
  assert.deepEqual(repeated.body, listed.body);
  const twice = await getJson(app, "/api/v1/clubs?state=FL&state=Texas");
  assert.equal(twice.body.total, 3);
});

Deno.test("GET /api/v1/clubs ignores unknown parameters", async () => {
  const a = await get(app, "/api/v1/clubs?foo=bar&state=FL&_=123");
  const b = await get(app, "/api/v1/clubs?state=FL");
  assert.equal(await a.text(), await b.text());
});

Deno.test("GET /api/v1/clubs: every Club field is present, nulls as null, fee_views has four keys", async () => {
  const { body } = await getJson(app, "/api/v1/clubs");
  for (const club of body.clubs) {
    assert.deepEqual(Object.keys(club), SPEC_FIELDS, club.name);
    assert.deepEqual(Object.keys(club.fee_views), ["initiation", "annual", "monthly", "firstYear"]);
    // Anonymous callers never see a figure.
    assert.equal(club.initiation_fee, null);
    assert.equal(club.annual_dues, null);
    assert.equal(club.monthly_dues, null);
  }
  const mystery = body.clubs.find((c: { slug: string }) => c.slug === "mystery");
  for (const f of SPEC_FIELDS) {
    if (["id", "name", "slug", "currency", "fee_views"].includes(f)) continue;
    assert.equal(mystery[f], null, f);
  }
  assert.deepEqual(mystery.fee_views.initiation, { kind: "none" });
  const pine = body.clubs.find((c: { slug: string }) => c.slug === "pine-valley-golf-club");
  assert.deepEqual(pine.fee_views.initiation, { kind: "locked" });
  assert.deepEqual(pine.fee_views.firstYear, { kind: "locked" });
});

Deno.test("GET /api/v1/clubs shows fee bands to a caller whose access is band", async () => {
  const banded = testApp(fx.directory, { access: () => "band" });
  const { body } = await getJson(banded, "/api/v1/clubs?q=pine%20valley");
  assert.equal(body.fee_access, "band");
  assert.equal(body.clubs[0].initiation_fee, null);
  assert.equal(body.clubs[0].fee_views.initiation.kind, "band");
  // The anonymous body of the same query is cached separately.
  const anon = await getJson(app, "/api/v1/clubs?q=pine%20valley");
  assert.equal(anon.body.clubs[0].fee_views.initiation.kind, "locked");
});

Deno.test("GET /api/v1/clubs: a cached body is byte-identical to a freshly built one", async () => {
  const path = "/api/v1/clubs?type=golf&limit=4&page=2";
  const first = await (await get(app, path)).text();
  const cached = await (await get(app, path)).text();
  // A second directory over the same file has cold caches.
  const cold = new Directory(fx.path, { checkEveryMs: 0 });
  try {
    const fresh = await (await get(testApp(cold), path)).text();
    assert.equal(cached, first);
    assert.equal(fresh, first);
    assert.equal(fx.directory.current().memoStats()["clubs.pages"]!.size > 0, true);
  } finally {
    cold.close();
  }
});

Deno.test("HEAD /api/v1/clubs answers the GET headers without a body", async () => {
  const res = await get(app, "/api/v1/clubs?state=FL", { method: "HEAD" });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("x-total-clubs"), "3");
  assert.equal(await res.text(), "");
});

Deno.test("GET /api/v1/clubs clamps limit=500 to 200", async () => {
  // 250 clubs: more than one clamped page.
  const dir = await Deno.makeTempDir({ prefix: "clubdir-server-test-" });
  const big = new Directory(`${dir}/clubs.db`, { checkEveryMs: 0 });
  try {
    const header = (await Deno.readTextFile(FIXTURE_CSV)).split("\n")[0];
    const rows = Array.from({ length: 250 }, (_, i) => {
      const n = String(i + 1).padStart(12, "0");
      return `Club ${n},,,,golf,,,,,,,,USD,,,,,,,,,,,,00000000-0000-4000-8000-${n},club-${n}`;
    });
    await Deno.writeTextFile(`${dir}/big.csv`, [header, ...rows].join("\n") + "\n");
    await importFile(`${dir}/big.csv`, `${dir}/clubs.db`);
    const bigApp = testApp(big);
    const { res, body } = await getJson(bigApp, "/api/v1/clubs?limit=500");
    assert.equal(res.status, 200);
    assert.equal(body.clubs.length, 200);
    assert.equal(body.total, 250);
    assert.equal(
      res.headers.get("link"),
      '<https://clubs.example/api/v1/clubs?limit=500&page=2>; rel="next"',
    );
    const second = await getJson(bigApp, "/api/v1/clubs?limit=500&page=2");
    assert.equal(second.body.clubs.length, 50);
  } finally {
    big.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readSearchParams() keeps the first scalar value and every waitlist value", () => {
  assert.deepEqual(
    readSearchParams("type=golf&type=city&waitlist=open&waitlist=closed,unknown&x=1&page=2"),
    { type: "golf", waitlist: ["open", "closed,unknown"], page: "2" },
  );
  assert.deepEqual(readSearchParams(""), {});
  assert.deepEqual(readSearchParams("q=caf%C3%A9+club"), { q: "café club" });
});

Deno.test("pageLinks() gives no Link on a single page and prev to the last page past the end", () => {
  assert.equal(pageLinks("https://x", "", 1, 50, 30), null);
  assert.equal(pageLinks("https://x", "", 1, 50, 0), null);
  assert.equal(pageLinks("https://x", "", 7, 10, 0), '<https://x/api/v1/clubs?page=1>; rel="prev"');
  assert.equal(
    pageLinks("https://x", "q=a&", 3, 10, 25),
    '<https://x/api/v1/clubs?q=a&page=2>; rel="prev"',
  );
});
