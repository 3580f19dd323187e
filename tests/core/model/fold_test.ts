import { fold, foldKey, placeKey } from "../../../core/model/fold.ts";
import fc from "fast-check";
import { assertEquals } from "../../_assert.ts";

Deno.test("fold() lower-cases, strips accents and collapses white space", () => {
  assertEquals(fold("  Zürich  Golf-Club "), "zurich golf-club");
  assertEquals(fold("MÁLAGA"), "malaga");
  assertEquals(fold("Straße Łódź Ærø"), "strasse lodz aero");
});

Deno.test("fold() keeps punctuation so fragments like st. andrew's still match", () => {
  assertEquals(fold("St. Andrew's"), "st. andrew's");
});

Deno.test("foldKey() keeps only letters and digits", () => {
  assertEquals(foldKey("Côte-d'Ivoire"), "cote d ivoire");
});

Deno.test("placeKey() reads & as and, drops dots and a leading the", () => {
  assertEquals(placeKey("The Newfoundland & Labrador"), "newfoundland and labrador");
  assertEquals(placeKey("U.S.A."), "usa");
});

Deno.test("fold() reads ASCII text exactly as the full Unicode path does (tabs, runs of spaces, line breaks)", () => {
  // The general path, as fold() applies it to text with any non-ASCII letter.
  const general = (t: string) =>
    t.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().replace(/\s+/gu, " ").trim();
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(..."aZ 0.'-\t\n\r\v\f&") }), (t) => {
      assertEquals(fold(t), general(t));
    }),
    { numRuns: 500 },
  );
  fc.assert(fc.property(fc.string({ unit: "binary-ascii" }), (t) => {
    assertEquals(fold(t), general(t));
  }));
  assertEquals(fold(" Royal\t\tSt.  Andrew's \n"), "royal st. andrew's");
});
