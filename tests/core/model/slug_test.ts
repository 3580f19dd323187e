import { assertEquals } from "../../_assert.ts";
import { MAX_SLUG, slugify } from "../../../core/model/slug.ts";
import { slugify as rowSlug } from "../../../core/import/csv_row.ts";

Deno.test("slugify() folds accents and drops apostrophes rather than splitting words", () => {
  assertEquals(slugify("St. Andrew's Golf Club, Zürich"), "st-andrews-golf-club-zurich");
  assertEquals(slugify("O’Brien’s C.C."), "obriens-c-c");
  assertEquals(slugify("  !!!  "), "");
});

Deno.test("slugify() cuts a long slug at a hyphen", () => {
  const s = slugify("word ".repeat(100));
  assertEquals(s.length <= MAX_SLUG && !s.endsWith("-"), true);
});

Deno.test("the importer's slug joins name and city and never comes out empty", () => {
  assertEquals(rowSlug("Royal St. George's", "Sandwich"), "royal-st-georges-sandwich");
  assertEquals(rowSlug("!!!", null), "club");
});
