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
import { findPage } from "../../core/search/mod.ts";
import { facetCounts, type FacetName } from "../../core/facets/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import {
  ACCESS_NOTE,
  escapeHtml,
  feeCell,
  humanize,
  imageBox,
  num,
  pageShell,
  profileHref,
  queryComponent,
  searchHref,
  type SearchLink,
  searchQuery,
  typeClubs,
  waitlistText,
} from "../html/mod.ts";
import type { SiteDeps } from "./deps.ts";
import { facetLabel, facetLists, type Selected, toggled } from "./facet_list.ts";
import { compactForm } from "./form.ts";
import type { SiteSearch } from "./search.ts";

/** A page's place line: city, region, country, as listed. */
export function placeLine(club: Pick<Club, "city" | "state" | "country">): string {
  return [club.city, club.state, club.country].filter((p) => p).join(", ");
}

function clubItem(root: string, club: Club): string {
  const place = placeLine(club);
  const tags = [
    club.type === null ? null : humanize(club.type),
    waitlistText(club.waitlist_status),
    club.status === "coming_soon" ? "Coming soon" : null,
  ].filter((t) => t !== null).map((t) => `<span class="tag">${escapeHtml(t)}</span>`).join("");
  const views = club.fee_views;
  const fees = [views.initiation, views.annual].every((v) => v.kind === "none")
    ? '<p class="fees muted">No fees on file</p>'
    : `<p class="fees">Initiation ${feeCell(views.initiation)} · Annual dues ${
      feeCell(views.annual)
    }</p>`;
  return `<li class="club">${imageBox({ url: club.hero_image_url, name: club.name, alt: "" })}
<div class="info"><h2><a href="${profileHref(root, club.slug)}">${escapeHtml(club.name)}</a></h2>
${place ? `<p class="muted">${escapeHtml(place)}</p>` : ""}
<p class="tags">${tags}</p>
${fees}</div></li>`;
}

/** Paging links: first, previous, where we are, next, last. */
function pager(root: string, link: SearchLink, page: number, last: number): string {
  if (last <= 1 && page <= 1) return "";
  const to = (p: number, text: string, rel?: string) =>
    `<li><a href="${searchHref(root, { ...link, page: p })}"${
      rel ? ` rel="${rel}"` : ""
    }>${text}</a></li>`;
  const off = (text: string) => `<li><span>${text}</span></li>`;
  const prev = Math.min(page - 1, last);
  return `<nav class="pages" aria-label="Pages"><ul>
${page > 1 ? to(1, "First") : off("First")}
${page > 1 ? to(prev, "Previous", "prev") : off("Previous")}
<li><span aria-current="page">Page ${num(page)} of ${num(last)}</span></li>
${page < last ? to(page + 1, "Next", "next") : off("Next")}
${page < last ? to(last, "Last") : off("Last")}
</ul></nav>`;
}

/** The chosen filters, each a link that removes it. */
function chips(root: string, link: SearchLink): string {
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
  if (!out.length) return "";
  const items = out.map(([label, to]) =>
    `<li><a href="${searchHref(root, to)}"><span class="sr">Remove filter </span>${
      escapeHtml(label)
    }<span aria-hidden="true">✕</span></a></li>`
  );
  if (out.length > 1) items.push(`<li><a href="${searchHref(root, {})}">Clear all</a></li>`);
  return `<ul class="chips" aria-label="Chosen filters">${items.join("")}</ul>`;
}

/** "Golf clubs named “royal” in FL": the search in words, for the title. */
export function describe(link: SearchLink): string {
  const type = link.type ? typeClubs(link.type) : "Clubs";
  const named = link.q ? ` matching “${link.q}”` : "";
  const place = [link.city, link.state, link.country].filter((p) => p).join(", ");
  return `${type}${named}${place ? ` in ${place}` : ""}`;
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
 * The whole results page for a search, as a caller with `access` sees it.
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
): { html: string; total: number } {
  const { root } = deps;
  const { link, query } = search;
  const found = findPage(store, query);
  const clubs = store.records(found.ranks).map((r) => toApiClub(r, access));
  const names: FacetName[] = query.country !== null || query.state !== null
    ? ["type", "country", "state", "waitlist"]
    : ["type", "country", "waitlist"];
  const facets = facetCounts(store, query, names);
  const last = Math.max(1, Math.ceil(found.total / query.limit));
  const title = describe(link);
  const here = `${root}/clubs${searchQuery(link) ? `?${searchQuery(link)}` : ""}`;
  const first = (query.page - 1) * query.limit + 1;
  const summary = found.total === 0
    ? "No club matches this search."
    : clubs.length === 0
    ? `${num(found.total)} clubs match; this page is past the last one.`
    : `${num(found.total)} club${found.total === 1 ? "" : "s"} · showing ${num(first)}–${
      num(first + clubs.length - 1)
    }`;
  const list = clubs.length
    ? `<ol class="results" start="${first}">${clubs.map((c) => clubItem(root, c)).join("\n")}</ol>`
    : found.total > 0
    ? `<p><a href="${searchHref(root, { ...link, page: last })}">Go to the last page</a></p>`
    : `<p>Try fewer filters${link.q ? " or another name" : ""}, or <a href="${
      searchHref(root, {})
    }">browse every club</a>.</p>`;
  const feeNote = access === "locked"
    ? `<p class="notice">${escapeHtml(ACCESS_NOTE.locked)} <a href="${root}/sign-in?next=${
      escapeHtml(queryComponent(here))
    }">Sign in</a></p>`
    : `<p class="notice">${escapeHtml(ACCESS_NOTE[access])}</p>`;
  const main = `<h1>${escapeHtml(title)}</h1>
<p class="lede" role="status">${summary}</p>
${compactForm(root, link)}
${chips(root, link)}
<p class="tofilters"><a href="#filters">Jump to the filters</a></p>
<div class="layout">
<section aria-label="Results">
${feeNote}
${list}
${pager(root, link, query.page, last)}
</section>
${facetLists(root, link, facets, selection(store, link, search))}
</div>`;
  const html = pageShell({
    title: query.page > 1 ? `${title}, page ${num(query.page)}` : title,
    main,
    root,
    siteName: deps.name,
    description: `${title}: ${num(found.total)} private clubs in the ${deps.name}.`,
    account: access,
    here,
  });
  return { html, total: found.total };
}
