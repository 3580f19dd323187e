// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * The directory's history on the website (issue 40), on two imports of
 * generated snapshots in a row (tests/core/history/_two_imports.ts: clubs
 * added and removed, a waitlist opened and one closed, fees changed, a
 * coming-soon club opened): the What's new page (filters, paging, words,
 * canonical addresses, its cache), a club's history on its profile, the
 * marks on results, the feed's discovery link, and fee visibility for every
 * tier on each of them.
 */
import { historyFixture, siteApp } from "../_helpers.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { fixture } from "../../_fixture.ts";
import { SECOND_DAY } from "../../core/history/_two_imports.ts";
import { type FeeAccess, toApiClub } from "../../../core/club/mod.ts";
import type { ClubRecord } from "../../../core/schema/mod.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const ORIGIN = "http://127.0.0.1:8000";

const { h, fx: asFixture } = await historyFixture();
const { app, free, member } = siteApp(asFixture);
const COOKIES: Record<FeeAccess, string> = {
  locked: "",
  band: `session=${free}`,
  exact: `session=${member}`,
};

async function get(path: string, access: FeeAccess = "locked"): Promise<Response> {
  const cookie = COOKIES[access];
  return await app.request(`${ORIGIN}${path}`, {
    headers: { accept: BROWSER, ...(cookie ? { cookie } : {}) },
  });
}

/** A page's HTML (after the one redirect to its canonical address, if any). */
async function page(path: string, access: FeeAccess = "locked"): Promise<string> {
  let res = await get(path, access);
  if (res.status === 302) {
    await res.body?.cancel();
    res = await get(res.headers.get("location")!, access);
  }
  assertStrictEquals(
    res.status,
    200,
    `${path}: ${res.status} ${res.status === 200 ? "" : await res.text()}`,
  );
  return await res.text();
}

/** The main content's text: tags out, character references read back, spaces collapsed. */
function words(html: string): string {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main.replace(/<[^>]+>/g, " ").replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(+n))
    .replace(/&amp;/g, "&").replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"')
    .replace(/\s+/g, " ").replace(/ ([.,:;)])/g, "$1");
}

/** The text of the What's new item or profile history of a club. */
function itemOf(html: string, name: string): string {
  const text = words(html);
  const at = text.indexOf(name);
  assert(at >= 0, `${name} is listed`);
  return text.slice(at, at + 400);
}

const first = new Map(h.first.map((c) => [c.id, c]));
const before = (c: ClubRecord) => first.get(c.id)!;
const label = (c: ClubRecord, access: FeeAccess) =>
  toApiClub(c, access).fee_views.initiation.label ?? "";
/** A fee as the history writes it: the figure or range, and "(estimate)" after an estimate's range. */
const feeText = (c: ClubRecord) => {
  const v = toApiClub(c, "exact").fee_views.initiation;
  return `${v.label}${v.kind === "band" && v.estimate ? " (estimate)" : ""}`;
};

Deno.test("What's new lists the latest update's changes in plain words, each club linking to its profile", async () => {
  const html = await page("/changes");
  const text = words(html);
  assert(text.includes("What's new"));
  assert(text.includes("10 changes since 1 March 2025"), text);
  assert(text.includes("Update of 3 March 2025"));
  assert(text.includes("In the whole directory: 3 added, 5 changed, 2 removed."));
  const { edits } = h;
  assert(itemOf(html, edits.opened.name).includes("Opened for applications"));
  assert(itemOf(html, edits.closedWaitlist.name).includes("Closed its waitlist"));
  for (const c of edits.added) {
    assert(itemOf(html, c.name).includes(`New in ${c.state ?? c.country}`), c.name);
    assert(html.includes(`<a href="/clubs/${c.slug}">`), c.slug);
  }
  for (const c of edits.removed) {
    assert(itemOf(html, c.name).includes("Removed from the directory"));
    // A removed club has no profile to link to.
    assert(!html.includes(`href="/clubs/${c.slug}"`), c.slug);
  }
  assert(itemOf(html, edits.verifiedFees.name).includes("Fees updated"));
  // Newest update first, in name order within it.
  const names = [...html.matchAll(/<li class="change"><h3>(?:<a [^>]*>)?([^<]+)/g)].map((m) =>
    m[1]!
  );
  assertEquals(names, [...names].sort((a, b) => a.localeCompare(b, "en")));
});

