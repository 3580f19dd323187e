/**
 * The results page, `GET /clubs?<the parameters of GET /api/v1/clubs>`:
 * the total, one page of clubs (each linking to its profile, with place,
 * type, waitlist and fees as the session allows), paging links, the chosen
 * filters (each removable) and the filter lists with counts. Everything
 * comes from the search core: `findPage` for the page, `facetCounts` for
 * the lists.
 *
 * @example
 * ```ts ignore
 * import { resultsPage } from "./results.ts";
 * const html = resultsPage(deps, store, search, "locked");
 * ```
 * @module
 */
import { type Club, type FeeAccess, toApiClub } from "../../core/club/mod.ts";
import {
  isIsoKey,
  NORTH_AMERICA,
  resolveCountryKey,
  resolveStateKey,
} from "../../core/places/mod.ts";
import { findPage, type SearchQuery, suggest, type Suggestion } from "../../core/search/mod.ts";
import { facetCounts, type FacetName } from "../../core/facets/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import {
  ACCESS_NOTE,
  comingSoonText,
  humanize,
  imageBox,
  joinHtml,
  markup,
  num,
  pageShell,
  placeLine,
  plural,
  profileUrl,
  queryComponent,
  type SafeHtml,
  type SearchLink,
  searchQuery,
  searchUrl,
  typeClubs,
  waitlistBadge,
  waitlistText,
} from "../html/mod.ts";
import type { SiteDeps } from "./deps.ts";
import { facetLabel, facetLists, type Selected, toggled } from "./facet_list.ts";
import { compactForm } from "./form.ts";
import { pager } from "./pager.ts";
import { changeMark, changesUrl, feedUrl, filtersOf } from "./history.ts";
import { feedTitle } from "./changes.ts";
import { type ChangeKind, latestChanges } from "../../core/history/mod.ts";
import type { SiteSearch } from "./search.ts";
import { canonicalOf } from "./canonical.ts";
import { describe, DROPPABLE, dropped, filterWords } from "./describe.ts";
import type { Converted } from "../../core/rates/mod.ts";
import { clubConversion, currencyControl, feeCellIn, type PageCurrency } from "./currency.ts";

export { describe } from "./describe.ts";

function clubItem(
  root: string,
  club: Club,
  fx: Converted | null = null,
  mark: ChangeKind | undefined = undefined,
): SafeHtml {
  const place = placeLine(club);
  const soon = club.status === "coming_soon"
    ? markup`<span class="tag">${comingSoonText(club.opened_year)}</span>`
    : null;
  // New or changed in the latest update (core/history), before the waitlist.
  const tags = markup`${changeMark(mark)}${waitlistBadge(club.waitlist_status)}${soon}`;
  const views = club.fee_views;
  const fees = [views.initiation, views.annual].every((v) => v.kind === "none")
    ? markup`<p class="fees muted">No fees on file</p>`
    : markup`<p class="fees">Initiation ${
      feeCellIn(views.initiation, fx, "initiation")
    } · Annual dues ${feeCellIn(views.annual, fx, "annual")}</p>`;
  const image = imageBox({ url: club.hero_image_url, name: club.name, alt: "" });
  const kind = club.type === null ? null : markup`<p class="kind">${humanize(club.type)}</p>`;
  return markup`<li class="club">${image}
<div class="info"><h2><a href="${profileUrl(root, club.slug)}">${club.name}</a></h2>
${kind}
${place ? markup`<p class="where">${place}</p>` : null}
<p class="tags">${tags}</p>
${fees}</div></li>`;
}

/** Where to follow a search: its What's new page and its feed. */
function followLine(root: string, link: SearchLink): SafeHtml {
  const changes = changesUrl(root, filtersOf(link));
  return markup`<p class="follow"><a href="${changes}">What's new in this search</a> · <a href="${
    feedUrl(root, link)
  }" type="application/atom+xml">Follow this search</a> (Atom feed)</p>`;
}

/** The chosen filters, each a link that removes it. */
function chips(root: string, link: SearchLink): SafeHtml | null {
  const out: [string, SearchLink][] = [];
  const base = { ...link, page: null };
  if (link.q) out.push([`Name: ${link.q}`, { ...base, q: null, match: null, sort: null }]);
  for (const name of ["type", "country", "state"] as const) {
    const v = link[name];
    if (v) out.push([`${humanize(name)}: ${facetLabel(name, v)}`, toggled(link, name, v, true)]);
  }
  if (link.city) out.push([`City: ${link.city}`, { ...base, city: null }]);
  for (const v of link.waitlist ?? []) {
    out.push([`Membership: ${waitlistText(v)}`, toggled(link, "waitlist", v, true)]);
  }
  if (!out.length) return null;
  const items = out.map(([label, to]) =>
    markup`<li><a href="${
      searchUrl(root, to)
    }"><span class="sr">Remove filter </span>${label}<span aria-hidden="true">✕</span></a></li>`
  );
  if (out.length > 1) items.push(markup`<li><a href="${searchUrl(root, {})}">Clear all</a></li>`);
  return markup`<ul class="chips" aria-label="Chosen filters">${items}</ul>`;
}

