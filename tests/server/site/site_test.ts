// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { PAGE_CSP, STYLESHEET } from "../../../server/html/mod.ts";
import { siteApp, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

const fx = await sharedFixture();
const { app, access, free, member } = siteApp(fx);
// The same site behind https under a path, as --base-url would set it.
const proxied = testApp(fx.directory, {
  rateLimit: "off",
  access,
  baseUrl: "https://clubs.example/dir",
});

const ORIGIN = "http://127.0.0.1:8000";

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(`${ORIGIN}${path}`, { headers: { accept: BROWSER, ...headers } }),
  );
}
async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await get(path, headers);
  assertStrictEquals(res.status, 200, path);
  return await res.text();
}
function post(
  target: typeof app,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
  origin = ORIGIN,
): Promise<Response> {
  return Promise.resolve(target.request(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, ...headers },
    body: new URLSearchParams(form).toString(),
  }));
}
/** The hrefs of a page, decoded. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

Deno.test("GET / is the home page for browsers and the JSON index for everyone else", async () => {
  const res = await get("/");
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "text/html; charset=UTF-8");
  const html = await res.text();
  assert(html.includes("<h1>Find a private club</h1>"));
  assert(html.includes('<form class="search" role="search" method="get" action="/clubs">'));
  for (const accept of ["*/*", "application/json", "text/html;q=0.5, application/json"]) {
    const json = await app.request(`${ORIGIN}/`, { headers: { accept } });
    assertStrictEquals(json.headers.get("content-type"), "application/json", accept);
    assertEquals(Object.keys(await json.json()), ["name", "snapshot", "links"]);
  }
  const bare = await app.request(`${ORIGIN}/`);
  assertStrictEquals(bare.headers.get("content-type"), "application/json");
  await bare.body?.cancel();
});

Deno.test("the home form offers groups, stored types, countries and US/Canada states with counts", async () => {
  const html = await page("/");
  assert(html.includes('<optgroup label="Groups">'));
  assertMatch(html, /<option value="golf">Golf: country club and more \(13\)<\/option>/);
  assertMatch(html, /<option value="yacht">Yacht \(1\)<\/option>/);
  assertMatch(html, /<option value="United States">United States \(20\)<\/option>/);
  assertMatch(html, /<optgroup label="Canada">.*<option value="Ontario">Ontario \(1\)/s);
  assertMatch(html, /name="waitlist" value="open"> Open to applications <span class="count">\(5\)/);
  for (const id of ["q", "type", "country", "state"]) {
    assert(html.includes(`<label for="${id}">`), `label for ${id}`);
  }
});

Deno.test("pages carry lang, landmarks, a strict CSP and the hashed stylesheet", async () => {
  const res = await get("/clubs?type=golf");
  const html = await res.text();
  assertStrictEquals(res.headers.get("content-security-policy"), PAGE_CSP);
  assertStrictEquals(res.headers.get("x-content-type-options"), "nosniff");
  assertStrictEquals(res.headers.get("cache-control"), "private, no-store");
  assertMatch(html, /^<!doctype html>\n<html lang="en">/);
  for (const tag of ["<header", "<main", "<nav", "<footer", "<aside"]) {
    assert(html.includes(tag), tag);
  }
  assert(html.includes(`<link rel="stylesheet" href="${STYLESHEET.path}">`));
  assert(!/<script|style=|<style/i.test(html), "no script, no inline style");
});

Deno.test("the stylesheet is served for a year under its hash; another hash is not found", async () => {
  const res = await app.request(`${ORIGIN}${STYLESHEET.path}`);
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "text/css; charset=utf-8");
  assertStrictEquals(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert((await res.text()).length < 14_000, "one small stylesheet");
  const stale = await app.request(`${ORIGIN}/assets/site.000000000000.css`);
  assertStrictEquals(stale.status, 404);
  await stale.body?.cancel();
});

Deno.test("results list the total, each club linking to its profile with its facts", async () => {
  const html = await page("/clubs?type=golf&state=Florida");
  assert(html.includes("<h1>Golf clubs in Florida</h1>"));
  assert(html.includes("2 clubs"));
  assert(html.includes('<a href="/clubs/seminole">Seminole Golf Club</a>'));
  assert(html.includes('<a href="/clubs/riverside-tampa">Riverside Country Club</a>'));
  assert(html.includes("Juno Beach, Florida, United States"));
  // The type above the name, the place, then the waitlist as a coloured badge.
  assert(html.includes('<p class="kind">Country club</p>'));
  assert(html.includes('<span class="wl wl-open">Open to applications</span>'));
});

