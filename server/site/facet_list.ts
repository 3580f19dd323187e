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
import { TYPE_GROUPS, WAITLIST_VALUES } from "../../core/model/mod.ts";
import type { FacetCount, FacetName, Facets } from "../../core/facets/mod.ts";
import { facetNote } from "./describe.ts";
import {
  humanize,
  joinHtml,
  markup,
  num,
  type SafeHtml,
  type SearchLink,
  searchUrl,
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
  const label = facetLabel(name, f.value);
  const href = searchUrl(root, toggled(link, name, f.value, on));
  return on
    ? markup`<a href="${href}" aria-current="true"><span><span class="sr">Remove filter: </span>${label} <span aria-hidden="true">✕</span></span><span class="count">${
      num(f.count)
    }</span></a>`
    : markup`<a href="${href}"><span>${label}</span><span class="count">${
      num(f.count)
    }<span class="sr"> ${f.count === 1 ? "club" : "clubs"}</span></span></a>`;
}

/** A value of a list and the values shown nested under it (the types of a group). */
interface Node {
  f: FacetCount;
  under: Node[];
}

/**
 * The group a type is part of (core/model/types.ts TYPE_GROUPS: `golf`
 * lists `country_club`), among the values of the list; null for none.
 */
function groupOf(value: string, present: ReadonlySet<string>): string | null {
  for (const [group, members] of Object.entries(TYPE_GROUPS)) {
    if (group !== value && present.has(group) && members.includes(value)) return group;
  }
  return null;
}

/**
 * The values of a list as a tree, in their order (most clubs first): a type
 * under the group it is part of, so "Country club" reads as a part of "Golf"
 * (whose count includes it) rather than a type beside it. Other facets are
 * flat.
 */
function tree(name: FacetName, values: readonly FacetCount[]): Node[] {
  const nodes = new Map(values.map((f) => [f.value, { f, under: [] as Node[] }]));
  if (name !== "type") return [...nodes.values()];
  const present = new Set(nodes.keys());
  const top: Node[] = [];
  for (const node of nodes.values()) {
    const group = groupOf(node.f.value, present);
    // A group that is itself part of one (`dining` in `city`) keeps its own types under it.
    if (group === null) top.push(node);
    else nodes.get(group)!.under.push(node);
  }
  return top;
}

/** Whether a node or any value under it is chosen. */
function holdsChosen(node: Node, chosen: (value: string) => boolean): boolean {
  return chosen(node.f.value) || node.under.some((n) => holdsChosen(n, chosen));
}

/**
 * The `<aside>` of filter lists; a facet missing from `facets` is not shown.
 * Types are nested under their groups (see {@link tree}).
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
): SafeHtml {
  const sections = HEADINGS.filter(([name]) => facets[name]?.length).map(([name, heading]) => {
    // `by_invitation` already counts (and finds) clubs stored as `invite_only`.
    const values = facets[name]!.filter((f) => name !== "waitlist" || f.value !== "invite_only");
    const nodes = tree(name, values);
    // Chosen values (and the groups holding them) first, so they are never folded away.
    const chosen = nodes.filter((n) => holdsChosen(n, selected[name]));
    const rest = nodes.filter((n) => !holdsChosen(n, selected[name]));
    const top = [...chosen, ...rest.slice(0, Math.max(0, SHOWN - chosen.length))];
    const more = rest.slice(top.length - chosen.length);
    const li = (n: Node): SafeHtml => {
      const own = item(root, link, name, n.f, selected[name](n.f.value));
      if (!n.under.length) return markup`<li>${own}</li>`;
      // Nested: a screen reader hears the sub-list as part of the group.
      const part = `Part of ${facetLabel(name, n.f.value)}`;
      return markup`<li>${own}<ul class="sub" aria-label="${part}">${n.under.map(li)}</ul></li>`;
    };
    const id = `facet-${name}`;
    // What the counts are of: the search without this filter, split by its values.
    const folded = more.length
      ? markup`<details><summary>${num(more.length)} more</summary><ul>${
        more.map(li)
      }</ul></details>`
      : null;
    return markup`<section class="facet" aria-labelledby="${id}" aria-describedby="${id}-note"><h3 id="${id}">${heading}</h3>
<p class="note" id="${id}-note">${facetNote(link, name)}</p>
<ul>${top.map(li)}</ul>${folded}</section>`;
  });
  const none = markup`<p class="muted">No filters to offer for this search.</p>`;
  return markup`<aside class="facets" id="filters" aria-labelledby="filters-title"><h2 id="filters-title">Filters</h2>
${sections.length ? joinHtml(sections, "\n") : none}
</aside>`;
}
