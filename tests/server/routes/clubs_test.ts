// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import fc from "fast-check";
import { Directory } from "../../../core/store/directory.ts";
import { MEMO_BUDGET_BYTES } from "../../../core/store/memo.ts";
import { CLUB_FIELDS } from "../../../core/schema/club.ts";
import { Hono } from "hono";
import { clubsRoute, linkParams, pageLinks, queryCache } from "../../../server/routes/clubs.ts";
import { createProblems } from "../../../server/respond/mod.ts";
import { readSearchParams } from "../../../server/http/search_params.ts";
import { get, getJson, names, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { fixture, numberedClubsCsv, sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory);

const SPEC_FIELDS = [...CLUB_FIELDS, "fee_views"];

Deno.test("GET /api/v1/clubs answers the first page of all clubs sorted by name", async () => {
  const { res, body } = await getJson(app, "/api/v1/clubs");
  assertStrictEquals(res.status, 200);
  assertStrictEquals(body.total, 30);
  assertStrictEquals(body.clubs.length, 30);
  assertStrictEquals(body.fee_access, "locked");
  const list = names(body);
  assertEquals(list, [...list].sort((a, b) => a.localeCompare(b, "en")));
  assertStrictEquals(list[0], "Alpine Ski Club");
});

Deno.test("GET /api/v1/clubs sends every success header", async () => {
  const res = await get(app, "/api/v1/clubs?type=golf&limit=5");
  await res.body?.cancel();
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "application/json");
  assertStrictEquals(res.headers.get("x-total-clubs"), "13");
  assertMatch(res.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
  assertStrictEquals(res.headers.get("ratelimit-policy"), "120;w=60");
  assertMatch(res.headers.get("ratelimit")!, /^limit=120, remaining=\d+, reset=\d+$/);
  assertStrictEquals(res.headers.get("x-data-source"), "Club Directory");
  assertStrictEquals(res.headers.get("cache-control"), "private, no-store");
  assertStrictEquals(
    res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?type=golf&limit=5&page=2>; rel="next", ' +
      '<https://clubs.example/api/v1/clubs?type=golf&limit=5&page=1>; rel="first", ' +
      '<https://clubs.example/api/v1/clubs?type=golf&limit=5&page=3>; rel="last"',
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
    for (const [name] of res.headers) assert(!name.startsWith("access-control-"), name);
  }
});

Deno.test("GET /api/v1/clubs: X-Total-Clubs equals total", async () => {
  for (const q of ["", "?state=FL", "?q=zzz", "?page=9"]) {
    const { res, body } = await getJson(app, `/api/v1/clubs${q}`);
    assertStrictEquals(res.headers.get("x-total-clubs"), String(body.total), q);
  }
});

Deno.test("GET /api/v1/clubs: state FL and Florida match the same three clubs", async () => {
  const fl = await getJson(app, "/api/v1/clubs?state=FL");
  const florida = await getJson(app, "/api/v1/clubs?state=Florida");
  assertEquals(names(fl.body), [
    "Club Havana Cigar Lounge",
    "Riverside Country Club",
    "Seminole Golf Club",
  ]);
  assertStrictEquals(fl.body.total, 3);
  assertEquals(fl.body, florida.body);
});

Deno.test("GET /api/v1/clubs: country GB and United Kingdom match the same clubs", async () => {
  const gb = await getJson(app, "/api/v1/clubs?country=GB");
  const uk = await getJson(app, "/api/v1/clubs?country=United%20Kingdom");
  assertEquals(names(gb.body), ["Royal St. George's Golf Club"]);
  assertEquals(gb.body, uk.body);
});

Deno.test("GET /api/v1/clubs: type=golf also matches country clubs", async () => {
  const { body } = await getJson(app, "/api/v1/clubs?type=golf&state=FL");
  assertEquals(names(body), ["Riverside Country Club", "Seminole Golf Club"]);
});

Deno.test("GET /api/v1/clubs reads page=01 as page 1", async () => {
  const a = await get(app, "/api/v1/clubs?limit=5&page=01");
  const b = await get(app, "/api/v1/clubs?limit=5");
  assertStrictEquals(a.status, 200);
  assertStrictEquals(await a.text(), await b.text());
});

Deno.test("GET /api/v1/clubs treats empty page= and limit= as not sent", async () => {
  const a = await get(app, "/api/v1/clubs?page=&limit=");
  const b = await get(app, "/api/v1/clubs");
  assertStrictEquals(a.status, 200);
  assertStrictEquals(await a.text(), await b.text());
});

Deno.test("GET /api/v1/clubs answers a page far past the end with no clubs and the real total", async () => {
  const { res, body } = await getJson(app, "/api/v1/clubs?page=99999999999999999999");
  assertStrictEquals(res.status, 200);
  assertEquals(body, { clubs: [], total: 30, fee_access: "locked" });
  assertStrictEquals(res.headers.get("x-total-clubs"), "30");
  // The way back leads to the last real page, not to page 99999999999999999998.
  assertStrictEquals(
    res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?page=1>; rel="prev", ' +
      '<https://clubs.example/api/v1/clubs?page=1>; rel="first", ' +
      '<https://clubs.example/api/v1/clubs?page=1>; rel="last"',
  );
});

Deno.test("GET /api/v1/clubs pages with Link next, prev, first and last, keeping the search parameters", async () => {
  const first = await getJson(app, "/api/v1/clubs?q=club&limit=10&x=1");
  const second = await getJson(app, "/api/v1/clubs?q=club&limit=10&x=1&page=2");
  const last = await getJson(app, "/api/v1/clubs?q=club&page=3&limit=10&x=1");
  assertStrictEquals(first.body.total, 27);
  const at = (page: number, rel: string) =>
    `<https://clubs.example/api/v1/clubs?q=club&limit=10&page=${page}>; rel="${rel}"`;
  // The unknown x=1 is not carried into the links.
  assertStrictEquals(
    first.res.headers.get("link"),
    [at(2, "next"), at(1, "first"), at(3, "last")].join(", "),
  );
  assertStrictEquals(
    second.res.headers.get("link"),
    [at(3, "next"), at(1, "prev"), at(1, "first"), at(3, "last")].join(", "),
  );
  assertStrictEquals(
    last.res.headers.get("link"),
    [at(2, "prev"), at(1, "first"), at(3, "last")].join(", "),
  );
  assertStrictEquals(last.body.clubs.length, 7);
  const slugs = [first, second, last].flatMap((p) =>
    p.body.clubs.map((c: { slug: string }) => c.slug)
  );
  assertStrictEquals(slugs.length, 27);
  assertStrictEquals(new Set(slugs).size, 27);
});

Deno.test("GET /api/v1/clubs links on the request's own origin when no base URL is set", async () => {
  const local = testApp(fx.directory, { baseUrl: null });
  const res = await local.request("http://10.1.2.3:9000/api/v1/clubs?limit=10");
  await res.body?.cancel();
  assertStrictEquals(
    res.headers.get("link"),
    '<http://10.1.2.3:9000/api/v1/clubs?limit=10&page=2>; rel="next", ' +
      '<http://10.1.2.3:9000/api/v1/clubs?limit=10&page=1>; rel="first", ' +
      '<http://10.1.2.3:9000/api/v1/clubs?limit=10&page=3>; rel="last"',
  );
});

Deno.test("GET /api/v1/clubs combines repeated waitlist values and uses the first of others", async () => {
  const repeated = await getJson(app, "/api/v1/clubs?waitlist=open&waitlist=closed");
  const listed = await getJson(app, "/api/v1/clubs?waitlist=open,closed");
  assertStrictEquals(repeated.body.total, 6);
  assertEquals(repeated.body, listed.body);
  const twice = await getJson(app, "/api/v1/clubs?state=FL&state=Texas");
  assertStrictEquals(twice.body.total, 3);
});

Deno.test("GET /api/v1/clubs ignores unknown parameters", async () => {
  const a = await get(app, "/api/v1/clubs?foo=bar&state=FL&_=123");
  const b = await get(app, "/api/v1/clubs?state=FL");
  assertStrictEquals(await a.text(), await b.text());
});

Deno.test("GET /api/v1/clubs: every Club field is present, nulls as null, fee_views has four keys", async () => {
  const { body } = await getJson(app, "/api/v1/clubs");
  for (const club of body.clubs) {
    assertEquals(Object.keys(club), SPEC_FIELDS, club.name);
    assertEquals(Object.keys(club.fee_views), ["initiation", "annual", "monthly", "firstYear"]);
    // Anonymous callers never see a figure.
    assertStrictEquals(club.initiation_fee, null);
    assertStrictEquals(club.annual_dues, null);
    assertStrictEquals(club.monthly_dues, null);
  }
  const mystery = body.clubs.find((c: { slug: string }) => c.slug === "mystery");
  for (const f of SPEC_FIELDS) {
    if (["id", "name", "slug", "currency", "fee_views"].includes(f)) continue;
    assertStrictEquals(mystery[f], null, f);
  }
  assertEquals(mystery.fee_views.initiation, { kind: "none" });
  const pine = body.clubs.find((c: { slug: string }) => c.slug === "pine-valley-golf-club");
  assertEquals(pine.fee_views.initiation, { kind: "locked" });
  assertEquals(pine.fee_views.firstYear, { kind: "locked" });
});

Deno.test("GET /api/v1/clubs shows fee bands to a caller whose access is band", async () => {
  const banded = testApp(fx.directory, { access: () => "band" });
  const { body } = await getJson(banded, "/api/v1/clubs?q=pine%20valley");
  assertStrictEquals(body.fee_access, "band");
  assertStrictEquals(body.clubs[0].initiation_fee, null);
  assertStrictEquals(body.clubs[0].fee_views.initiation.kind, "band");
  // The anonymous body of the same query is cached separately.
  const anon = await getJson(app, "/api/v1/clubs?q=pine%20valley");
  assertStrictEquals(anon.body.clubs[0].fee_views.initiation.kind, "locked");
});

Deno.test("GET /api/v1/clubs: a cached body is byte-identical to a freshly built one", async () => {
  const path = "/api/v1/clubs?type=golf&limit=4&page=2";
  const first = await (await get(app, path)).text();
  const cached = await (await get(app, path)).text();
  // A second directory over the same file has cold caches.
  const cold = new Directory(fx.path, { checkEveryMs: 0 });
  try {
    const fresh = await (await get(testApp(cold), path)).text();
    assertStrictEquals(cached, first);
    assertStrictEquals(fresh, first);
    assertStrictEquals(fx.directory.current().memoStats()["clubs.pages"]!.size > 0, true);
  } finally {
    cold.close();
  }
});

Deno.test("HEAD /api/v1/clubs answers the GET headers without a body", async () => {
  const res = await get(app, "/api/v1/clubs?state=FL", { method: "HEAD" });
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("x-total-clubs"), "3");
  assertStrictEquals(await res.text(), "");
});

