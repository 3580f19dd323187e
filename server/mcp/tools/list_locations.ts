/**
 * `list_locations`: countries with their club counts, or one country's
 * regions, each with the code the search filters accept.
 *
 * @module
 */
import { z } from "zod";
import { isIsoKey, loadGeo, nameOnlyKey, resolveCountryKey } from "../../../core/places/mod.ts";
import { countryCounts, type PlaceCount, regionCounts } from "../../../core/stats/mod.ts";
import { parseSearch } from "../../../core/search/mod.ts";
import type { CallToolResult } from "../sdk.ts";
import { toolArguments } from "../arguments.ts";
import { READ_ONLY, result, type Tool, toolError, withStore } from "../tool.ts";
import { searchErrorText } from "./search_clubs.ts";

/** Arguments of `list_locations`. */
export const inputSchema = toolArguments({
  country: z.string().optional().describe('Name or ISO code ("AU") to list its regions.'),
});

const place = (what: string, filter: string) =>
  z.object({
    name: z.string().nullable().describe(
      `The ${what}'s English name (null: clubs whose listing gives no ${what}).`,
    ),
    code: z.string().nullable().describe(
      `ISO 3166 code, usable as search_clubs ${filter}; null when the ${what} is not in ISO 3166 ` +
        `(then pass the name).`,
    ),
    count: z.int().min(0).describe("Clubs listed there."),
  });
const Country = place("country", "country");
const Region = place("region", "state (together with country)");

/**
 * Result of `list_locations`: every country, or (with `country`) that
 * country and its regions.
 */
export const outputSchema = z.union([
  z.object({
    countries: z.array(Country).describe(
      "Without country: every country with clubs, most clubs first.",
    ),
  }),
  z.object({
    country: Country.describe("With country: the country asked for."),
    regions: z.array(Region).describe("With country: its regions with clubs, most clubs first."),
  }),
]);

function entry(p: PlaceCount) {
  return { name: p.name, code: isIsoKey(p.key) ? p.key : null, count: p.count };
}

/** The `list_locations` tool. */
export const listLocations: Tool<typeof inputSchema, typeof outputSchema> = {
  name: "list_locations",
  config: {
    title: "List countries and regions",
    description:
      "Countries with club counts and ISO codes; with country, its regions (codes such as US-FL). " +
      "Pass a name or code as search_clubs country, or state (with the same country).",
    inputSchema,
    outputSchema,
    annotations: READ_ONLY,
  },
  handler(ctx, { country }) {
    const wanted = country?.trim() ?? "";
    // The search's own rule for `country` (length, control characters), so
    // no work here grows with what a caller sends.
    const checked = parseSearch({ country: wanted });
    if (!checked.ok) return toolError(searchErrorText(checked.error));
    let unlisted = false;
    const answer = withStore(ctx, (store) => {
      if (wanted === "" || wanted.toLowerCase() === "all") {
        return result({ countries: countryCounts(store).map(entry) });
      }
      const key = resolveCountryKey(store, wanted);
      const found = countryCounts(store).find((c) => c.key === key);
      unlisted = found === undefined;
      return result({
        country: entry(found ?? { key, name: wanted, count: 0 }),
        regions: regionCounts(store, key).map(entry),
      });
    });
    return unlisted ? countryWithoutClubs(wanted) : answer;
  },
};

/**
 * A country with no clubs, which the snapshot does not know: ISO 3166 still
 * names it. Its tables (about 6 MB of heap) are loaded for this only.
 */
async function countryWithoutClubs(wanted: string): Promise<CallToolResult> {
  const { countryName, resolveCountry } = await loadGeo();
  const iso = resolveCountry(wanted);
  return result({
    country: entry({
      key: iso ?? nameOnlyKey(wanted),
      name: iso ? countryName(iso) : wanted,
      count: 0,
    }),
    regions: [],
  });
}