Deno.test("paging links: previous, next, the first and last pages and the pages around keep the filters", async () => {
  const us = "/clubs?country=United%20States&limit=2";
  const html = await page(`${us}&page=5`);
  const links = hrefs(html);
  for (const p of [1, 3, 4, 6, 7, 10]) {
    const want = p === 1 ? us : `${us}&page=${p}`;
    assert(links.includes(want), want);
  }
  assert(!links.includes(`${us}&page=2`) && !links.includes(`${us}&page=8`), "gaps between");
  assertMatch(
    html,
    /<a href="[^"]*page=5" aria-current="page"><span class="sr">Page <\/span>5<\/a>/,
  );
  assert(html.includes('rel="prev"') && html.includes('rel="next"'));
  assert(html.includes("Page 5 of 10"));
  assert(html.includes('<li class="gap" aria-hidden="true">'));
  const last = await page(`${us}&page=10`);
  assert(last.includes('<span class="off">Next</span>'));
});

Deno.test("a page past the end says so and links to the last page", async () => {
  const past = await page("/clubs?country=United%20States&limit=5&page=99999");
  assert(past.includes("Page 99,999 is past the end: this search finds 20 clubs on 4 pages."));
  assert(!past.includes("Page 99,999 of"));
  assert(past.includes(
    '<a href="/clubs?country=United%20States&amp;limit=5&amp;page=4">Go to the last page (page 4)</a>',
  ));
});

Deno.test("facet links add a filter and the chosen one removes it, counts matching totals", async () => {
  const html = await page("/clubs?country=United%20States");
  assertMatch(
    html,
    /<a href="\/clubs\?type=golf&amp;country=United%20States"><span>Golf<\/span><span class="count">6/,
  );
  assertMatch(
    html,
    /href="\/clubs\?country=United%20States&amp;state=New%20York"><span>New York<\/span><span class="count">5/,
  );
  // The chosen country is a link back to every country; choosing another drops the state.
  assertMatch(html, /<a href="\/clubs" aria-current="true">.*United States/);
  const state = await page("/clubs?country=United%20States&state=New%20York");
  assertMatch(state, /<a href="\/clubs\?state=New%20York&amp;waitlist=unknown">|waitlist=unknown/);
  assert(hrefs(state).includes("/clubs?country=Canada"), "another country drops the state");
  const golf = await page("/clubs?type=golf&country=United%20States");
  assert(golf.includes("6 clubs"));
  // Each list says what its counts are of.
  assert(golf.includes('<p class="note" id="facet-type-note">Clubs in United States, by type</p>'));
  assert(golf.includes('<p class="note" id="facet-country-note">Golf clubs, by country</p>'));
  assert(
    golf.includes(
      '<p class="note" id="facet-waitlist-note">Golf clubs in United States, by membership</p>',
    ),
  );
});

Deno.test("waitlist facet values add to the list and remove from it", async () => {
  const html = await page("/clubs?waitlist=open");
  assert(hrefs(html).includes("/clubs?waitlist=open,waitlist"));
  assert(hrefs(html).includes("/clubs"), "removing the only value");
  assert(!html.includes(">Invite only<"), "by_invitation stands for invite_only");
});

Deno.test("chosen filters are chips that remove themselves, plus clear all", async () => {
  const html = await page("/clubs?q=golf&type=golf&country=United%20States");
  const links = hrefs(html);
  assert(links.includes("/clubs?type=golf&country=United%20States"), "remove the name");
  assert(links.includes("/clubs?q=golf&country=United%20States"), "remove the type");
  assert(links.includes("/clubs?q=golf&type=golf"), "remove the country");
  assert(html.includes(">Clear all</a>"));
});

Deno.test("one address per search: blanks and other spellings redirect to the canonical one", async () => {
  for (
    const [from, to] of <[string, string][]> [
      [
        "/clubs?q=&type=&country=US&state=&waitlist=open&waitlist=closed",
        "/clubs?country=United%20States&waitlist=open,closed",
      ],
      ["/clubs?state=FL&type=Golf&page=1", "/clubs?type=golf&state=Florida"],
      ["/clubs?type=GOLF&state=fl", "/clubs?type=golf&state=Florida"],
      ["/clubs?type=golf&state=FL", "/clubs?type=golf&state=Florida"],
      ["/clubs?country=usa&state=ny", "/clubs?country=United%20States&state=New%20York"],
      ["/clubs?country=CA&state=ON", "/clubs?country=Canada&state=Ontario"],
      ["/clubs?city=juno%20beach", "/clubs?city=Juno%20Beach"],
      ["/clubs?waitlist=closed,open,open", "/clubs?waitlist=open,closed"],
      ["/clubs?q=royal&match=words&sort=name&limit=50", "/clubs?q=royal"],
      ["/clubs?q=st+andrews", "/clubs?q=st%20andrews"],
      ["/clubs?q=st%20%20andrews", "/clubs?q=st%20andrews"],
    ]
  ) {
    const res = await get(from);
    assertStrictEquals(res.status, 302, from);
    assertStrictEquals(res.headers.get("location"), to);
    const again = await get(to);
    assertStrictEquals(again.status, 200, `${to} is canonical`);
    await again.body?.cancel();
  }
});

