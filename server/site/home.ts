/**
 * The home page (`GET /` for browsers): what the directory holds, the full
 * search form (choices and counts from the snapshot), a few searches to
 * start from, and the entry points for developers.
 *
 * @example
 * ```ts ignore
 * import { homePage } from "./home.ts";
 * const html = homePage(deps, store, "locked");
 * ```
 * @module
 */
import type { FeeAccess } from "../../core/club/mod.ts";
import { placeName } from "../../core/places/mod.ts";
import { findPage, parseSearch, type RawSearch } from "../../core/search/mod.ts";
import { facetCounts } from "../../core/facets/mod.ts";
import { regionCounts } from "../../core/stats/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import {
  escapeHtml,
  num,
  pageShell,
  plural,
  searchHref,
  type SearchLink,
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

function total(store: ClubStore, link: SearchLink): number {
  const raw: RawSearch = { ...link, waitlist: link.waitlist ?? null, page: null, limit: 1 };
  const q = parseSearch(raw);
  return q.ok ? findPage(store, q.value).total : 0;
}

function entry(root: string, label: string, link: SearchLink, count: number): string {
  return `<li><a href="${searchHref(root, link)}">${escapeHtml(label)}<span class="muted">${
    plural(count, "club")
  }</span></a></li>`;
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
  const topCountries = countries.slice(0, 4).map((c) =>
    entry(root, `Clubs in ${c.value}`, { country: c.value }, c.count)
  );
  const topTypes = (facets.type ?? []).slice(0, 4).map((t) =>
    entry(root, typeClubs(t.value), { type: t.value }, t.count)
  );
  const regions = ["US", "CA"].map((code) => ({
    country: placeName(store, code) ?? code,
    regions: regionCounts(store, code),
  })).filter((g) => g.regions.length);
  const imported = store.meta.imported_at ? store.meta.imported_at.slice(0, 10) : null;
  const main = `<h1>Find a private club</h1>
<p class="lede">${plural(clubs, "private membership club")} in ${
    plural(countries.length, "country", "countries")
  }: golf and country clubs, city and social clubs, athletic, outdoor and yacht clubs.</p>
${fullForm(root, { facets, regions })}
<h2>Start with</h2>
<ul class="entries">
${[...starters, ...topTypes, ...topCountries].join("\n")}
<li><a href="${searchHref(root, {})}">Every club, A to Z<span class="muted">${
    plural(clubs, "club")
  }</span></a></li>
</ul>
<h2>For developers</h2>
<ul>
<li><a href="${root}/api/v1/clubs?type=golf&amp;state=FL&amp;limit=5">REST API</a>: <code>GET /api/v1/clubs</code> with the same parameters as this site's addresses</li>
<li><a href="${root}/openapi.json">OpenAPI description</a></li>
<li>MCP server for assistants: <code>POST ${escapeHtml(root)}/api/mcp</code></li>
<li><a href="${root}/problems">Error codes</a></li>
</ul>
${imported ? `<p class="muted">Snapshot imported ${escapeHtml(imported)}.</p>` : ""}`;
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
