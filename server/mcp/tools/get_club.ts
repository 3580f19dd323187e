/**
 * `get_club`: one club's public profile by slug.
 *
 * @module
 */
import { z } from "zod";
import { clubProfile, ClubProfileSchema, NO_LINKS } from "../club_rows.ts";
import { toolArguments } from "../arguments.ts";
import { READ_ONLY, result, type Tool, toolError, withStore } from "../tool.ts";

/** Arguments of `get_club`. */
export const inputSchema = toolArguments({
  slug: z.string().describe('Profile url or slug: "amelia-island-country-club-amelia-island".'),
});

/** Result of `get_club`: the public profile (`url` only when the server knows its site). */
export const outputSchema = ClubProfileSchema;

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
      const club = result(clubProfile(record, ctx.baseUrl));
      // The JSON stays the first block, whole; a second says why no link.
      if (ctx.baseUrl === null) club.content.push({ type: "text", text: NO_LINKS });
      return club;
    });
  },
};
