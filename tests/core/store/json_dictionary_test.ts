import fc from "fast-check";
import { isAscii, JsonDictionary } from "../../../core/store/json_dictionary.ts";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "../../_assert.ts";

/** Club-like JSON objects: fixed member names, values that repeat and values that do not. */
const clubJson = fc.record({
  id: fc.uuid(),
  name: fc.string({ maxLength: 60 }),
  country: fc.constantFrom("United States", "Japan", null),
  fee: fc.option(fc.integer(), { nil: null }),
  verified: fc.boolean(),
  url: fc.constantFrom("https://images.example/clubs/a.jpg", "https://images.example/clubs/b.jpg"),
  views: fc.constantFrom({ kind: "locked" }, { kind: "none" }),
}).map((club) =>
  JSON.stringify(club).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )
);

Deno.test("JsonDictionary: expand(compact(text)) gives the text back, for any ASCII text", () => {
  fc.assert(
    fc.property(
      fc.array(clubJson, { minLength: 2, maxLength: 40 }),
      fc.string(),
      (clubs, other) => {
        const dict = JsonDictionary.learn(clubs, { minCount: 2 });
        if (!dict) return;
        for (const text of [...clubs, clubs.join(","), JSON.stringify(other)]) {
          if (!isAscii(text)) continue;
          assertStrictEquals(dict.expand(dict.compact(text)), text);
        }
        // Pages are joins of compacted clubs, expanded once.
        assertStrictEquals(
          dict.expand(clubs.map((c) => dict.compact(c)).join(",")),
          clubs.join(","),
        );
      },
    ),
  );
});

Deno.test("JsonDictionary learns the member names and values that repeat, longest savings first", () => {
  const clubs = Array.from(
    { length: 50 },
    (_, i) => `{"id":${i},"annual_dues":null,"currency":"USD","name":"Club ${i}"}`,
  );
  const dict = JsonDictionary.learn(clubs)!;
  assert(dict.entries.includes(',"annual_dues":null'), dict.entries.join(" "));
  assert(dict.entries.includes(',"currency":"USD"'));
  // A value that never repeats is not an entry, but its member name is.
  assert(dict.entries.includes(',"name":'));
  assert(!dict.entries.some((e) => e.includes("Club 7")));
  const small = dict.compact(clubs[7]!);
  assert(small.length < clubs[7]!.length / 2, small);
  assert(!isAscii(small));
});

Deno.test("JsonDictionary is not learnt from text that is not ASCII, and compacts ASCII only", () => {
  assertStrictEquals(JsonDictionary.learn(['{"a":null}', '{"a":null,"b":"é"}']), null);
  assertStrictEquals(JsonDictionary.learn([]), null);
  const dict = JsonDictionary.learn(['{"a":null}', '{"a":null}'], { minCount: 2 })!;
  assertThrows(() => dict.compact('{"a":"ü"}'), RangeError);
  assertEquals(dict.entries.length > 0, true);
});