/** How many filters a search has chosen (name, type, places, membership values). */
function chosenCount(link: SearchLink): number {
  return [link.q, link.type, link.country, link.state, link.city].filter((v) => v).length +
    (link.waitlist?.length ?? 0);
}

/**
 * The filter lists in a disclosure: one tap away above the results on a
 * phone, a sidebar that is always open on wide screens (the stylesheet
 * shows a closed `<details>`'s content there). No script either way.
 */
function filterPanel(lists: SafeHtml, link: SearchLink): SafeHtml {
  const n = chosenCount(link);
  const count = n ? markup` <span class="count">(${num(n)} chosen)</span>` : null;
  return markup`<details class="refine"><summary>Filters${count}</summary>
${lists}
</details>`;
}

/** A suggestion's change in words: `“royal sydney”`, `Golf clubs`, `any state or region`. */
function changeWords(params: Suggestion["params"], link: SearchLink): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name === "match") {
      if ("q" in params) continue;
      parts.push(
        value === "fuzzy" ? `close matches for “${link.q}”` : `names with the words “${link.q}”`,
      );
    } else if (value == null) {
      parts.push(`any ${name === "state" ? "state or region" : name}`);
    } else if (name === "q") parts.push(`“${value}”`);
    else if (name === "type") parts.push(typeClubs(value));
    else parts.push(value);
  }
  return parts.join(", ");
}

/** One offered search: its address, words and the clubs it finds. */
interface Offer {
  href: string;
  words: string;
  total: number;
}

function offerSection(id: string, heading: string, offers: readonly Offer[]): SafeHtml | null {
  if (!offers.length) return null;
  const items = offers.map((o) =>
    markup`<li><a href="${o.href}">${o.words}</a> <span class="count">(${
      plural(o.total, "club")
    })</span></li>`
  );
  return markup`<section class="offers" aria-labelledby="${id}"><h2 id="${id}">${heading}</h2><ul>${items}</ul></section>`;
}

/**
 * What to try when a search finds nothing (or only close matches): the
 * search core's corrections ("Did you mean …?") and, with two filters or
 * more, the searches that drop one of them; each with its total, each
 * link a canonical address.
 */
function ways(store: ClubStore, root: string, search: SiteSearch, fuzzy: boolean): SafeHtml {
  const { link, query } = search;
  const seen = new Set<string>([searchUrl(root, { ...link, page: null })]);
  const corrections: Offer[] = [];
  for (const s of suggest(store, query)) {
    // Close matches are already on the page.
    if (fuzzy && !("q" in s.params)) continue;
    const to: Record<string, unknown> = { ...link, page: null };
    for (const [name, value] of Object.entries(s.params)) to[name] = value ?? null;
    const canonical = canonicalOf(store, to as SearchLink);
    if (canonical === null) continue;
    const href = searchUrl(root, canonical.link);
    if (seen.has(href)) continue;
    seen.add(href);
    corrections.push({ href, words: changeWords(s.params, link), total: s.total });
  }
  const chosen = DROPPABLE.filter((name) => {
    const v = link[name];
    return v != null && (!Array.isArray(v) || v.length > 0);
  });
  const drops: Offer[] = [];
  if (!fuzzy && chosen.length > 1) {
    for (const name of chosen) {
      const canonical = canonicalOf(store, dropped(link, name));
      if (canonical === null) continue;
      const href = searchUrl(root, canonical.link);
      if (seen.has(href)) continue;
      const total = findPage(store, { ...canonical.query, page: 1, limit: 1 }).total;
      if (total === 0) continue;
      seen.add(href);
      drops.push({ href, words: `Without ${filterWords(link, name)}`, total });
    }
  }
  return joinHtml([
    offerSection("did-you-mean", "Did you mean…?", corrections),
    offerSection("drop-one", "Drop one filter", drops),
  ], "\n");
}