Deno.test("GET /api/v1/clubs clamps limit=500 to 200", async () => {
  // 250 clubs: more than one clamped page.
  await using fx = await fixture({ csv: await numberedClubsCsv(250) });
  const big = fx.directory;
  const bigApp = testApp(big);
  const { res, body } = await getJson(bigApp, "/api/v1/clubs?limit=500");
  assertStrictEquals(res.status, 200);
  assertStrictEquals(body.clubs.length, 200);
  assertStrictEquals(body.total, 250);
  assertStrictEquals(
    res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?limit=500&page=2>; rel="next", ' +
      '<https://clubs.example/api/v1/clubs?limit=500&page=1>; rel="first", ' +
      '<https://clubs.example/api/v1/clubs?limit=500&page=2>; rel="last"',
  );
  const second = await getJson(bigApp, "/api/v1/clubs?limit=500&page=2");
  assertStrictEquals(second.body.clubs.length, 50);
});

Deno.test("readSearchParams() keeps the first scalar value and every waitlist value", () => {
  assertEquals(
    readSearchParams("type=golf&type=city&waitlist=open&waitlist=closed,unknown&x=1&page=2"),
    { type: "golf", waitlist: ["open", "closed,unknown"], page: "2" },
  );
  assertEquals(readSearchParams(""), {});
  assertEquals(readSearchParams("q=caf%C3%A9+club"), { q: "café club" });
});

