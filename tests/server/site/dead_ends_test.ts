// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * No dead ends for a person: a misspelt name offers the corrections the
 * search core knows, words that match nothing fall back to close matches,
 * an impossible combination offers the searches without one filter, every
 * spelling of a search lands on one address and heading, and errors speak
 * to people (browsers) while the API keeps its problems.
 */
import { testApp } from "../_helpers.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const ORIGIN = "http://127.0.0.1:8000";

const fx = await sharedFixture();
const app = testApp(fx.directory, { rateLimit: "off", baseUrl: null });

function get(path: string, accept = BROWSER): Promise<Response> {
  return Promise.resolve(app.request(`${ORIGIN}${path}`, { headers: { accept } }));
}
async function page(path: string): Promise<string> {
  const res = await get(path);
  assertStrictEquals(res.status, 200, path);
  return await res.text();
}
/** The `<main>` of a page, entities for quotes read back. */
function main(html: string): string {
  return html.split('<main id="main">')[1]!.split("</main>")[0]!
    .replaceAll("&#8220;", "“").replaceAll("&#8221;", "”").replaceAll("&#8230;", "…");
}

Deno.test("a misspelt name offers the corrections as links with their totals", async () => {
  const html = main(await page("/clubs?q=royl%20sydney"));
  assert(html.includes("No club matches this search."));
  assert(html.includes('<h2 id="did-you-mean">Did you mean…?</h2>'));
  assert(
    html.includes(
      '<a href="/clubs?q=royal%20sydney">“royal sydney”</a> <span class="count">(1 club)</span>',
    ),
    html,
  );
  // The correction is a canonical address: it opens without a redirect.
  assert((await page("/clubs?q=royal%20sydney")).includes("/clubs/royal-sydney"));
});

Deno.test("words that match no name fall back to close matches, and say so", async () => {
  const html = main(await page("/clubs?q=royal%20sydny"));
  assert(html.includes("No exact match; 1 close match for “royal sydny”"), html);
  assert(html.includes('href="/clubs/royal-sydney"'));
  assert(html.includes('<a href="/clubs?q=royal%20sydney">“royal sydney”</a>'));
  // A search that asks for another matching is taken at its word.
  const substring = main(await page("/clubs?q=royal%20sydny&match=substring"));
  assert(substring.includes("No club matches this search."));
});

Deno.test("an impossible combination offers the searches that drop one filter, with counts", async () => {
  const html = main(await page("/clubs?type=yacht&country=Switzerland"));
  assert(html.includes("No club matches this search."));
  assert(html.includes('<h2 id="drop-one">Drop one filter</h2>'));
  assert(
    html.includes(
      '<a href="/clubs?country=Switzerland">Without Type: Yacht</a> <span class="count">(2 clubs)</span>',
    ),
    html,
  );
  assert(
    html.includes(
      '<a href="/clubs?type=yacht">Without Country: Switzerland</a> <span class="count">(1 club)</span>',
    ),
  );
  // A search without one filter that still finds nothing is not offered.
  const japan = main(await page("/clubs?country=Japan&state=Florida"));
  assert(japan.includes('<a href="/clubs?state=Florida">Without Country: Japan</a>'));
  assert(!japan.includes("Without State"));
});

Deno.test("every spelling of a search redirects once to one address with one heading", async () => {
  const home = await page("/");
  assert(home.includes('href="/clubs?type=golf&amp;state=Florida">Golf clubs in Florida'));
  for (
    const from of [
      "/clubs?type=golf&state=FL",
      "/clubs?type=GOLF&state=fl",
      "/clubs?q=&type=golf&country=&state=Florida&city=",
      "/clubs?state=florida&type=Golf&page=1",
    ]
  ) {
    const res = await get(from);
    assertStrictEquals(res.status, 302, from);
    assertStrictEquals(res.headers.get("location"), "/clubs?type=golf&state=Florida", from);
  }
  const html = await page("/clubs?type=golf&state=Florida");
  assert(html.includes("<h1>Golf clubs in Florida</h1>"));
  assert(html.includes("<title>Golf clubs in Florida &#183; Club Directory</title>"));
  // A value the snapshot does not know is kept as sent: no loop.
  for (const path of ["/clubs?country=Atlantis", "/clubs?country=Japan&state=Florida"]) {
    const res = await get(path);
    assertStrictEquals(res.status, 200, path);
    await res.body?.cancel();
  }
});

Deno.test("a browser gets the site's 404 page; the API and JSON clients keep their problems", async () => {
  const res = await get("/nowhere");
  assertStrictEquals(res.status, 404);
  assertStrictEquals(res.headers.get("content-type"), "text/html; charset=UTF-8");
  const html = main(await res.text());
  assert(html.includes("<h1>Page not found</h1>"));
  assert(html.includes('<a href="/">Search the directory</a>'));
  for (
    const [path, accept] of [["/nowhere", "application/json"], ["/nowhere", "*/*"], [
      "/api/v1/nowhere",
      BROWSER,
    ]]
  ) {
    const json = await get(path!, accept);
    assertStrictEquals(json.status, 404, `${path} ${accept}`);
    assertStrictEquals(json.headers.get("content-type"), "application/problem+json");
    assertStrictEquals((await json.json()).code, "not_found");
  }
  const club = await get("/clubs/no-such-club", "application/json");
  assertStrictEquals(club.status, 404);
  assertEquals((await club.json()).code, "not_found");
});

Deno.test("error pages for people name no API, no code and no OpenAPI document", async () => {
  for (
    const [path, status] of [["/clubs?page=0", 400], ["/clubs/no-such-club", 404], ["/x", 404]]
  ) {
    const res = await get(path as string);
    assertStrictEquals(res.status, status, path as string);
    const html = main(await res.text());
    assert(!/api\/v1|OpenAPI|\/problems|invalid_page|not_found/.test(html), html);
    assertMatch(html, /<a href="\/">(Search the directory|Start a new search)<\/a>/);
  }
});

Deno.test("counts read as words: one club, thousands separated", async () => {
  const home = main(await page("/"));
  assert(home.includes("<b>Yacht clubs</b><span>1 club</span>"), "one club");
  assert(!/\b1 clubs\b/.test(home));
  const one = main(await page("/clubs?type=yacht"));
  assertMatch(one, /1 club · showing 1–1|1 club &#183; showing 1&#8211;1/);
  assert(one.includes('<span class="sr"> club</span>'), "facet counts of one");
  const profile = main(await page("/clubs/seminole"));
  assert(!/\b1 clubs\b/.test(profile));
});

Deno.test("profiles hide bookkeeping statuses and show the state in the breadcrumbs", async () => {
  const html = await page("/clubs/seminole");
  const crumbs = html.split('class="crumbs">')[1]!.split("</nav>")[0]!;
  assert(crumbs.includes('<a href="/clubs?country=United%20States&amp;state=Florida">Florida</a>'));
  assert(!html.includes("Published"));
  const unclaimed = await page("/clubs/riverside-ottawa");
  assert(unclaimed.includes("Not yet confirmed by the club"));
  assert(!unclaimed.includes("Unclaimed"));
});