/** Which facet values the search has chosen (places compared as resolved). */
function selection(store: ClubStore, link: SearchLink, search: SiteSearch): Selected {
  const q = search.query;
  const countryKey = q.country === null ? null : resolveCountryKey(store, q.country);
  const scope = countryKey === null ? NORTH_AMERICA : isIsoKey(countryKey) ? [countryKey] : [];
  const stateKey = q.state === null ? null : resolveStateKey(store, q.state, scope);
  const waitlist = new Set(link.waitlist ?? []);
  return {
    type: (v) => v === q.typeKey,
    country: (v) => countryKey !== null && resolveCountryKey(store, v) === countryKey,
    state: (v) => stateKey !== null && resolveStateKey(store, v, scope) === stateKey,
    waitlist: (v) => waitlist.has(v),
  };
}

/**
 * The whole results page for a search, as a caller with `access` sees it,
 * fees also in the currency of `fx` (see currency.ts).
 *
 * @example
 * ```ts ignore
 * import { resultsPage } from "./results.ts";
 * resultsPage(deps, store, search, "band").includes("Free account"); // true
 * ```
 */
export function resultsPage(
  deps: SiteDeps,
  store: ClubStore,
  search: SiteSearch,
  access: FeeAccess,
  fx: PageCurrency | null = null,
): { html: string; total: number } {
  const { root } = deps;
  const { link } = search;
  let query: SearchQuery = search.query;
  let found = findPage(store, query);
  // Words that match no name: close matches before giving up (only when the
  // address leaves the matching to the site).
  let fuzzy = false;
  if (found.total === 0 && query.q !== null && link.match == null) {
    const close: SearchQuery = { ...query, match: "fuzzy" };
    const near = findPage(store, close);
    if (near.total > 0) [query, found, fuzzy] = [close, near, true];
  }
  const records = store.records(found.ranks);
  const latest = latestChanges(store);
  const clubs = records.map((r) => toApiClub(r, access));
  const names: FacetName[] = query.country !== null || query.state !== null
    ? ["type", "country", "state", "waitlist"]
    : ["type", "country", "waitlist"];
  const facets = facetCounts(store, query, names);
  const last = Math.max(1, Math.ceil(found.total / query.limit));
  const title = describe(link);
  const here = `${root}/clubs${searchQuery(link) ? `?${searchQuery(link)}` : ""}`;
  const first = (query.page - 1) * query.limit + 1;
  const found_ = fuzzy
    ? `No exact match; ${plural(found.total, "close match", "close matches")} for “${link.q!}”`
    : plural(found.total, "club");
  const summary = found.total === 0
    ? "No club matches this search."
    : clubs.length === 0
    ? `Page ${num(query.page)} is past the end: this search finds ${
      plural(found.total, "club")
    } on ${plural(last, "page")}.`
    : `${found_} · showing ${num(first)}–${num(first + clubs.length - 1)}`;
  const items = clubs.map((c, i) =>
    clubItem(root, c, clubConversion(records[i]!, access, fx), latest.get(records[i]!.id))
  );
  const list = clubs.length
    ? markup`<ol class="results" start="${first}">${joinHtml(items, "\n")}</ol>`
    : found.total > 0
    ? markup`<p><a href="${searchUrl(root, { ...link, page: last })}">Go to the last page (page ${
      num(last)
    })</a></p>`
    : markup`<p>Try fewer filters${link.q ? " or another name" : null}, or <a href="${
      searchUrl(root, {})
    }">browse every club</a>.</p>`;
  const offers = found.total === 0 || fuzzy ? ways(store, root, search, fuzzy) : null;
  const feeNote = access === "locked"
    ? markup`<p class="feenote">Fees are locked: <a href="${root}/sign-in?next=${
      queryComponent(here)
    }">sign in</a> to see them.</p>`
    : markup`<p class="feenote">${ACCESS_NOTE[access]}</p>`;
  const main = markup`<h1>${title}</h1>
<p class="lede" role="status">${summary}</p>
${compactForm(root, link)}
${chips(root, link)}
<div class="layout">
${filterPanel(facetLists(root, link, facets, selection(store, link, search)), link)}
<section aria-label="Results">
${offers}
${clubs.length ? feeNote : null}
${list}
${pager((p) => searchUrl(root, { ...link, page: p }), query.page, last)}
${followLine(root, link)}
${currencyControl(fx, `${root}/clubs`, [...new URLSearchParams(searchQuery(link))])}
</section>
</div>`;
  const page = pageShell({
    title: query.page > 1 ? `${title}, page ${num(query.page)}` : title,
    main,
    root,
    siteName: deps.name,
    description: `${title}: ${plural(found.total, "private club")} in the ${deps.name}.`,
    account: access,
    here,
    feed: { url: feedUrl(root, link), title: feedTitle(link) },
  });
  return { html: page, total: found.total };
}