Deno.test("pageLinks() always gives first and last (page 1 for no clubs), and prev to the last page past the end", () => {
  const only =
    '<https://x/api/v1/clubs?page=1>; rel="first", <https://x/api/v1/clubs?page=1>; rel="last"';
  assertStrictEquals(pageLinks("https://x", "", 1, 50, 30), only);
  assertStrictEquals(pageLinks("https://x", "", 1, 50, 0), only);
  assertStrictEquals(
    pageLinks("https://x", "", 7, 10, 0),
    `<https://x/api/v1/clubs?page=1>; rel="prev", ${only}`,
  );
  assertStrictEquals(
    pageLinks("https://x", "q=a&", 3, 10, 25),
    '<https://x/api/v1/clubs?q=a&page=2>; rel="prev", ' +
      '<https://x/api/v1/clubs?q=a&page=1>; rel="first", <https://x/api/v1/clubs?q=a&page=3>; rel="last"',
  );
  // A last page exactly full is the last: 30 clubs by 10 end at page 3.
  assertStrictEquals(
    pageLinks("https://x", "", 2, 10, 30),
    '<https://x/api/v1/clubs?page=3>; rel="next", <https://x/api/v1/clubs?page=1>; rel="prev", ' +
      '<https://x/api/v1/clubs?page=1>; rel="first", <https://x/api/v1/clubs?page=3>; rel="last"',
  );
});

