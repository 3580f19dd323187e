import { MAX_SLUG, slugify } from "../../../core/model/slug.ts";
import { assertEquals } from "../../_assert.ts";

Deno.test("slugify() folds accents and drops apostrophes rather than splitting words", () => {
  assertEquals(slugify("St. Andrew's Golf Club, Zürich"), "st-andrews-golf-club-zurich");
  assertEquals(slugify("O’Brien’s C.C."), "obriens-c-c");
  assertEquals(slugify("  !!!  "), "club");
});

Deno.test("slugify() cuts a long slug at a hyphen", () => {
  const s = slugify("word ".repeat(100));
  assertEquals(s.length <= MAX_SLUG && !s.endsWith("-"), true);
});

Deno.test("slugify() joins name and city and never comes out empty", () => {
  assertEquals(slugify("Royal St. George's", "Sandwich"), "royal-st-georges-sandwich");
  assertEquals(slugify("!!!", null), "club");
});
