/**
 * The home page (`GET /` for browsers): what the directory holds, the
 * search form (a name; type, place and membership folded away), the types
 * to browse (each with its icon and count), popular places with counts, a
 * few searches to start from, and the entry points for developers.
 *
 * @example
 * ```ts ignore
 * import { homePage } from "./home.ts";
 * const html = homePage(deps, store, "locked");
 * ```
 * @module
 */
import type { FeeAccess } from "../../core/club/mod.ts";
import { TYPE_GROUPS } from "../../core/model/mod.ts";
import { placeName } from "../../core/places/mod.ts";
import { findPage, parseSearch, type RawSearch } from "../../core/search/mod.ts";
import { type FacetCount, facetCounts } from "../../core/facets/mod.ts";
import { regionCounts } from "../../core/stats/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import { snapshots } from "../../core/history/mod.ts";
import {
  dayTime,
  joinHtml,
  markup,
  num,
  pageShell,
  plural,
  type SafeHtml,
  type SearchLink,
  searchUrl,
  typeClubs,
} from "../html/mod.ts";
import type { SiteDeps } from "./deps.ts";
import { fullForm } from "./form.ts";

/** Searches worth offering on the home page, when they find clubs. */
const STARTERS: [string, SearchLink][] = [
  // Written as their canonical addresses (places by name), so a card opens
  // the page its words name, without a redirect.
  ["Golf clubs in Florida", { type: "golf", state: "Florida" }],
  ["Clubs open to applications", { waitlist: ["open"] }],
  ["City and social clubs in New York", { type: "city", state: "New York" }],
  ["Yacht clubs", { type: "yacht" }],
];

/** Type tiles shown on the home page, most clubs first. */
const TILES = 8;
/** Places of each kind ("States and provinces", "Countries") shown on the home page. */
const PLACES = 10;

/** Headings of the type tiles that say more than the type's name. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  golf: "Golf and country clubs",
  city: "City and social clubs",
  dining: "Dining and wine clubs",
};

/**
 * Line drawings (24×24, stroked in the text colour) of the types; other
 * types get the star. Inline, so the page fetches nothing for them.
 */
const TYPE_ICONS: Readonly<Record<string, string>> = {
  golf: "M7 21V3l10 4-10 4M3 21h12",
  city: "M4 21V6l8-3v18M12 9h8v12M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2M2 21h20",
  athletic: "M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12",
  outdoor: "M2 20l7-13 4 7 3-4 6 10z",
  dining: "M7 3v18M5 3v5a2 2 0 0 0 4 0V3M17 21V3c-2.5 1.5-3 5.5-3 9h3",
  yacht: "M12 3v13M12 4l7 11h-7M11 7l-6 8h6M3 18h18l-2 3H5z",
  beach: "M12 3a9 9 0 0 0-9 9h18a9 9 0 0 0-9-9zM12 12v8M4 21h16",
  ski: "M2 20l8-14 4 6 2-3 6 11zM7.5 11l2.5 2 2-2",
  tennis: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM4 8c4 1 6 4 6 8M20 16c-4-1-6-4-6-8",
  wellness: "M12 21c-6-4-8-9-6-15 6 0 10 4 6 15zm0 0c1-6 4-10 8-11 0 6-3 10-8 11",
  polo: "M4 20l9-9M13 11l3-3a2 2 0 0 1 3 3l-3 3M18 21a2 2 0 1 0 0-4 2 2 0 0 0 0 4",
  star: "M12 3l2.6 5.6 6 .7-4.4 4.2 1.1 6L12 16.6l-5.3 2.9 1.1-6-4.4-4.2 6-.7z",
};

