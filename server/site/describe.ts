/**
 * A search in words: the heading of its results page ("Golf clubs matching
 * “royal” in Florida"), what each filter list counts, and the name of a
 * filter a person can drop.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describe } from "./describe.ts";
 * assert.equal(describe({ type: "golf", state: "Florida" }), "Golf clubs in Florida");
 * ```
 * @module
 */
import type { FacetName } from "../../core/facets/mod.ts";
import { humanize, type SearchLink, typeClubs, waitlistText } from "../html/mod.ts";

/**
 * "Golf clubs matching “royal” in Florida": the search in words, for the
 * heading and the title (membership is left to the chips).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describe } from "./describe.ts";
 * assert.equal(describe({ q: "royal", country: "Australia" }), "Clubs matching “royal” in Australia");
 * ```
 */
export function describe(link: SearchLink): string {
  const type = link.type ? typeClubs(link.type) : "Clubs";
  const named = link.q ? ` matching “${link.q}”` : "";
  const place = [link.city, link.state, link.country].filter((p) => p).join(", ");
  return `${type}${named}${place ? ` in ${place}` : ""}`;
}

/** What each list's counts are split by. */
const BY: Record<FacetName, string> = {
  type: "by type",
  country: "by country",
  state: "by state or region",
  waitlist: "by membership",
};

/**
 * What the counts of a filter list are of: the clubs of the search with
 * that filter (and what depends on it) left out, split by its values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { facetNote } from "./describe.ts";
 * assert.equal(facetNote({ type: "golf", state: "Florida" }, "type"), "Clubs in Florida, by type");
 * assert.equal(facetNote({ type: "golf", state: "Florida" }, "country"), "Golf clubs, by country");
 * ```
 */
export function facetNote(link: SearchLink, name: FacetName): string {
  const other: SearchLink = { ...link, page: null };
  if (name === "type") other.type = null;
  // Choosing a country drops the state, so country counts ignore it.
  if (name === "country") other.country = other.state = other.city = null;
  if (name === "state") other.state = other.city = null;
  if (name === "waitlist") other.waitlist = null;
  const membership = name !== "waitlist" && other.waitlist?.length
    ? ` (${other.waitlist.map((v) => waitlistText(v).toLowerCase()).join(" or ")})`
    : "";
  const what = describe(other);
  return `${what === "Clubs" ? "All clubs" : what}${membership}, ${BY[name]}`;
}

/** The filters of a search a person can drop, each with its words. */
export const DROPPABLE = ["q", "type", "country", "state", "city", "waitlist"] as const;

/** One filter a person can drop. */
export type Droppable = typeof DROPPABLE[number];

/**
 * A chosen filter in words: `State: Florida`, `Name: “royal”`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { filterWords } from "./describe.ts";
 * assert.equal(
 *   filterWords({ waitlist: ["open", "closed"] }, "waitlist"),
 *   "Membership: Open to applications or Closed to new members",
 * );
 * ```
 */
export function filterWords(link: SearchLink, name: Droppable): string {
  switch (name) {
    case "q":
      return `Name: “${link.q ?? ""}”`;
    case "type":
      return `Type: ${humanize(link.type ?? "")}`;
    case "waitlist":
      return `Membership: ${(link.waitlist ?? []).map(waitlistText).join(" or ")}`;
    default:
      return `${name === "state" ? "State" : humanize(name)}: ${link[name] ?? ""}`;
  }
}

/**
 * The search without one filter (and, for the name, its matching and order).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dropped } from "./describe.ts";
 * assert.deepStrictEqual(dropped({ country: "Japan", state: "Florida", page: 2 }, "state"), { country: "Japan", state: null, page: null });
 * ```
 */
export function dropped(link: SearchLink, name: Droppable): SearchLink {
  const out: SearchLink = { ...link, page: null, [name]: null };
  if (name === "q") out.match = out.sort = null;
  return out;
}