Deno.test("fee changes show figures to members only: anonymous and free visitors read 'Fees updated'", async () => {
  const { verifiedFees, estimateFees } = h.edits;
  for (const access of ["locked", "band", "exact"] as const) {
    for (const path of ["/changes", `/clubs/${verifiedFees.slug}`, `/clubs/${estimateFees.slug}`]) {
      const html = await page(path, access);
      const item = itemOf(html, path === "/changes" ? verifiedFees.name : "History");
      if (path !== `/clubs/${estimateFees.slug}`) assert(item.includes("Fees updated"), item);
      const history = path === "/changes" ? words(html) : itemOf(html, "History");
      if (access === "exact") {
        // Members: before → after, as their fee rules show them (exact for club-verified fees).
        const c = path.endsWith(estimateFees.slug) ? estimateFees : verifiedFees;
        const line = `Initiation fee ${feeText(before(c))} → ${feeText(c)}`;
        assert(history.includes(line), `${path}: ${line} in ${history}`);
        assert(!history.includes("shows no figure"));
      } else {
        // No figure and no band of either fee, before or after, anywhere in the history.
        for (const c of [verifiedFees, estimateFees]) {
          for (const shown of ["exact", "band"] as const) {
            for (const l of [label(c, shown), label(before(c), shown)]) {
              if (l) assert(!history.includes(l), `${access} ${path} shows ${l}`);
            }
          }
        }
        assert(!history.includes("→"), `${access} ${path}`);
        assert(history.includes("“Fees updated” shows no figure"), history);
        assertStrictEquals(history.includes("Sign in"), access === "locked", `${access} ${path}`);
      }
    }
  }
});