Deno.test("invalid parameters answer a 400 page in plain words with a way back, the text escaped", async () => {
  const res = await get("/clubs?type=golf&page=0");
  assertStrictEquals(res.status, 400);
  const html = await res.text();
  assert(html.includes("<h1>There is no such page</h1>"));
  assert(html.includes("Pages of results are numbered from 1"));
  assert(html.includes('<a href="/clubs?type=golf">Go to the first page of this search</a>'));
  for (const api of ["/problems/", "api/v1", "OpenAPI", "invalid_page"]) {
    assert(!html.split("<main")[1]!.split("</main>")[0]!.includes(api), api);
  }
  const evil = await get("/clubs?waitlist=%3Cscript%3E");
  assertStrictEquals(evil.status, 400);
  const text = await evil.text();
  assert(!text.includes("<script>") && text.includes("&lt;script&gt;"));
  assert(text.includes('<a href="/clubs">Search without a membership choice</a>'));
});

Deno.test("a searched name is echoed escaped", async () => {
  const html = await page("/clubs?q=%22%3E%3Cimg%20src%3Dx%3E");
  assert(!html.includes("<img src=x>"));
  assert(html.includes("&quot;&gt;&lt;img src=x&gt;"));
});

Deno.test("results show fees as the session allows", async () => {
  const anon = await page("/clubs?q=pine%20valley");
  assert(anon.includes('<span class="locked">locked</span>'));
  assert(anon.includes(">Sign in</a>"));
  const band = await page("/clubs?q=pine%20valley", { cookie: `session=${free}` });
  assert(band.includes("$250,000–$500,000") || band.includes("&#8211;"));
  assert(band.includes("Free account"));
  const exact = await page("/clubs?q=pine%20valley", { cookie: `session=${member}` });
  assert(exact.includes('<span class="fee">$250,000</span>'));
  assert(exact.includes("Member"));
});

