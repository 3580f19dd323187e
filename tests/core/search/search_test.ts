// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import fc from "fast-check";
import { search } from "../../../core/search/search.ts";
import { SEARCH_PROBLEM_CODES } from "../../../core/model/search_params.ts";
import { fold } from "../../../core/model/fold.ts";
import type { RawSearch } from "../../../core/search/query.ts";
import type { ClubStore } from "../../../core/store/store.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals } from "../../_assert.ts";

const fx = await sharedFixture();
const store: ClubStore = fx.store;

function names(raw: RawSearch): string[] {
  const r = search(store, { limit: "200", ...raw });
  if (!r.ok) throw new Error(r.error.detail);
  return r.value.clubs.map((c) => c.city ? `${c.name} (${c.city})` : c.name);
}
function total(raw: RawSearch): number {
  const r = search(store, raw);
  if (!r.ok) throw new Error(r.error.detail);
  return r.value.total;
}

Deno.test("search() with no filter returns every club sorted by name", () => {
  const r = search(store, {});
  assert(r.ok);
  assertEquals(r.value.total, 30);
  const got = r.value.clubs.map((c) => c.name.toLowerCase());
  assertEquals(got, [...got].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
});

Deno.test("search() matches FL and Florida alike", () => {
  assertEquals(names({ state: "FL" }), names({ state: "Florida" }));
  assertEquals(names({ state: "FL" }), [
    "Club Havana Cigar Lounge (Miami)",
    "Riverside Country Club (Tampa)",
    "Seminole Golf Club (Juno Beach)",
  ]);
});

Deno.test("search() matches GB and United Kingdom alike", () => {
  assertEquals(names({ country: "GB" }), names({ country: "United Kingdom" }));
  assertEquals(names({ country: "gbr" }), ["Royal St. George's Golf Club (Sandwich)"]);
  assertEquals(names({ country: "UK" }), names({ country: "GB" }));
});

Deno.test("search() reads USA, United States of America and US as one country", () => {
  const us = total({ country: "US" });
  assertEquals(total({ country: "USA" }), us);
  assertEquals(total({ country: "United States of America" }), us);
  assertEquals(us, 20);
});

Deno.test("search() keeps state within the United States and Canada unless country is sent", () => {
  assertEquals(names({ state: "Georgia" }), ["Augusta National Golf Club (Augusta)"]);
  assertEquals(names({ state: "Western Australia" }), []);
  assertEquals(names({ state: "Western Australia", country: "AU" }), [
    "Riverside Country Club (Perth)",
  ]);
  assertEquals(names({ state: "NSW", country: "Australia" }), [
    "Royal Sydney Golf Club (Sydney)",
  ]);
  assertEquals(names({ state: "ON" }), ["Riverside Country Club (Ottawa)"]);
  assertEquals(names({ state: "Quebec" }), ["Le Cercle Gourmand (Montréal)"]);
});

Deno.test("search() country=all searches every country", () => {
  assertEquals(total({ country: "all" }), 30);
  assertEquals(total({ country: "ALL", type: "golf" }), total({ type: "golf" }));
});

Deno.test("search() type groups match exactly the contract's members", () => {
  const types = (type: string) => {
    const r = search(store, { type, limit: "200" });
    assert(r.ok);
    return [...new Set(r.value.clubs.map((c) => c.type))].sort();
  };
  assertEquals(types("golf"), ["country_club", "golf"]);
  assertEquals(types("city"), ["arts", "cigar", "city", "dining", "social"]);
  assertEquals(types("athletic"), ["athletic", "tennis", "wellness"]);
  assertEquals(types("outdoor"), ["adventure", "fishing", "hunting", "outdoor", "shooting"]);
  assertEquals(types("dining"), ["dining", "wine"]);
  assertEquals(types("wine"), ["dining", "wine"]);
  assertEquals(types("country-club"), ["country_club"]);
  assertEquals(types("YACHT"), ["yacht"]);
  assertEquals(types("tennis"), ["tennis"]);
  assertEquals(types("nonexistent"), []);
});

Deno.test("search() folds diacritics in q, long and short", () => {
  assertEquals(names({ q: "malaga" }), ["Club de Golf, Málaga (Málaga)"]);
  assertEquals(names({ q: "MÁLAGA" }), ["Club de Golf, Málaga (Málaga)"]);
  assertEquals(names({ q: "Zurich" }), ["Golf Club Zürich (Zürich)"]);
  assertEquals(names({ q: "zü" }), ["Golf Club Zürich (Zürich)"]);
  assertEquals(names({ q: "ma" }), [
    "Club de Golf, Málaga (Málaga)",
    "Le Cercle Gourmand (Montréal)",
  ]);
});

Deno.test("search() matches q as a substring across words in any case", () => {
  assertEquals(names({ q: "nal gol" }), ["Augusta National Golf Club (Augusta)"]);
  assertEquals(total({ q: "CLUB" }), total({ q: "club" }));
  assertEquals(total({ q: "ub" }), 27);
});

Deno.test("search() never lets q become FTS syntax", () => {
  for (
    const q of [
      '"',
      '""',
      "*",
      "-",
      "NEAR",
      "near(",
      "'",
      ".",
      "St. George's",
      'NEAR" Club*',
      "a OR b",
      "^x",
      ":",
      "(",
      "c.c.",
      "o'brien",
    ]
  ) {
    const r = search(store, { q });
    assert(r.ok, q);
  }
  assertEquals(names({ q: "St. George's" }), ["Royal St. George's Golf Club (Sandwich)"]);
  assertEquals(names({ q: '"near" club*' }), ['Rolling-Hills "NEAR" Club* (Dallas)']);
  assertEquals(names({ q: "o'brien" }), ["O'Brien's C.C. (Boston)"]);
  assertEquals(names({ q: "c.c." }), ["O'Brien's C.C. (Boston)"]);
  assertEquals(names({ q: "rolling-hills" }), ['Rolling-Hills "NEAR" Club* (Dallas)']);
});

Deno.test("search() by_invitation also matches invite_only; unknown also matches no status", () => {
  assertEquals(total({ waitlist: "by_invitation" }), 4);
  assertEquals(total({ waitlist: "invite_only" }), 2);
  assertEquals(total({ waitlist: "unknown" }), 17);
  assertEquals(total({ waitlist: "open,closed" }), 6);
});

Deno.test("search() pages through tied names without skipping or repeating", () => {
  const seen = [1, 2, 3, 4].map((page) => {
    const r = search(store, { q: "riverside", limit: "1", page: String(page) });
    assert(r.ok);
    assertEquals(r.value.total, 3);
    return r.value.clubs.map((c) => c.id);
  });
  assertEquals(seen.flat().length, 3);
  assertEquals(new Set(seen.flat()).size, 3);
  assertEquals(seen[3], []);
});

Deno.test("search() answers a page past the end with no clubs and the real total", () => {
  for (const page of ["2", "99999999999999999999", "9007199254740993"]) {
    const r = search(store, { type: "golf", page });
    assert(r.ok);
    assertEquals(r.value.clubs.length, 0);
    assertEquals(r.value.total, 13);
  }
});

Deno.test("search() combines filters with AND", () => {
  assertEquals(names({ type: "golf", state: "FL" }), [
    "Riverside Country Club (Tampa)",
    "Seminole Golf Club (Juno Beach)",
  ]);
  assertEquals(names({ type: "golf", state: "FL", waitlist: "open" }), [
    "Riverside Country Club (Tampa)",
  ]);
  assertEquals(names({ type: "golf", country: "AU", q: "royal" }), [
    "Royal Sydney Golf Club (Sydney)",
  ]);
});

Deno.test("search() returns validation errors, never throws, for any filter text (property)", () => {
  fc.assert(
    fc.property(
      fc.record({
        type: fc.option(fc.string()),
        state: fc.option(fc.string()),
        country: fc.option(fc.string()),
        q: fc.option(fc.string({ unit: "binary" })),
        waitlist: fc.option(fc.string()),
        page: fc.option(fc.string()),
        limit: fc.option(fc.string()),
      }),
      (raw) => {
        const r = search(store, raw);
        if (!r.ok) assert(SEARCH_PROBLEM_CODES.includes(r.error.code), r.error.code);
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("search() pages concatenated equal the whole result, without duplicates (property)", () => {
  const filters = fc.record({
    type: fc.constantFrom(undefined, "golf", "city", "country_club", "outdoor"),
    country: fc.constantFrom(undefined, "US", "all", "AU"),
    q: fc.constantFrom(undefined, "club", "ri", "golf", "zz"),
    waitlist: fc.constantFrom(undefined, "open,unknown", "by_invitation"),
  });
  fc.assert(
    fc.property(filters, fc.integer({ min: 1, max: 7 }), (f, limit) => {
      const all = search(store, { ...f, limit: "200" });
      assert(all.ok);
      const ids: string[] = [];
      for (let page = 1; (page - 1) * limit < all.value.total; page++) {
        const r = search(store, { ...f, limit: String(limit), page: String(page) });
        assert(r.ok);
        ids.push(...r.value.clubs.map((c) => c.id));
      }
      assertEquals(ids, all.value.clubs.map((c) => c.id));
      assertEquals(new Set(ids).size, ids.length);
    }),
    { numRuns: 150 },
  );
});

Deno.test("search() gives FL and Florida the same clubs with any other filters (property)", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(undefined, "golf", "city", "cigar"),
      fc.constantFrom(undefined, "open", "unknown"),
      fc.constantFrom("FL", "Florida", "florida", "US-FL", "fl"),
      (type, waitlist, state) => {
        const a = search(store, { type, waitlist, state });
        const b = search(store, { type, waitlist, state: "Florida" });
        assert(a.ok && b.ok);
        assertEquals(a.value, b.value);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("search() type=golf returns only golf and country_club rows (property)", () => {
  fc.assert(
    fc.property(
      fc.constantFrom("golf", "Golf", "GOLF", " golf "),
      fc.integer({ min: 1, max: 4 }),
      (type, page) => {
        const r = search(store, { type, page: String(page), limit: "5" });
        assert(r.ok);
        for (const c of r.value.clubs) {
          assert(
            c.type === "golf" || c.type === "country_club",
            c.type ?? "null",
          );
        }
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("search() q matches exactly the clubs whose folded name holds the folded fragment", () => {
  const all = search(store, { limit: "200" });
  assert(all.ok);
  const every = "open,waitlist,by_invitation,invite_only,closed,unknown";
  fc.assert(
    fc.property(
      fc.constantFrom(
        "club",
        "golf",
        "riverside",
        "nal gol",
        "zurich",
        "MÁLAGA",
        "st. george's",
        '"near" club*',
        "c.c.",
        "ub",
        "e",
      ),
      fc.boolean(),
      (q, withList) => {
        store.clearCaches();
        // A waitlist naming every value matches every club but changes how
        // the engine finds candidates (a list instead of the whole index).
        const r = search(store, { q, limit: "200", ...(withList ? { waitlist: every } : {}) });
        assert(r.ok);
        const expected = all.value.clubs.filter((c) => fold(c.name).includes(fold(q))).map((c) =>
          c.id
        );
        assertEquals(r.value.clubs.map((c) => c.id), expected);
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("search() finds a q longer than the trigram window exactly, and bounds the longest q", () => {
  // Longer than 12 characters: the index is asked for a piece, the rest checked in memory.
  assertEquals(names({ q: 'rolling-hills "near" club*' }), ['Rolling-Hills "NEAR" Club* (Dallas)']);
  assertEquals(names({ q: "royal st. george's golf club" }), [
    "Royal St. George's Golf Club (Sandwich)",
  ]);
  assertEquals(names({ q: "royal st. george's golf clux" }), []);
  store.clearCaches();
  const longest = "abcdefghijklmnopqrstuvwxyz0123456789".repeat(6).slice(0, 200);
  assertEquals(total({ q: longest }), 0);
  assertEquals(search(store, { q: longest + "x" }).ok, false);
});

Deno.test("search() filters by city, ignoring case, accents and punctuation", () => {
  assertEquals(names({ city: "ZURICH" }), ["Golf Club Zürich (Zürich)"]);
  assertEquals(names({ city: "montreal" }), ["Le Cercle Gourmand (Montréal)"]);
  assertEquals(total({ city: "New York" }), 5);
  assertEquals(total({ city: "new-york", type: "yacht" }), 1);
  assertEquals(total({ city: "Atlantis" }), 0);
});
