/**
 * `get_directory_stats`: the size and make-up of the directory, where the
 * data comes from and when this snapshot was imported.
 *
 * @module
 */
import { z } from "zod";
import { isIsoKey } from "../../../core/places/mod.ts";
import {
  countryCounts,
  statusCounts,
  totalClubs,
  typeCounts,
  waitlistCounts,
} from "../../../core/stats/mod.ts";
import { WAITLIST_VALUES } from "../../../core/model/mod.ts";
import { toolArguments } from "../arguments.ts";
import { READ_ONLY, result, type Tool, withStore } from "../tool.ts";

/** `get_directory_stats` takes no arguments. */
export const inputSchema = toolArguments({});

const count = z.int().min(0);

/** Result of `get_directory_stats`. */
export const outputSchema = z.object({
  source: z.string().describe("The directory the data comes from."),
  imported_at: z.string().nullable().describe(
    "When this snapshot of the data was imported (ISO 8601 date-time).",
  ),
  total: count.describe("Clubs in the directory."),
  by_type: z.array(z.object({
    type: z.string().nullable().describe("Stored club type; null when the listing gives none."),
    count,
  })),
  by_country: z.array(z.object({
    country: z.string().nullable().describe("English name; null when the listing gives none."),
    code: z.string().nullable().describe("ISO 3166 alpha-2 code, usable as search_clubs country."),
    count,
  })),
  by_waitlist: z.array(z.object({
    waitlist_status: z.string().describe(
      `${WAITLIST_VALUES.join(", ")} (unknown also when the listing says nothing).`,
    ),
    count,
  })),
  by_status: z.array(z.object({
    status: z.string().nullable().describe(
      "Listing status: published, unclaimed, coming_soon, …; null when the listing gives none.",
    ),
    count,
  })),
});

/** The `get_directory_stats` tool. */
export const getDirectoryStats: Tool<typeof inputSchema, typeof outputSchema> = {
  name: "get_directory_stats",
  config: {
    title: "Directory statistics",
    description:
      "Club counts by type, country, waitlist status and listing status (most first), the data " +
      "source and when this snapshot was imported.",
    inputSchema,
    outputSchema,
    annotations: READ_ONLY,
  },
  handler(ctx) {
    return withStore(ctx, (store) =>
      result({
        source: ctx.name,
        imported_at: store.meta.imported_at ?? null,
        total: totalClubs(store),
        by_type: typeCounts(store).map((c) => ({ type: c.key, count: c.count })),
        by_country: countryCounts(store).map((c) => ({
          country: c.name,
          code: isIsoKey(c.key) ? c.key : null,
          count: c.count,
        })),
        by_waitlist: waitlistCounts(store).map((c) => ({ waitlist_status: c.key, count: c.count })),
        by_status: statusCounts(store).map((c) => ({ status: c.key, count: c.count })),
      }));
  },
};