Deno.test("What's new takes the results page's filters and pages", async () => {
  const { opened } = h.edits;
  const state = await page(
    `/changes?country=${encodeURIComponent(opened.country!)}&state=${
      encodeURIComponent(opened.state!)
    }`,
  );
  assert(words(state).includes(opened.name));
  const golf = await page("/changes?type=golf");
  assertMatch(words(golf), /What's new: Golf clubs/);
  for (const m of golf.matchAll(/<p class="where">([^<]+)</g)) {
    assert(/^(Golf|Country club) &#183;/.test(m[1]!), m[1]!);
  }
  // Its feed and its results, with the same filters.
  assert(golf.includes('href="/clubs.atom?type=golf"'));
  assert(golf.includes('href="/clubs?type=golf">See these clubs'));
  // Paged like the results: 10 changes, 3 a page.
  const one = await page("/changes?limit=3");
  assert(words(one).includes("10 changes since 1 March 2025 · showing 1–3"));
  assert(one.includes('href="/changes?limit=3&amp;page=4"'));
  const two = words(await page("/changes?limit=3&page=2"));
  assert(two.includes("showing 4–6"));
  const past = words(await page("/changes?limit=3&page=9"));
  assert(past.includes("Page 9 is past the end: 10 changes on 4 pages."), past);
  const none = words(await page("/changes?q=no%20such%20club%20anywhere"));
  assert(none.includes("No change to these clubs since 1 March 2025."), none);
});

Deno.test("What's new has one address per search, and a bad parameter is a page for people", async () => {
  const res = await get("/changes?type=GOLF&page=1");
  assertStrictEquals(res.status, 302);
  assertStrictEquals(res.headers.get("location"), "/changes?type=golf");
  await res.body?.cancel();
  const bad = await get("/changes?page=0");
  assertStrictEquals(bad.status, 400);
  const html = await bad.text();
  assert(html.includes("There is no such page"));
  // The way out stays on What's new.
  assert(html.includes('<a href="/changes">Go to the first page of this search</a>'), html);
});

Deno.test("What's new is kept per snapshot, search and access: the same bytes again, another tier its own page", async () => {
  const a = await page("/changes?type=golf", "exact");
  const b = await page("/changes?type=golf", "exact");
  assertStrictEquals(a, b);
  const anonymous = await page("/changes?type=golf");
  assert(anonymous !== a && anonymous.includes("Sign in"));
  assert(!anonymous.includes("Member"));
});

Deno.test("results mark the clubs the latest update added or changed, and offer the search's feed", async () => {
  const { added, opened, removed } = h.edits;
  const newOne = await page(`/clubs?q=${encodeURIComponent(added[0]!.name)}`);
  assert(newOne.includes('<span class="tag mark">New</span>'));
  const changed = await page(`/clubs?q=${encodeURIComponent(opened.name)}`);
  const card = changed.slice(changed.indexOf(`>${opened.name}<`));
  assert(card.slice(0, 800).includes('<span class="tag mark">Updated</span>'), card.slice(0, 800));
  // An unchanged club has no mark; a removed one is not found.
  const untouched = h.second.find((c) =>
    !h.first.every((f) => f.id !== c.id) &&
    ![...Object.values(h.edits)].flat().some((e) => (e as ClubRecord).id === c.id)
  )!;
  const plain = await page(`/clubs?q=${encodeURIComponent(untouched.name)}&match=substring`);
  const plainCard = plain.slice(plain.indexOf(`>${untouched.name}<`));
  assert(!plainCard.slice(0, plainCard.indexOf("</li>")).includes("tag mark"));
  const gone = await get(`/clubs/${removed[0]!.slug}`);
  assertStrictEquals(gone.status, 404);
  await gone.body?.cancel();
  // Every results page: the feed's discovery link and a visible one.
  const results = await page("/clubs?type=golf&page=2&limit=5");
  assert(
    results.includes(
      '<link rel="alternate" type="application/atom+xml" title="Golf clubs: new and changed (Atom)" href="/clubs.atom?type=golf">',
    ),
  );
  assert(
    results.includes(
      '<a href="/clubs.atom?type=golf" type="application/atom+xml">Follow this search</a>',
    ),
  );
  assert(results.includes('<a href="/changes?type=golf">What\'s new in this search</a>'));
});

Deno.test("a profile shows its club's history; the home page the latest update", async () => {
  const { opened, added, launched } = h.edits;
  const history = itemOf(await page(`/clubs/${opened.slug}`), "History");
  assert(history.includes(`History 3 March 2025 Opened for applications`), history);
  assert(history.includes("The history goes back to 1 March 2025 (2 updates)."));
  const fresh = itemOf(await page(`/clubs/${added[0]!.slug}`), "History");
  assert(fresh.includes(`3 March 2025 New in ${added[0]!.state ?? added[0]!.country}`), fresh);
  assert(itemOf(await page(`/clubs/${launched.slug}`), "History").includes("3 March 2025 Opened"));
  const untouched = h.second.find((c) => c.id === h.first[5]!.id && c.id !== opened.id)!;
  const quiet = itemOf(await page(`/clubs/${untouched.slug}`), "History");
  assert(quiet.includes("No change since 1 March 2025"), quiet);
  const home = words(await page("/"));
  assert(
    home.includes(`What's new Updated 3 March 2025: 3 clubs added, 5 changed, 2 removed.`),
    home,
  );
  assert((await page("/")).includes('<a href="/changes">See what\'s new</a>'));
  assertStrictEquals(SECOND_DAY, "2025-03-03");
});

Deno.test("a directory imported once says its history begins, and its next update shows here", async () => {
  await using once = await fixture();
  const site = siteApp(once);
  const res = await site.app.request(`${ORIGIN}/changes`, { headers: { accept: BROWSER } });
  const text = words(await res.text());
  assert(text.includes("No change to show."));
  assert(
    /history begins with its snapshot of .* changes show here from its next update/.test(text),
    text,
  );
  const profile = await site.app.request(`${ORIGIN}/clubs/seminole`, {
    headers: { accept: BROWSER },
  });
  assert(words(await profile.text()).includes("History No change since"));
  const home = await site.app.request(`${ORIGIN}/`, { headers: { accept: BROWSER } });
  assert(!(await home.text()).includes('id="new"'), "no What's new line before a second import");
});
