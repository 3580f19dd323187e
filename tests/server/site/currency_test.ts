// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * Fees in the visitor's currency on results and profile pages: chosen with
 * `?currency=` (kept in a cookie, the address redirected to the one without
 * it), converted at the snapshot's rates with their date and source, never
 * for anonymous visitors, never on the API.
 */
import { siteApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { BUNDLED_RATES_CSV, type Fixture, sharedFixture } from "../../_fixture.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const ORIGIN = "http://127.0.0.1:8000";

function site(fx: Fixture) {
  const { app, free, member } = siteApp(fx);
  const get = (path: string, headers: Record<string, string> = {}) =>
    Promise.resolve(
      app.request(`${ORIGIN}${path}`, { headers: { accept: BROWSER, ...headers } }),
    );
  const page = async (path: string, cookie: string) => {
    const res = await get(path, { cookie });
    assertStrictEquals(res.status, 200, path);
    return await res.text();
  };
  return { free: `session=${free}`, member: `session=${member}`, get, page };
}

const withRates = site(await sharedFixture({ rates: BUNDLED_RATES_CSV }));
const withoutRates = site(await sharedFixture());

/** The page's text without tags, entities read back, spaces collapsed. */
function words(html: string): string {
  return html.replace(/<[^>]+>/g, " ").replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(+n))
    .replace(/&amp;/g, "&").replace(/&#39;|&apos;/g, "'").replace(/\s+/g, " ");
}

Deno.test("a member who chose EUR sees exact fees converted to whole euros next to the dollars, with the rates' date and source", async () => {
  const { member, page } = withRates;
  const html = words(await page("/clubs/pine-valley-golf-club", `${member}; currency=EUR`));
  // 250,000 USD / 1.0298 = 242,765.59 EUR; 30,000 / 1.0298 = 29,131.87; 2,500 / 1.0298 = 2,427.66.
  assert(html.includes("$250,000 (≈ €242,766)"), html);
  assert(html.includes("$30,000 (≈ €29,132)"), html);
  assert(html.includes("$2,500 (≈ €2,428)"), html);
  assert(html.includes("15 January 2025"), html);
  assert(html.includes("sample rates for the bundled, generated directory"), html);
});

Deno.test("a free account sees bands with edges converted and rounded to two significant figures", async () => {
  const { free, page } = withRates;
  const html = words(await page("/clubs/pine-valley-golf-club", `${free}; currency=EUR`));
  // $250,000–$500,000: 242,766 → 240,000; 485,531 → 490,000.
  assert(html.includes("$250,000–$500,000 (≈ €240,000–€490,000)"), html);
  // Into yen: 250,000 × 161.76 / 1.0298 = 39.3 million → 39,000,000.
  const yen = words(await page("/clubs/pine-valley-golf-club", `${free}; currency=JPY`));
  assert(yen.includes("(≈ ¥39,000,000–¥79,000,000)"), yen);
  // An estimate keeps its word after both figures.
  const results = words(await page("/clubs?q=seminole", `${free}; currency=GBP`));
  assert(results.includes("$100,000–$250,000 (≈ £82,000–£210,000) (estimate)"), results);
});

Deno.test("?currency= keeps the choice in a cookie and redirects to the page's one address", async () => {
  const { get, member } = withRates;
  const results = await get("/clubs?type=golf&currency=eur", { cookie: member });
  assertStrictEquals(results.status, 302);
  assertStrictEquals(results.headers.get("location"), "/clubs?type=golf");
  const cookie = results.headers.get("set-cookie")!;
  assert(cookie.startsWith("currency=EUR; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"));
  // The form's spelling (spaces as +) goes straight to the canonical address.
  const form = await get("/clubs?q=pine+valley&currency=CHF");
  assertStrictEquals(form.headers.get("location"), "/clubs?q=pine%20valley");
  const profile = await get("/clubs/pine-valley-golf-club?currency=GBP");
  assertStrictEquals(profile.status, 302);
  assertStrictEquals(profile.headers.get("location"), "/clubs/pine-valley-golf-club");
  assert(profile.headers.get("set-cookie")!.startsWith("currency=GBP;"));
  // Empty, or not a currency: back to each club's own currency.
  for (const value of ["", "XYZ", "%E2%82%AC"]) {
    const res = await get(`/clubs?currency=${value}`);
    assertStrictEquals(res.status, 302, value);
    assertStrictEquals(res.headers.get("location"), "/clubs");
    assert(res.headers.get("set-cookie")!.startsWith("currency=; Path=/; Max-Age=0;"), value);
  }
});

Deno.test("the results page offers the currencies of the snapshot's rates, keeping the search in the form", async () => {
  const { member, page } = withRates;
  const html = await page("/clubs?type=golf&country=United%20States", `${member}; currency=EUR`);
  assert(html.includes('<form class="currency actions" method="get" action="/clubs">'), html);
  assert(html.includes('<input type="hidden" name="type" value="golf">'));
  assert(html.includes('<input type="hidden" name="country" value="United States">'));
  assert(html.includes('<option value="EUR" selected>EUR (Euro)</option>'));
  assert(html.includes(`<option value="">Each club's own currency only</option>`));
  assert(html.includes('<label for="currency">'));
});

Deno.test("each currency is its own cached page; anonymous visitors see neither form nor conversion", async () => {
  const { member, page } = withRates;
  const path = "/clubs?q=pine%20valley";
  const eur = await page(path, `${member}; currency=EUR`);
  const gbp = await page(path, `${member}; currency=GBP`);
  const none = await page(path, member);
  assert(eur.includes("&#8364;242,766"), "EUR");
  assert(gbp.includes("&#163;"), "GBP");
  assert(!none.includes("&#8776;") && none.includes('name="currency"'), "none chosen");
  // The first answer again, from the page cache.
  assertStrictEquals(await page(path, `${member}; currency=EUR`), eur);
  const anonymous = await page(path, "currency=EUR");
  assert(!anonymous.includes('name="currency"') && !anonymous.includes("&#8776;"), anonymous);
  const profile = await page("/clubs/pine-valley-golf-club", "currency=EUR");
  assert(!profile.includes('name="currency"') && !profile.includes("≈"));
});

Deno.test("a currency without a rate, or a snapshot without rates, shows each club's own currency with a note", async () => {
  const ars = words(
    await withRates.page("/clubs/pine-valley-golf-club", `${withRates.member}; currency=ARS`),
  );
  assert(ars.includes("$250,000") && !ars.includes("≈"), ars);
  assert(
    ars.includes(
      "This directory has no exchange rate for ARS (Argentine Peso): fees show in each club's own currency.",
    ),
    ars,
  );
  const none = await withoutRates.page(
    "/clubs/pine-valley-golf-club",
    `${withoutRates.member}; currency=EUR`,
  );
  const text = words(none);
  assert(text.includes("$250,000") && !text.includes("≈"), text);
  assert(
    text.includes("This directory has no exchange rates: fees show in each club's own currency."),
  );
  // No rates: nothing to choose from.
  assert(!none.includes('name="currency"'));
  const quiet = await withoutRates.page("/clubs/pine-valley-golf-club", withoutRates.member);
  assert(!quiet.includes("exchange rate"));
});

Deno.test("a profile's ETag changes with the currency", async () => {
  const { get, member } = withRates;
  const tag = async (cookie: string) =>
    (await get("/clubs/pine-valley-golf-club", { cookie })).headers.get("etag");
  const eur = await tag(`${member}; currency=EUR`);
  assert(eur !== null);
  assert(eur !== await tag(`${member}; currency=GBP`));
  assert(eur !== await tag(member));
  const again = await get("/clubs/pine-valley-golf-club", {
    cookie: `${member}; currency=EUR`,
    "if-none-match": eur,
  });
  assertStrictEquals(again.status, 304);
});

Deno.test("the API and profiles' JSON are the same with the currency cookie and parameter", async () => {
  const { get, member } = withRates;
  const json = { accept: "application/json" };
  for (const path of ["/api/v1/clubs?q=pine%20valley", "/clubs/pine-valley-golf-club"]) {
    const plain = await get(path, { ...json, cookie: member });
    assertStrictEquals(plain.status, 200, path);
    const body = await plain.text();
    assert(body.includes("250000"), body);
    const withCookie = await get(path, { ...json, cookie: `${member}; currency=EUR` });
    assertEquals(await withCookie.text(), body, path);
    const sep = path.includes("?") ? "&" : "?";
    const withParam = await get(`${path}${sep}currency=EUR`, {
      ...json,
      cookie: `${member}; currency=EUR`,
    });
    assertStrictEquals(withParam.status, 200, path);
    assertStrictEquals(withParam.headers.get("set-cookie"), null);
    const sent = await withParam.text();
    assert(!sent.includes("EUR") && !sent.includes("€"), sent);
    // Only links that echo the request may differ; the clubs are the same.
    const clubs = (t: string) => JSON.stringify(JSON.parse(t).clubs ?? JSON.parse(t));
    assertStrictEquals(clubs(sent), clubs(body), path);
  }
});
