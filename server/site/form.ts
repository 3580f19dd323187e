/**
 * The search forms: the full one of the home page (name, type, country,
 * state, waitlist; the choices and their counts come from the snapshot) and
 * the compact one at the top of a results page (name only, one row; the
 * other filters ride along as hidden fields). The home form shows the name
 * first and folds type, place and membership into a disclosure. Both are plain GET forms to
 * `/clubs`, so they work without JavaScript and give shareable addresses.
 *
 * @example
 * ```ts ignore
 * import { compactForm } from "./form.ts";
 * compactForm("", { type: "golf", q: "royal" });
 * ```
 * @module
 */
import { TYPE_GROUPS, WAITLIST_VALUES } from "../../core/model/mod.ts";
import type { FacetCount, Facets } from "../../core/facets/mod.ts";
import type { PlaceCount } from "../../core/stats/mod.ts";
import {
  humanize,
  markup,
  num,
  type SafeHtml,
  type SearchLink,
  WAITLIST_TEXT,
} from "../html/mod.ts";

const hidden = (name: string, value: string | number | null | undefined) =>
  value == null || value === ""
    ? null
    : markup`<input type="hidden" name="${name}" value="${String(value)}">`;

/**
 * The results page's form: the name field, with every other filter of the
 * current search kept as hidden fields (a new name starts at page 1).
 *
 * @example
 * ```ts ignore
 * import { compactForm } from "./form.ts";
 * compactForm("", { country: "Canada" }).includes('name="country" value="Canada"'); // true
 * ```
 */
export function compactForm(root: string, link: SearchLink): SafeHtml {
  return markup`<form class="find" role="search" method="get" action="${root}/clubs">
<label class="sr" for="q">Club name</label>
<input id="q" name="q" type="search" value="${
    link.q ?? ""
  }" maxlength="200" autocomplete="off" placeholder="Club name">${hidden("match", link.match)}${
    hidden("sort", link.sort)
  }${hidden("type", link.type)}${hidden("country", link.country)}${hidden("state", link.state)}${
    hidden("city", link.city)
  }${hidden("waitlist", link.waitlist?.join(","))}${hidden("limit", link.limit)}
<button type="submit">Search</button>
</form>`;
}

function option(value: string, label: string, count: number): SafeHtml {
  return markup`<option value="${value}">${label} (${num(count)})</option>`;
}

function typeSelect(types: readonly FacetCount[]): SafeHtml {
  const groups = types.filter((t) => t.value in TYPE_GROUPS);
  const stored = types.filter((t) => !(t.value in TYPE_GROUPS))
    .sort((a, b) => a.value.localeCompare(b.value));
  const groupOptions = groups.map((t) =>
    option(
      t.value,
      `${humanize(t.value)}: ${
        TYPE_GROUPS[t.value]!.filter((m) => m !== t.value).map((m) => humanize(m).toLowerCase())
          .join(", ")
      } and more`,
      t.count,
    )
  );
  const storedOptions = stored.map((t) => option(t.value, humanize(t.value), t.count));
  return markup`<div><label for="type">Type</label>
<select id="type" name="type"><option value="">Any type</option>
<optgroup label="Groups">${groupOptions}</optgroup>
<optgroup label="Types">${storedOptions}</optgroup>
</select></div>`;
}

function countrySelect(countries: readonly FacetCount[]): SafeHtml {
  const sorted = [...countries].sort((a, b) => a.value.localeCompare(b.value));
  const options = sorted.map((c) => option(c.value, c.value, c.count));
  return markup`<div><label for="country">Country</label>
<select id="country" name="country"><option value="">Any country</option>${options}</select></div>`;
}

/** Regions with a name, alphabetically. */
function named(regions: readonly PlaceCount[]): { name: string; count: number }[] {
  return regions.filter((r): r is PlaceCount & { name: string } => r.key !== null && !!r.name)
    .map((r) => ({ name: r.name, count: r.count })).sort((a, b) => a.name.localeCompare(b.name));
}

function stateSelect(regions: readonly { country: string; regions: readonly PlaceCount[] }[]) {
  const groups = regions.map((g) =>
    markup`<optgroup label="${g.country}">${
      named(g.regions).map((r) => option(r.name, r.name, r.count))
    }</optgroup>`
  );
  return markup`<div><label for="state">State or province</label>
<select id="state" name="state" aria-describedby="state-note"><option value="">Any state</option>${groups}</select>
<p id="state-note" class="muted">United States and Canada; for a region elsewhere, choose the country and pick it on the results page.</p></div>`;
}

function waitlistChecks(counts: readonly FacetCount[]): SafeHtml {
  const byValue = new Map(counts.map((c) => [c.value, c.count]));
  const boxes = WAITLIST_VALUES.filter((v) => v !== "invite_only").map((v) =>
    markup`<label><input type="checkbox" name="waitlist" value="${v}"> ${
      WAITLIST_TEXT[v] ?? humanize(v)
    } <span class="count">(${num(byValue.get(v) ?? 0)})</span></label>`
  );
  return markup`<fieldset><legend>Membership</legend><div class="checks">${boxes}</div></fieldset>`;
}

/** What the home page's form offers. */
export interface FormChoices {
  /** Facet counts of the whole directory (type, country, waitlist). */
  facets: Facets;
  /** Regions of the United States and Canada, for the state list. */
  regions: readonly { country: string; regions: readonly PlaceCount[] }[];
}

/**
 * The home page's full search form.
 *
 * @example
 * ```ts ignore
 * import { fullForm } from "./form.ts";
 * fullForm("", { facets: facetCounts(store, query, ["type", "country", "waitlist"]), regions });
 * ```
 */
export function fullForm(root: string, choices: FormChoices): SafeHtml {
  return markup`<form class="search" role="search" method="get" action="${root}/clubs">
<div><label for="q">Club name</label>
<div class="find"><input id="q" name="q" type="search" maxlength="200" autocomplete="off" placeholder="e.g. royal, st andrews">
<button type="submit">Search</button></div>
</div>
<details class="more"><summary>Type, place and membership</summary><div>
<div class="fields">
${typeSelect(choices.facets.type ?? [])}
${countrySelect(choices.facets.country ?? [])}
${stateSelect(choices.regions)}
</div>
${waitlistChecks(choices.facets.waitlist ?? [])}
</div></details>
</form>`;
}
