import { fold, foldKey, placeKey } from "../../../core/model/fold.ts";
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
