/**
 * `list_club_types`: every stored club type with its count, and the group
 * names the `type` filter accepts (core/model/types.ts).
 *
 * @module
 */
import { z } from "zod";
import { totalClubs, typeCounts } from "../../../core/stats/mod.ts";
import { TYPE_ALIASES, TYPE_GROUPS } from "../../../core/model/mod.ts";
import { toolArguments } from "../arguments.ts";
import { READ_ONLY, result, type Tool, withStore } from "../tool.ts";

/** `list_club_types` takes no arguments. */
export const inputSchema = toolArguments({});

/** Result of `list_club_types`. */
export const outputSchema = z.object({
  total: z.int().min(0).describe("Clubs in the directory."),
  types: z.array(z.object({
    type: z.string().nullable().describe(
      "A stored type, usable as search_clubs type; null for clubs whose listing gives none.",
    ),
    count: z.int().min(0),
  })).describe("Every stored type, most clubs first."),
  groups: z.array(z.object({
    type: z.string().describe("A search_clubs type value that matches several stored types."),
    matches: z.array(z.string()).describe("The stored types it matches."),
    count: z.int().min(0).describe("Clubs it matches."),
  })),
  aliases: z.array(z.object({
    type: z.string().describe("A search_clubs type value that reads as another one."),
    reads_as: z.string(),
  })),
});

/** The `list_club_types` tool. */
export const listClubTypes: Tool<typeof inputSchema, typeof outputSchema> = {
  name: "list_club_types",
  config: {
    title: "List club types",
    description:
      "Every stored club type with its club count, and the groups search_clubs type also accepts " +
      "(golf matches country_club too).",
    inputSchema,
    outputSchema,
    annotations: READ_ONLY,
  },
  handler(ctx) {
    return withStore(ctx, (store) => {
      const types = typeCounts(store);
      const countOf = new Map(types.map((t) => [t.key, t.count]));
      return result({
        total: totalClubs(store),
        types: types.map((t) => ({ type: t.key, count: t.count })),
        groups: Object.entries(TYPE_GROUPS).map(([type, matches]) => ({
          type,
          matches: [...matches],
          count: matches.reduce((n, m) => n + (countOf.get(m) ?? 0), 0),
        })),
        aliases: Object.entries(TYPE_ALIASES).map(([type, readsAs]) => ({
          type,
          reads_as: readsAs,
        })),
      });
    });
  },
};
