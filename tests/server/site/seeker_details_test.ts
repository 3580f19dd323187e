// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * A club-seeker's details on the website (issue 40): a coming-soon club's
 * year in the right tense, types nested under their groups in the type
 * list, and the currency form below the results, not between the filters
 * and the first card.
 */
import { siteApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { BUNDLED_RATES_CSV, csvFile, FIXTURE_CSV, sharedFixture } from "../../_fixture.ts";
import { TYPE_GROUPS } from "../../../core/model/mod.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const ORIGIN = "http://127.0.0.1:8000";
const THIS_YEAR = new Date().getUTCFullYear();

/** The fixture, a club to open in three years and one that opened long ago, with rates. */
async function detailsFixture() {
  const text = await Deno.readTextFile(FIXTURE_CSV);
  const header = text.split("\n")[0]!.split(",");
  const row = (cells: Record<string, string>) => header.map((c) => cells[c] ?? "").join(",");
  const rows = [
    row({
      name: "Harbour Point Club",
      city: "Naples",
      state: "Florida",
      country: "United States",
      type: "yacht",
      status: "coming_soon",
      opened_year: String(THIS_YEAR + 3),
      currency: "USD",
      id: "00000000-0000-4000-8000-000000000101",
      slug: "harbour-point",
    }),
    row({
      name: "Old Mill Country Club",
      city: "Toronto",
      state: "Ontario",
      country: "Canada",
      type: "country_club",
      status: "published",
      opened_year: "1921",
      currency: "CAD",
      id: "00000000-0000-4000-8000-000000000102",
      slug: "old-mill",
    }),
  ];
  return await sharedFixture({
    csv: await csvFile(`${text.trimEnd()}\n${rows.join("\n")}\n`),
    rates: BUNDLED_RATES_CSV,
  });
}

const fx = await detailsFixture();
const { app, member } = siteApp(fx);

async function page(path: string, cookie = ""): Promise<string> {
  const res = await app.request(`${ORIGIN}${path}`, {
    headers: { accept: BROWSER, ...(cookie ? { cookie } : {}) },
  });
  assertStrictEquals(res.status, 200, path);
  return await res.text();
}

Deno.test("a club still to open says 'Opens <year>', one that opened says 'Opened <year>'", async () => {
  const soon = await page("/clubs/harbour-point");
  const year = THIS_YEAR + 3;
  assert(soon.includes(`<dt>Opens</dt><dd>${year}</dd>`), "the future year in the future tense");
  assert(!soon.includes("<dt>Opened</dt>"));
  assert(soon.includes(`Coming soon (opens ${year})`));
  const old = await page("/clubs/old-mill");
  assert(old.includes("<dt>Opened</dt><dd>1921</dd>"));
  assert(!old.includes("<dt>Opens</dt>"));
  // The card on the results says when, too.
  const card = await page("/clubs?q=harbour%20point");
  assert(card.includes(`<span class="tag">Coming soon (opens ${year})</span>`), card);
});

Deno.test("under a type filter, subtypes are nested under their group, derived from TYPE_GROUPS", async () => {
  const html = await page("/clubs?type=golf");
  // Country club is part of golf: nested in golf's item, not beside it.
  const golf = html.slice(html.indexOf('id="facet-type"'));
  const golfItem = golf.slice(golf.indexOf("<li>"), golf.indexOf("</ul></li>"));
  assert(golfItem.includes('aria-current="true"'), "golf, chosen, comes first");
  assert(golfItem.includes('<ul class="sub" aria-label="Part of Golf">'), golfItem);
  assert(golfItem.includes('href="/clubs?type=country_club"'), golfItem);
  // Every nested value is a member of the group it sits under.
  const nested = [
    ...html.matchAll(/aria-label="Part of ([^"]+)">(.*?)<\/ul>/g),
  ].map(([, group, items]) =>
    [
      group!.toLowerCase(),
      [...items!.matchAll(/href="\/clubs\?type=([a-z_]+)"/g)].map((m) => m[1]!),
    ] as const
  );
  assert(nested.length >= 3, JSON.stringify(nested));
  for (const [group, members] of nested) {
    for (const m of members) assert(TYPE_GROUPS[group]!.includes(m), `${m} under ${group}`);
  }
  // A type in no group stays at the top level.
  assert(html.includes('href="/clubs?type=yacht"'));
  assert(nested.every(([, members]) => !members.includes("yacht")));
});

Deno.test("signed in, the currency form comes after the results and the pager, not before the first card", async () => {
  const html = await page("/clubs?type=golf&limit=5", `session=${member}`);
  const form = html.indexOf('<form class="currency');
  const first = html.indexOf('<li class="club">');
  const pager = html.indexOf('<nav class="pages"');
  assert(form > 0 && first > 0 && pager > 0);
  assert(first < pager && pager < form, "cards, pager, then the form");
  // The fee note still comes before the cards.
  assertEquals(html.indexOf('class="feenote"') < first, true);
});