Deno.test("GET /api/v1/clubs with no match links first and last to page 1", async () => {
  const res = await get(app, "/api/v1/clubs?q=zzzzzz&limit=5");
  await res.body?.cancel();
  assertStrictEquals(res.headers.get("x-total-clubs"), "0");
  assertStrictEquals(
    res.headers.get("link"),
    '<https://clubs.example/api/v1/clubs?q=zzzzzz&limit=5&page=1>; rel="first", ' +
      '<https://clubs.example/api/v1/clubs?q=zzzzzz&limit=5&page=1>; rel="last"',
  );
});

Deno.test("GET /api/v1/clubs links keep only the parameters it reads, each once as it counted", async () => {
  const res = await get(
    app,
    "/api/v1/clubs?utm_source=mail&type=golf&type=city&waitlist=open,waitlist&facets=type&waitlist=closed,unknown&limit=1&callback=x&page=2",
  );
  await res.body?.cancel();
  const rest = "type=golf&waitlist=open,waitlist,closed,unknown&facets=type&limit=1&";
  const link = res.headers.get("link")!;
  for (const rel of ["next", "prev", "first", "last"]) {
    assertMatch(
      link,
      new RegExp(`<https://clubs\\.example/api/v1/clubs\\?${rest}page=\\d+>; rel="${rel}"`),
    );
  }
  assert(!link.includes("utm_source") && !link.includes("callback") && !link.includes("city"));
});

Deno.test("GET /api/v1/clubs: a plain bug while reading answers internal_error and keeps the snapshot", async () => {
  await using local = await fixture();
  const lines: string[] = [];
  const localApp = testApp(local.directory, { errorLog: (l) => lines.push(l) });
  const store = local.directory.current();
  store.anonymousJsonList = () => {
    throw new TypeError("a plain bug");
  };
  const { res, body } = await getJson(localApp, "/api/v1/clubs?limit=3");
  assertStrictEquals(res.status, 500);
  assertStrictEquals(body.code, "internal_error");
  assert(lines.some((l) => l.includes("a plain bug")), lines.join("\n"));
  assertStrictEquals(local.directory.current(), store, "the snapshot is not dropped");
});

