import fc from "fast-check";
import { asciiJson } from "../../../core/model/json.ts";
import { assert, assertEquals } from "../../_assert.ts";

Deno.test("asciiJson() escapes every non-ASCII character", () => {
  assertEquals(
    asciiJson({ city: "Zürich", dash: "–" }),
    '{"city":"Z\\u00fcrich","dash":"\\u2013"}',
  );
});

Deno.test("asciiJson() parses back to the same value and is pure ASCII (property)", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const text = asciiJson(v);
      assert(![...text].some((c) => c.charCodeAt(0) > 0x7e), text);
      assertEquals(JSON.parse(text), JSON.parse(JSON.stringify(v)));
    }),
    { numRuns: 300 },
  );
});
