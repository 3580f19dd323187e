/**
 * The results page's filter lists: for each facet, its values with the
 * number of clubs each leads to, as links that choose the value (type,
 * country and state replace the current one; waitlist values add to the
 * list) or, for a chosen value, remove it. The counts are the core's
 * {@link facetCounts}, so a link's count is the total its page shows; a
 * line under each heading says what they count ("Golf clubs, by country").
 *
 * @example
 * ```ts ignore
 * import { facetLists } from "./facet_list.ts";
 * facetLists("", link, facets, selected);
 * ```
 * @module
 */
import { WAITLIST_VALUES } from "../../core/model/mod.ts";
import type { FacetCount, FacetName, Facets } from "../../core/facets/mod.ts";
import { facetNote } from "./describe.ts";
import {
  escapeHtml,
  humanize,
  num,
  searchHref,
  type SearchLink,
  waitlistText,
} from "../html/mod.ts";

/** Values shown before the rest fold into "More". */
const SHOWN = 8;

/** The facets the page shows, in order, with their headings. */
const HEADINGS: [FacetName, string][] = [
  ["type", "Type"],
  ["country", "Country"],
  ["state", "State or region"],
  ["waitlist", "Membership"],
];

/** Which values of each facet the current search has chosen. */
export type Selected = Record<FacetName, (value: string) => boolean>;

/** The label a value of a facet reads as. */
export function facetLabel(name: FacetName, value: string): string {
  if (name === "type") return humanize(value);
  if (name === "waitlist") return waitlistText(value);
  return value;
}

/** The search a value's link leads to: chosen, or removed when already chosen. */
export function toggled(link: SearchLink, name: FacetName, value: string, on: boolean): SearchLink {
  const base = { ...link, page: null };
  switch (name) {
    case "type":
      return { ...base, type: on ? null : value };
    case "country":
      // A state belongs to its country: another country drops it.
      return { ...base, country: on ? null : value, state: null };
    case "state":
      return { ...base, state: on ? null : value };
    case "waitlist": {
      // In the canonical order (see search.ts), so the link needs no redirect.
      const list = new Set(link.waitlist ?? []);
      if (on) list.delete(value);
      else list.add(value);
      return { ...base, waitlist: WAITLIST_VALUES.filter((v) => list.has(v)) };
    }
  }
}

function item(root: string, link: SearchLink, name: FacetName, f: FacetCount, on: boolean) {
  const label = escapeHtml(facetLabel(name, f.value));
  const href = searchHref(root, toggled(link, name, f.value, on));
  return on
    ? `<li><a href="${href}" aria-current="true"><span><span class="sr">Remove filter: </span>${label} <span aria-hidden="true">✕</span></span><span class="count">${
      num(f.count)
    }</span></a></li>`
    : `<li><a href="${href}"><span>${label}</span><span class="count">${
      num(f.count)
    }<span class="sr"> ${f.count === 1 ? "club" : "clubs"}</span></span></a></li>`;
}

/**
 * The `<aside>` of filter lists; a facet missing from `facets` is not shown.
 *
 * @example
 * ```ts ignore
 * import { facetLists } from "./facet_list.ts";
 * facetLists("", { type: "golf" }, { type: [{ value: "golf", count: 12 }] }, selected);
 * ```
 */
export function facetLists(
  root: string,
  link: SearchLink,
  facets: Facets,
  selected: Selected,
): string {
  const sections = HEADINGS.filter(([name]) => facets[name]?.length).map(([name, heading]) => {
    // `by_invitation` already counts (and finds) clubs stored as `invite_only`.
    const values = facets[name]!.filter((f) => name !== "waitlist" || f.value !== "invite_only");
    // Chosen values first, so they are never folded away.
    const chosen = values.filter((f) => selected[name](f.value));
    const rest = values.filter((f) => !selected[name](f.value));
    const top = [...chosen, ...rest.slice(0, Math.max(0, SHOWN - chosen.length))];
    const more = rest.slice(top.length - chosen.length);
    const li = (f: FacetCount) => item(root, link, name, f, selected[name](f.value));
    const id = `facet-${name}`;
    // What the counts are of: the search without this filter, split by its values.
    return `<section class="facet" aria-labelledby="${id}" aria-describedby="${id}-note"><h3 id="${id}">${heading}</h3>
<p class="note" id="${id}-note">${escapeHtml(facetNote(link, name))}</p>
<ul>${top.map(li).join("")}</ul>${
      more.length
        ? `<details><summary>${num(more.length)} more</summary><ul>${
          more.map(li).join("")
        }</ul></details>`
        : ""
    }</section>`;
  });
  return `<aside class="facets" id="filters" aria-labelledby="filters-title"><h2 id="filters-title">Filters</h2>
${sections.join("\n") || '<p class="muted">No filters to offer for this search.</p>'}
</aside>`;
}
