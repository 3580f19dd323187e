// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import fc from "fast-check";
import stringWidth from "string-width";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { loadWidth, safeText, truncate } from "../../../cli/output/text.ts";

Deno.test("safeText() shows control characters instead of sending them to the terminal", () => {
  assertEquals(safeText("Evil\x1b]0;pwned\x07\x1b[2J Club"), "Evil␛]0;pwned␇␛[2J Club");
  assertEquals(safeText("a\tb\nc\rd\x00e\x7f"), "a␉b␊c␍d␀e␡");
  // 8-bit CSI and bidi overrides have no picture: the replacement character.
  assertEquals(safeText("x\u009b2Jy\u202egnp.exe"), "x�2Jy�gnp.exe");
  assertEquals(safeText("Club Málaga 東京 👨‍👩‍👧 e\u0301"), "Club Málaga 東京 👨‍👩‍👧 e\u0301");
});

Deno.test("safeText() never leaves a control character, whatever the text", () => {
  fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => {
    // deno-lint-ignore no-control-regex
    assert(!/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(safeText(s)));
  }));
});

Deno.test("loadWidth() counts wide characters twice and combining accents not at all", async () => {
  const texts = ["東京ゴルフ倶楽部", "e\u0301te\u0301", "👨‍👩‍👧 Club", "Málaga"];
  const width = await loadWidth(texts);
  assertEquals(texts.map(width), [16, 3, 7, 6]);
});

Deno.test("loadWidth() agrees with string-width on any text", async () => {
  const width = await loadWidth(["東"]);
  fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => width(s) === stringWidth(s)));
  // The Latin fast path too.
  const latin = await loadWidth(["Zürich"]);
  fc.assert(
    fc.property(
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x2ff }).map((c) => String.fromCharCode(c)) })
        .filter((s) => !/[\u007f-\u009f\u00ad]/.test(s)),
      (s) => latin(s) === stringWidth(s),
    ),
  );
});

Deno.test("truncate() cuts whole graphemes to the width, with an ellipsis", async () => {
  const width = await loadWidth(["東"]);
  assertStrictEquals(truncate("東京ゴルフ倶楽部", 9, width), "東京ゴル…");
  assertStrictEquals(truncate("東京ゴルフ倶楽部", 8, width), "東京ゴ…");
  assertStrictEquals(truncate("Cafe\u0301 Club", 5, width), "Cafe\u0301…");
  assertStrictEquals(truncate("👨‍👩‍👧👨‍👩‍👧", 3, width), "👨‍👩‍👧…");
  assertStrictEquals(truncate("Oak", 5, width, true), "Oak  ");
  assertStrictEquals(truncate("東京ゴルフ", 6, width, true), "東京… ");
});

Deno.test("truncate() never exceeds the width and pads to it exactly", async () => {
  const width = await loadWidth(["東"]);
  fc.assert(
    fc.property(fc.string({ unit: "grapheme" }), fc.integer({ min: 1, max: 40 }), (s, max) => {
      assert(width(truncate(s, max, width)) <= max);
      assertStrictEquals(width(truncate(s, max, width, true)), Math.max(max, 0));
    }),
  );
});