Deno.test("sign in sets an HttpOnly, SameSite=Lax session cookie and returns to the page", async () => {
  const res = await post(app, "/sign-in", { token: free, next: "/clubs?type=golf" });
  assertStrictEquals(res.status, 303);
  assertStrictEquals(res.headers.get("location"), "/clubs?type=golf");
  const cookie = res.headers.get("set-cookie")!;
  assertMatch(
    cookie,
    new RegExp(`^session=${free}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
  );
  const https = await post(
    proxied,
    "/sign-in",
    { token: member, next: "/dir/clubs" },
    {},
    "https://clubs.example",
  );
  assertStrictEquals(https.status, 303);
  assertMatch(https.headers.get("set-cookie")!, /; Path=\/dir; .*HttpOnly; SameSite=Lax; Secure$/);
});

Deno.test("sign in refuses a token that is no live session, without a cookie", async () => {
  for (const token of ["", "cds_" + "x".repeat(43), "not a token; Path=/"]) {
    const res = await post(app, "/sign-in", { token, next: "/" });
    assertStrictEquals(res.status, 400, token);
    assertStrictEquals(res.headers.get("set-cookie"), null);
    const html = await res.text();
    assert(html.includes('role="alert"'), token);
  }
});

Deno.test("sign out clears the cookie and returns to the page", async () => {
  const res = await post(app, "/sign-out", { next: "/clubs/seminole" }, {
    cookie: `session=${free}`,
  });
  assertStrictEquals(res.status, 303);
  assertStrictEquals(res.headers.get("location"), "/clubs/seminole");
  assertMatch(
    res.headers.get("set-cookie")!,
    /^session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/,
  );
});

Deno.test("forms posted from another site are refused", async () => {
  for (const path of ["/sign-in", "/sign-out"]) {
    const res = await post(app, path, { token: free }, { origin: "https://evil.example" });
    assertStrictEquals(res.status, 403, path);
    assertStrictEquals(res.headers.get("set-cookie"), null);
    await res.body?.cancel();
    const none = await app.request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `token=${free}`,
    });
    assertStrictEquals(none.status, 403, `${path} without Origin`);
    await none.body?.cancel();
  }
});

Deno.test("sign in returns only to pages of this site", async () => {
  for (
    const next of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
    ]
  ) {
    const res = await post(app, "/sign-in", { token: free, next });
    assertStrictEquals(res.headers.get("location"), "/", next);
  }
});

Deno.test("an oversized form is refused", async () => {
  const res = await post(app, "/sign-in", { token: "x".repeat(10_000) });
  assertStrictEquals(res.status, 413);
  await res.body?.cancel();
});

Deno.test("the header offers sign in, or the account and sign out", async () => {
  const anon = await page("/clubs");
  assert(anon.includes('<a href="/sign-in?next=%2Fclubs">Sign in</a>'));
  const signedIn = await page("/clubs", { cookie: `session=${member}` });
  assert(signedIn.includes('<li class="who">Member</li>'));
  assert(signedIn.includes('<form method="post" action="/sign-out">'));
});

Deno.test("behind a base URL with a path, every link keeps the path", async () => {
  const res = await proxied.request("https://clubs.example/clubs?type=golf", {
    headers: { accept: BROWSER },
  });
  const html = await res.text();
  const local = hrefs(html).filter((h) => h.startsWith("/"));
  assert(local.length > 10);
  for (const h of local) assert(h.startsWith("/dir/"), h);
});

Deno.test("profiles link back to the search and to the clubs of their type, region and country", async () => {
  const html = await page("/clubs/seminole");
  const links = hrefs(html);
  for (
    const want of [
      "/",
      "/clubs?type=golf",
      "/clubs?country=United%20States&state=Florida",
      "/clubs?country=United%20States",
    ]
  ) {
    assert(links.includes(want), want);
  }
  assert(html.includes("More clubs nearby"));
  assert(links.includes("/clubs/club-havana"), "a club in the same region");
  assert(!links.includes("/clubs/seminole"), "not itself");
});

Deno.test("a search with an apostrophe is served whatever its spelling, and its links say %27", async () => {
  // A browser sends `'` in a query as %27 (the WHATWG special-query set), so
  // an address with a raw `'` would redirect to itself forever.
  for (const path of ["/clubs?q=women%27s", "/clubs?q=women's", "/clubs?q=O%27Brien%27s"]) {
    const links = hrefs(await page(path)).filter((h) => h.startsWith("/clubs?"));
    for (const h of links) assert(!h.includes("'"), `${path}: ${h}`);
  }
  assert(
    hrefs(await page("/clubs?q=O'Brien's")).includes("/clubs?q=O%27Brien%27s&type=country_club"),
  );
});

Deno.test("a non-canonical search with an apostrophe redirects once, to an address a browser keeps", async () => {
  const res = await get("/clubs?q=O'Brien's&type=&page=1");
  assertStrictEquals(res.status, 302);
  const to = res.headers.get("location")!;
  assertStrictEquals(to, "/clubs?q=O%27Brien%27s");
  // What a browser requests for that Location: the URL parser's own encoding.
  const asBrowser = new URL(to, ORIGIN);
  assertStrictEquals(`${asBrowser.pathname}${asBrowser.search}`, to);
  const again = await get(to);
  assertStrictEquals(again.status, 200);
  assert((await again.text()).includes("1 club"));
});

Deno.test("a search whose decoded parameters are the canonical ones is served, however encoded", async () => {
  for (
    const path of [
      "/clubs?q=st%20%61ndrews",
      "/clubs?q=%5A%C3%BCrich",
      "/clubs?q=z%c3%bcrich",
      "/clubs?waitlist=open%2Cclosed",
    ]
  ) {
    const res = await get(path);
    assertStrictEquals(res.status, 200, path);
    await res.body?.cancel();
  }
});

Deno.test("sign in and out return to a page whose address holds characters above U+00FF", async () => {
  const next = "/clubs?q=日本Ł’s";
  const encoded = "/clubs?q=%E6%97%A5%E6%9C%AC%C5%81%E2%80%99s";
  const signIn = await post(app, "/sign-in", { token: free, next });
  assertStrictEquals(signIn.status, 303);
  assertStrictEquals(signIn.headers.get("location"), encoded);
  const signOut = await post(app, "/sign-out", { next }, { cookie: `session=${free}` });
  assertStrictEquals(signOut.status, 303);
  assertStrictEquals(signOut.headers.get("location"), encoded);
  // The address a browser follows is the same page.
  assertStrictEquals(new URL(encoded, ORIGIN).href, new URL(next, ORIGIN).href);
});