Deno.test("GET /api/v1/clubs: an unreadable database answers clubs_unavailable, then recovers", async () => {
  await using local = await fixture();
  const localApp = testApp(local.directory);
  const good = await Deno.readFile(local.path);
  await Deno.writeTextFile(local.path, "not a database ".repeat(2000));
  const { res, body } = await getJson(localApp, "/api/v1/clubs?state=FL");
  assertStrictEquals(res.status, 500);
  assertStrictEquals(body.code, "clubs_unavailable");
  await Deno.writeFile(local.path, good);
  const again = await getJson(localApp, "/api/v1/clubs?state=FL");
  assertStrictEquals(again.res.status, 200);
  assertStrictEquals(again.body.total, 3);
});

/** Sends a raw request line (bytes as given, not encoded by a URL parser) to a served app. */
async function rawGet(target: string): Promise<{ status: number; head: string; body: string }> {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (req, info) => app.fetch(req, info),
  );
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    await conn.write(
      new TextEncoder().encode(
        `GET ${target} HTTP/1.1\r\nHost: clubs.test\r\nConnection: close\r\n\r\n`,
      ),
    );
    const raw = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
    const [head, body] = raw.split("\r\n\r\n", 2) as [string, string];
    return { status: Number(head.split(" ")[1]), head, body };
  } finally {
    await server.shutdown();
  }
}

Deno.test("GET /api/v1/clubs with unencoded non-Latin-1 characters answers 200 with an ASCII Link", async () => {
  const one = await rawGet("/api/v1/clubs?q=ł&limit=2");
  assertStrictEquals(one.status, 200);
  assertMatch(
    one.head,
    /\r\nlink: <https:\/\/clubs\.example\/api\/v1\/clubs\?q=%C5%82&limit=2&page=2>; rel="next"/i,
  );
  const two = await rawGet("/api/v1/clubs?q=日本&page=2");
  assertStrictEquals(two.status, 200);
  assertMatch(
    two.head,
    /\r\nlink: <https:\/\/clubs\.example\/api\/v1\/clubs\?q=%E6%97%A5%E6%9C%AC&page=1>; rel="prev"/i,
  );
  assert(/^[\x20-\x7e\r\n]*$/.test(one.head + two.head), "every header is ASCII");
});

Deno.test("linkParams() rebuilds the query from its decoded parameters, without page", () => {
  assertStrictEquals(
    linkParams("q=%C5%82&page=2&waitlist=open,closed"),
    "q=%C5%82&waitlist=open,closed&",
  );
  assertStrictEquals(linkParams("q=ł"), "q=%C5%82&");
  assertStrictEquals(linkParams("q=a+b&x=%3Cy%3E"), "q=a%20b&");
  assertStrictEquals(linkParams("page=3"), "");
  // Unknown parameters go; a repeated one keeps the value that counted (the first); lists combine.
  assertStrictEquals(
    linkParams("x=1&type=golf&type=city&waitlist=open&waitlist=by_invitation,closed&facets=type"),
    "type=golf&waitlist=open,by_invitation,closed&facets=type&",
  );
  assertStrictEquals(linkParams("q=%26%3D%2C&state=%E6%97%A5"), "q=%26%3D,&state=%E6%97%A5&");
});

Deno.test("linkParams() encodes every value as RFC 3986 does, with commas kept", () => {
  // The reference: encodeURIComponent, then also !'()*, then commas back.
  const reference = (text: string) =>
    encodeURIComponent(text).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    ).replaceAll("%2C", ",");
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (value) => {
      const raw = new URLSearchParams({ q: value }).toString();
      assertStrictEquals(linkParams(raw), `q=${reference(value)}&`);
    }),
  );
  fc.assert(
    fc.property(fc.stringMatching(/^[A-Za-z0-9_.~,!'()* -]{0,30}$/), (value) => {
      const raw = new URLSearchParams({ q: value }).toString();
      assertStrictEquals(linkParams(raw), `q=${reference(value)}&`);
    }),
  );
});

