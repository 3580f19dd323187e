/**
 * `get_club`: one club's public profile by slug.
 *
 * @module
 */
import { z } from "zod";
import { PublicClubSchema } from "../../../core/schema/mod.ts";
import { toPublicClub } from "../../../core/club/mod.ts";
import { READ_ONLY, result, type Tool, toolError, withStore } from "../tool.ts";

/** Arguments of `get_club`. */
export const inputSchema = z.object({
  slug: z.string().describe('Profile url or slug: "pine-valley-golf-club".'),
});

/** Result of `get_club`: the public profile. */
export const outputSchema = PublicClubSchema;

/**
 * The slug in what a caller sent: a slug, or a profile link
 * (`…/clubs/<slug>`, as `url` in every result).
 */
export function slugOf(input: string): string {
  let s = input.trim();
  const at = s.lastIndexOf("/clubs/");
  if (at >= 0) s = s.slice(at + "/clubs/".length).replace(/[/?#].*$/s, "");
  try {
    s = decodeURIComponent(s);
  } catch { /* not percent-encoded after all */ }
  return s.toLowerCase();
}

/** The `get_club` tool. */
export const getClub: Tool<typeof inputSchema, typeof outputSchema> = {
  name: "get_club",
  config: {
    title: "Get a club",
    description:
      "One club's full public profile (listing status, course, amenities, description, rating, " +
      "url) by the url or slug search_clubs gave. No fees.",
    inputSchema,
    outputSchema,
    annotations: READ_ONLY,
  },
  handler(ctx, { slug }) {
    const wanted = slugOf(slug);
    return withStore(ctx, (store) => {
      const record = wanted === "" ? null : store.bySlug(wanted);
      if (!record) {
        return toolError(
          `Club not found: No club has the slug "${slug}". Find the club with search_clubs ` +
            '(for example {"q": "pine valley"}) and pass the slug of one of its results.',
        );
      }
      return result(toPublicClub(record, ctx.baseUrl));
    });
  },
};
