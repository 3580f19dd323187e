// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import fc from "fast-check";
import { assert, assertEquals } from "../../_assert.ts";
import { findPage } from "../../../core/search/search.ts";
import { parseSearch, type RawSearch } from "../../../core/search/query.ts";
import { MAX_SUGGESTIONS, suggest, type Suggestion } from "../../../core/search/suggest.ts";
import { sharedFixture } from "../../_fixture.ts";

const { store } = await sharedFixture();

function suggestions(raw: RawSearch): Suggestion[] {
  const q = parseSearch(raw);
  if (!q.ok) throw new Error(q.error.detail);
  assertEquals(findPage(store, q.value).total, 0, "only an empty search gets suggestions");
  return suggest(store, q.value);
}

/** The total of the search with a suggestion's changes applied. */
function totalWith(raw: RawSearch, s: Suggestion): number {
  const changed: Record<string, unknown> = { ...raw };
  for (const [k, v] of Object.entries(s.params)) {
    if (v === null) delete changed[k];
    else changed[k] = v;
  }
  const q = parseSearch(changed as RawSearch);
  if (!q.ok) throw new Error(q.error.detail);
  return findPage(store, q.value).total;
}

Deno.test("suggest() offers a looser match for words in another order", () => {
  assertEquals(suggestions({ q: "george st" }), [
    { params: { match: "words" }, total: 1 },
    { params: { match: "fuzzy" }, total: 1 },
  ]);
});

Deno.test("suggest() corrects a misspelt word of q to the closest name word", () => {
  assertEquals(suggestions({ q: "royl" }), [{ params: { q: "royal", match: "words" }, total: 2 }]);
  assertEquals(suggestions({ q: "sidney golf", match: "words" })[0], {
    params: { match: "fuzzy" },
    total: 1,
  });
  assert(
    suggestions({ q: "pine vally", match: "words" }).some((s) =>
      s.params.q === "pine valley" && s.total === 1
    ),
  );
});

Deno.test("suggest() offers the closest stored types and groups for an unknown type", () => {
  assertEquals(suggestions({ type: "golff" }), [{ params: { type: "golf" }, total: 13 }]);
  assertEquals(suggestions({ type: "yaht" }), [{ params: { type: "yacht" }, total: 1 }]);
});

Deno.test("suggest() offers the closest places with clubs for country and state", () => {
  assertEquals(suggestions({ country: "Untied Kingdom" }), [
    { params: { country: "United Kingdom" }, total: 1 },
  ]);
  assertEquals(suggestions({ state: "Florda" })[0], { params: { state: "Florida" }, total: 3 });
  assertEquals(suggestions({ country: "Narnia" }), []);
});

Deno.test("suggest() adds the country of a region outside the US and Canada, and drops the state", () => {
  assertEquals(suggestions({ state: "NSW" }), [
    { params: { country: "AU" }, total: 1 },
    { params: { state: null }, total: 30 },
  ]);
  assertEquals(suggestions({ state: "ZZ", type: "yacht" }), [{
    params: { state: null },
    total: 1,
  }]);
});

Deno.test("suggest() offers the closest cities", () => {
  assertEquals(suggestions({ city: "Zurch" }), [{ params: { city: "Zurich" }, total: 1 }]);
});

Deno.test("suggest() keeps only searches that find clubs, each with its real total", () => {
  for (
    const raw of [
      { q: "royl" },
      { q: "george st" },
      { type: "golff", state: "FL" },
      { state: "NSW" },
      { city: "Zurch" },
      { q: "zzzzzz" },
      { country: "Narnia", type: "golf" },
    ] as RawSearch[]
  ) {
    const list = suggestions(raw);
    assert(list.length <= MAX_SUGGESTIONS);
    for (const s of list) {
      assert(s.total > 0);
      assertEquals(totalWith(raw, s), s.total, JSON.stringify([raw, s]));
    }
  }
});

Deno.test("suggest() corrects two misspelt parameters together when neither alone finds clubs", () => {
  assertEquals(suggestions({ type: "yaht", city: "New Yrok" }), [
    { params: { type: "yacht", city: "New York" }, total: 1 },
  ]);
});

/** Words of the fixture's names and places, misspelt by one or two edits, or left as they are. */
const spelt = fc.constantFrom(
  "royal",
  "valley",
  "golf",
  "club",
  "sydney",
  "george",
  "national",
  "augusta",
  "pine",
).chain((w) =>
  fc.oneof(
    fc.constant(w),
    fc.nat(w.length - 1).map((i) => w.slice(0, i) + w.slice(i + 1)),
    fc.nat(w.length - 1).map((i) => w.slice(0, i) + "x" + w.slice(i)),
    fc.nat(w.length - 2).map((i) => w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2)),
  )
);
const misspelt = fc.record({
  q: fc.option(fc.array(spelt, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(" ")), {
    nil: undefined,
  }),
  match: fc.constantFrom(undefined, "words", "fuzzy"),
  type: fc.constantFrom(undefined, "golf", "golff", "yaht"),
  city: fc.constantFrom(undefined, "Zurch", "Sydny"),
  state: fc.constantFrom(undefined, "Florda", "NSW"),
}, { requiredKeys: [] });

Deno.test("suggest() answers alike with its memos warm or cleared, each total findPage's (property)", () => {
  fc.assert(
    fc.property(misspelt, (raw) => {
      const q = parseSearch(raw as RawSearch);
      fc.pre(q.ok && findPage(store, q.value).total === 0);
      if (!q.ok) return;
      const warm = suggest(store, { ...q.value });
      store.clearCaches();
      const cold = suggest(store, { ...q.value });
      assertEquals(cold, warm);
      for (const s of cold) assertEquals(totalWith(raw as RawSearch, s), s.total);
    }),
    { numRuns: 300 },
  );
});