Deno.test("GET /api/v1/clubs answers 400 invalid_q for a q too long, quoting it shortened", async () => {
  const { res, body } = await getJson(app, `/api/v1/clubs?q=${"royal ".repeat(10_000)}`);
  assertStrictEquals(res.status, 400);
  assertStrictEquals(body.code, "invalid_q");
  assert(body.detail.length < 200, body.detail);
  assertMatch(body.detail, /is longer than 200 characters$/);
});

Deno.test("GET /api/v1/clubs answers 400 invalid_q for a NUL in q and keeps the snapshot", async () => {
  await using local = await fixture();
  const localApp = testApp(local.directory);
  const store = local.directory.current();
  const { res, body } = await getJson(localApp, "/api/v1/clubs?q=abc%00def");
  assertStrictEquals(res.status, 400);
  assertStrictEquals(body.code, "invalid_q");
  assertStrictEquals(body.detail, 'Parameter q "abc\\u0000def" holds a control character (U+0000)');
  assertStrictEquals(local.directory.current(), store, "the snapshot and its caches stay");
  assertStrictEquals((await getJson(localApp, "/api/v1/clubs?q=abc")).res.status, 200);
});

Deno.test("GET /api/v1/clubs answers 400 for every over-long parameter", async () => {
  for (
    const [param, code] of [
      ["type", "invalid_type"],
      ["state", "invalid_state"],
      ["country", "invalid_country"],
      ["city", "invalid_city"],
      ["match", "invalid_match"],
      ["sort", "invalid_sort"],
      ["page", "invalid_page"],
      ["limit", "invalid_limit"],
      ["waitlist", "invalid_waitlist"],
    ]
  ) {
    const { res, body } = await getJson(app, `/api/v1/clubs?${param}=${"1".repeat(300)}`);
    assertStrictEquals(res.status, 400, param);
    assertStrictEquals(body.code, code);
  }
});

/** The clubs route alone over `directory`, with a query cache the test watches. */
function routeWatching(directory: Directory, queries: ReturnType<typeof queryCache>) {
  const problems = createProblems({ baseUrl: null, supportEmail: "help@clubs.example" });
  return new Hono().route(
    "/api/v1",
    clubsRoute({ directory, name: "Club Directory", baseUrl: null, problems, queries }),
  );
}

Deno.test("GET /api/v1/clubs keeps only query strings that come back", async () => {
  const queries = queryCache(64 * 1024);
  const localApp = routeWatching(fx.directory, queries);
  for (let i = 0; i < 50; i++) {
    await (await localApp.request(`http://x/api/v1/clubs?page=${i + 1}`)).body?.cancel();
  }
  assertEquals(queries.size, 0, "distinct query strings are parsed, not kept");
  await (await localApp.request("http://x/api/v1/clubs?page=3")).body?.cancel();
  assertEquals(queries.size, 1, "a query string asked for again is kept");
});

Deno.test("GET /api/v1/clubs keeps the bytes of its cached queries within their budget", async () => {
  await using local = await fixture();
  const queries = queryCache(64 * 1024);
  const localApp = routeWatching(local.directory, queries);
  for (let i = 0; i < 400; i++) {
    // Asked twice: a query string is kept only when it comes back.
    for (let twice = 0; twice < 2; twice++) {
      const res = await localApp.request(`http://x/api/v1/clubs?q=${i}${"x".repeat(190)}`);
      await res.body?.cancel();
    }
    assert(queries.weight <= 64 * 1024, `${queries.weight} bytes after ${i + 1} queries`);
  }
  assert(queries.size > 0 && queries.size < 400, "older queries were evicted");
  const stats = local.directory.current().memoStats();
  assert(stats["clubs.pages"], "pages were cached");
  for (const [name, memo] of Object.entries(stats)) assert(memo.bytes <= memo.budget, name);
});

Deno.test("GET /api/v1/clubs: a bad parameter is a 400 even while the database cannot be read", async () => {
  await using local = await fixture();
  const localApp = testApp(local.directory);
  await Deno.writeTextFile(local.path, "not a database ".repeat(2000));
  const bad = await getJson(localApp, "/api/v1/clubs?page=0");
  assertStrictEquals(bad.res.status, 400);
  assertStrictEquals(bad.body.code, "invalid_page");
  const good = await getJson(localApp, "/api/v1/clubs?page=1");
  assertStrictEquals(good.res.status, 500);
  assertStrictEquals(good.body.code, "clubs_unavailable");
});

