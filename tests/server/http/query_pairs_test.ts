import fc from "fast-check";
import { queryPairs } from "../../../server/http/query_pairs.ts";
import { assertEquals } from "../../_assert.ts";

/** Characters that matter to the parser, and some that do not. */
const QUERY_CHARS = [
  "&",
  "=",
  "+",
  "%",
  "?",
  "#",
  "a",
  "Z",
  "0",
  "7",
  "F",
  "c",
  "ł",
  "日",
  "😀",
  " ",
];

/** Percent escapes, well-formed or not, UTF-8 or not. */
const ESCAPES = [
  "%C5%82",
  "%E6%97%A5",
  "%F0%9F%98%80",
  "%2B",
  "%26",
  "%3D",
  "%25",
  "%ZZ",
  "%C5",
  "%ED%A0%80",
  "%C0%AF",
  "%FF",
  "%EF%BB%BF",
];

Deno.test("queryPairs() decodes exactly as URLSearchParams does, for any query string (property)", () => {
  const piece = fc.oneof(fc.constantFrom(...QUERY_CHARS), fc.constantFrom(...ESCAPES), fc.string());
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
      const search = pieces.join("");
      assertEquals(queryPairs(search), [...new URLSearchParams(search)]);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("queryPairs() reads the API's query strings: plain parts, +, escapes and bare names", () => {
  assertEquals(queryPairs(""), []);
  assertEquals(queryPairs("?type=golf&&state=FL&waitlist"), [
    ["type", "golf"],
    ["state", "FL"],
    ["waitlist", ""],
  ]);
  assertEquals(queryPairs("q=royal+st%20andrews&q=%E2%82%AC=1"), [
    ["q", "royal st andrews"],
    ["q", "€=1"],
  ]);
  assertEquals(queryPairs("q=100%&x=%C5"), [["q", "100%"], ["x", "\uFFFD"]]);
});