function typeIcon(type: string): SafeHtml {
  const d = TYPE_ICONS[type] ?? TYPE_ICONS.star!;
  return markup`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${d}" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

/** The groups and the stored types outside any group, most clubs first. */
function typeTiles(root: string, types: readonly FacetCount[]): SafeHtml {
  const grouped = new Set(
    Object.entries(TYPE_GROUPS).flatMap(([g, m]) => m.filter((t) => t !== g)),
  );
  const tiles = types.filter((t) => !grouped.has(t.value)).slice(0, TILES).map((t) =>
    markup`<li><a href="${searchUrl(root, { type: t.value })}">${typeIcon(t.value)}<span><b>${
      TYPE_WORDS[t.value] ?? typeClubs(t.value)
    }</b><span>${plural(t.count, "club")}</span></span></a></li>`
  );
  return joinHtml(tiles, "\n");
}

function placeList(
  root: string,
  heading: string,
  places: { label: string; link: SearchLink; n: number }[],
): SafeHtml | null {
  if (!places.length) return null;
  const items = places.map((p) =>
    markup`<li><a href="${searchUrl(root, p.link)}">${p.label} <span>${num(p.n)}</span></a></li>`
  );
  return markup`<h3>${heading}</h3>
<ul class="places">${items}</ul>`;
}

function total(store: ClubStore, link: SearchLink): number {
  const raw: RawSearch = { ...link, waitlist: link.waitlist ?? null, page: null, limit: 1 };
  const q = parseSearch(raw);
  return q.ok ? findPage(store, q.value).total : 0;
}

function entry(root: string, label: string, link: SearchLink, count: number): SafeHtml {
  return markup`<li><a href="${searchUrl(root, link)}">${label}<span class="muted">${
    plural(count, "club")
  }</span></a></li>`;
}

/** The latest update in one line, with the link to What's new; nothing before a second import. */
function whatsNew(root: string, store: ClubStore): SafeHtml | null {
  const latest = snapshots(store)[0];
  if (!latest?.compared) return null;
  const counts = [
    latest.added ? plural(latest.added, "club") + " added" : null,
    latest.changed ? `${num(latest.changed)} changed` : null,
    latest.removed ? `${num(latest.removed)} removed` : null,
  ].filter((c) => c !== null);
  return markup`
    <section aria-labelledby="new">
      <h2 id="new">What's new</h2>
      <p>Updated ${dayTime(latest.date)}: ${
    counts.length ? counts.join(", ") : "no change"
  }. <a href="${root}/changes">See what's new</a></p>
    </section>
  `;
}

/**
 * The home page as a caller with `access` sees it (only the header differs).
 *
 * @example
 * ```ts ignore
 * import { homePage } from "./home.ts";
 * homePage(deps, store, "exact").includes("Member"); // true
 * ```
 */
export function homePage(deps: SiteDeps, store: ClubStore, access: FeeAccess): string {
  const { root } = deps;
  const all = parseSearch({});
  if (!all.ok) throw new Error(all.error.detail);
  const facets = facetCounts(store, all.value, ["type", "country", "waitlist"]);
  const countries = facets.country ?? [];
  const clubs = findPage(store, { ...all.value, limit: 1 }).total;
  const starters = STARTERS.map(([label, link]) => ({ label, link, n: total(store, link) }))
    .filter((s) => s.n > 0).map((s) => entry(root, s.label, s.link, s.n));
  const regions = ["US", "CA"].map((code) => ({
    country: placeName(store, code) ?? code,
    regions: regionCounts(store, code),
  })).filter((g) => g.regions.length);
  const popularRegions = regions.flatMap((g) =>
    g.regions.filter((r) => r.key !== null && r.name).map((r) => ({
      label: r.name!,
      link: { country: g.country, state: r.name },
      n: r.count,
    }))
  ).sort((a, b) => b.n - a.n).slice(0, PLACES);
  const popularCountries = countries.slice(0, PLACES).map((c) => ({
    label: c.value,
    link: { country: c.value },
    n: c.count,
  }));
  const imported = store.meta.imported_at ? store.meta.imported_at.slice(0, 10) : null;
  const main = markup`<div class="hero">
<h1>Find a private club</h1>
<p class="lede">${plural(clubs, "private membership club")} in ${
    plural(countries.length, "country", "countries")
  }: golf and country clubs, city and social clubs, athletic, outdoor and yacht clubs.</p>
${fullForm(root, { facets, regions })}
</div>
${whatsNew(root, store)}
<section aria-labelledby="by-type"><h2 id="by-type">Browse by type</h2>
<ul class="tiles">
${typeTiles(root, facets.type ?? [])}
</ul></section>
<section aria-labelledby="places"><h2 id="places">Popular places</h2>
${placeList(root, "States and provinces", popularRegions)}
${placeList(root, "Countries", popularCountries)}
</section>
<section aria-labelledby="start"><h2 id="start">Start with</h2>
<ul class="entries">
${joinHtml(starters, "\n")}
<li><a href="${searchUrl(root, {})}">Every club, A to Z<span class="muted">${
    plural(clubs, "club")
  }</span></a></li>
</ul></section>
<h2>For developers</h2>
<ul>
<li><a href="${root}/api/v1/clubs?type=golf&amp;state=FL&amp;limit=5">REST API</a>: <code>GET /api/v1/clubs</code> with the same parameters as this site's addresses</li>
<li><a href="${root}/openapi.json">OpenAPI description</a></li>
<li>MCP server for assistants: <code>POST ${root}/api/mcp</code></li>
<li><a href="${root}/problems">Error codes</a></li>
</ul>
${imported ? markup`<p class="muted">Snapshot imported ${imported}.</p>` : null}`;
  return pageShell({
    title: "Find a private club",
    main,
    root,
    siteName: deps.name,
    description: `Search ${
      num(clubs)
    } private membership clubs by name, type, country, state and waitlist.`,
    account: access,
    here: `${root}/`,
  });
}