Deno.test("GET /api/v1/clubs: match, sort and city", async () => {
  assertEquals(names((await getJson(app, "/api/v1/clubs?q=george%20st")).body), []);
  assertEquals(names((await getJson(app, "/api/v1/clubs?q=george%20st&match=words")).body), [
    "Royal St. George's Golf Club",
  ]);
  assertEquals(names((await getJson(app, "/api/v1/clubs?q=sidney&match=fuzzy")).body), [
    "Royal Sydney Golf Club",
  ]);
  assertEquals(names((await getJson(app, "/api/v1/clubs?city=ZURICH")).body), ["Golf Club Zürich"]);
  const ranked = await getJson(app, "/api/v1/clubs?q=club&sort=relevance&limit=2");
  assertEquals(names(ranked.body), ["Club de Golf, Málaga", "Club Havana Cigar Lounge"]);
  assertMatch(
    ranked.res.headers.get("link")!,
    /^<https:\/\/clubs\.example\/api\/v1\/clubs\?q=club&sort=relevance&limit=2&page=2>; rel="next", /,
  );
  const bad = await getJson(app, "/api/v1/clubs?sort=relevance");
  assertStrictEquals(bad.body.code, "invalid_sort");
});

Deno.test("GET /api/v1/clubs after sort=relevance still answers name order without sort (issue 36)", async () => {
  await using local = await fixture();
  const localApp = testApp(local.directory, { rateLimit: "off" });
  const list = async (query: string) =>
    names((await getJson(localApp, `/api/v1/clubs?${query}`)).body);
  const byName = await list("q=club&limit=3&sort=name");
  assertEquals(byName, ["Alpine Ski Club", "Anglers' Club", "Augusta National Golf Club"]);
  assertEquals(await list("q=club&limit=3&sort=relevance"), [
    "Club de Golf, Málaga",
    "Club Havana Cigar Lounge",
    "Alpine Ski Club",
  ]);
  assertEquals(await list("q=club&limit=3"), byName);
  assertEquals(await list("q=club&limit=3&sort=name"), byName);
});

Deno.test("GET /api/v1/clubs adds suggestions to an empty result, only when one finds clubs", async () => {
  const { res, body } = await getJson(app, "/api/v1/clubs?type=golff");
  assertStrictEquals(res.status, 200);
  assertEquals(body, {
    clubs: [],
    total: 0,
    fee_access: "locked",
    suggestions: [{ params: { type: "golf" }, total: 13 }],
  });
  assertEquals((await getJson(app, "/api/v1/clubs?q=zzzzzz")).body, {
    clubs: [],
    total: 0,
    fee_access: "locked",
  });
  const found = await getJson(app, "/api/v1/clubs?type=golf&limit=1");
  assert(!("suggestions" in found.body));
});

Deno.test("Every surface's caches fit together in the one memo budget of a snapshot", async () => {
  await using local = await fixture();
  const localApp = testApp(local.directory);
  const call = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "search_clubs", arguments: { q: "royal golf", sort: "relevance" } },
  };
  const responses = [
    await get(localApp, "/api/v1/clubs?q=royal&match=fuzzy&sort=relevance&facets=type,country"),
    await get(localApp, "/api/v1/clubs?type=golff&city=zurch"),
    await get(localApp, "/clubs?q=royal", { headers: { accept: "text/html" } }),
    await get(localApp, "/api/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify(call),
    }),
  ];
  for (const res of responses) {
    await res.body?.cancel();
    assertStrictEquals(res.status, 200);
  }
  const stats = Object.values(local.directory.current().memoStats());
  assert(stats.reduce((n, s) => n + s.budget, 0) <= MEMO_BUDGET_BYTES);
  for (const s of stats) assert(s.bytes <= s.budget);
});
