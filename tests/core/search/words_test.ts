// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import fc from "fast-check";
import { assert, assertEquals } from "../../_assert.ts";
import { countMatches, findPage, search } from "../../../core/search/search.ts";
import { parseSearch, type RawSearch } from "../../../core/search/query.ts";
import { DatabaseSync } from "node:sqlite";
import {
  buildWordIndex,
  editDistance,
  queryWords,
  typoAllowance,
  WordIndex,
  wordIndex,
} from "../../../core/search/words.ts";
import { typosOf, wordMatches } from "../../../core/search/word_matches.ts";
import { ClubStore } from "../../../core/store/store.ts";
import { fold } from "../../../core/model/fold.ts";
import { MATCH_MODES } from "../../../core/model/search_params.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();
const { store } = fx;

function names(raw: RawSearch): string[] {
  const r = search(store, { limit: "200", ...raw });
  if (!r.ok) throw new Error(r.error.detail);
  return r.value.clubs.map((c) => c.name);
}

const everyName = names({});
const GOLF_CLUBS = [
  "Augusta National Golf Club",
  "Club de Golf, Málaga",
  "Georgia Golf Club",
  "Golf Club Zürich",
  "Pine Valley Golf Club",
  "Royal St. George's Golf Club",
  "Royal Sydney Golf Club",
  "Seminole Golf Club",
];

Deno.test("queryWords() splits folded text into runs of letters and digits", () => {
  assertEquals(queryWords(fold('Rolling-Hills "NEAR" Club*')), [
    "rolling",
    "hills",
    "near",
    "club",
  ]);
  assertEquals(queryWords(fold("O'Brien's C.C.")), ["o", "brien", "s", "c", "c"]);
  assertEquals(queryWords(""), []);
});

Deno.test("editDistance() counts insertions, deletions, substitutions and swaps, up to a bound", () => {
  assertEquals(editDistance("royl", "royal", 2), 1);
  assertEquals(editDistance("goerge", "george", 2), 1);
  assertEquals(editDistance("wildrnes", "wilderness", 2), 2);
  assertEquals(editDistance("abc", "xyz", 2), 3);
  assertEquals(editDistance("aber", "aberdeen", 2, true), 0);
  assertEquals(editDistance("abre", "aberdeen", 2, true), 1);
  assertEquals(editDistance("x".repeat(200), "royal", 2), 3);
});

Deno.test("typoAllowance() forgives one typo from 5 letters and two from 9", () => {
  assertEquals([4, 5, 8, 9, 20].map(typoAllowance), [0, 1, 1, 2, 2]);
});

Deno.test("match=words finds every word in any order, ignoring case, accents and punctuation", () => {
  assertEquals(names({ q: "golf club", match: "words" }), GOLF_CLUBS);
  assertEquals(names({ q: "CLUB golf", match: "words" }), GOLF_CLUBS);
  assertEquals(names({ q: "st george", match: "words" }), ["Royal St. George's Golf Club"]);
  assertEquals(names({ q: "george st", match: "words" }), ["Royal St. George's Golf Club"]);
  assertEquals(names({ q: "St. George's", match: "words" }), ["Royal St. George's Golf Club"]);
  assertEquals(names({ q: "malaga", match: "words" }), ["Club de Golf, Málaga"]);
  assertEquals(names({ q: "MÁLAGA club", match: "words" }), ["Club de Golf, Málaga"]);
  assertEquals(names({ q: "zurich golf", match: "words" }), ["Golf Club Zürich"]);
  assertEquals(names({ q: "rolling hills", match: "words" }), ['Rolling-Hills "NEAR" Club*']);
  assertEquals(names({ q: "o brien", match: "words" }), ["O'Brien's C.C."]);
  assertEquals(names({ q: "the club", match: "words" }), [
    "The Players Club",
    "The Union League Club",
  ]);
});

Deno.test("match=words wants whole words: no prefixes, no typos", () => {
  assertEquals(names({ q: "roy", match: "words" }), []);
  assertEquals(names({ q: "explorer", match: "words" }), []);
  assertEquals(names({ q: "st georges", match: "words" }), []);
  assertEquals(names({ q: "sidney", match: "words" }), []);
});

Deno.test("match=fuzzy takes the last word as a prefix and forgives typos by word length", () => {
  assertEquals(names({ q: "roy", match: "fuzzy" }), [
    "Royal St. George's Golf Club",
    "Royal Sydney Golf Club",
  ]);
  assertEquals(names({ q: "explorer", match: "fuzzy" }), ["Explorers Club"]);
  assertEquals(names({ q: "goerge", match: "fuzzy" }), ["Royal St. George's Golf Club"]);
  assertEquals(names({ q: "st georges", match: "fuzzy" }), ["Royal St. George's Golf Club"]);
  assertEquals(names({ q: "sidney golf", match: "fuzzy" }), ["Royal Sydney Golf Club"]);
  assertEquals(names({ q: "serenty wellnes", match: "fuzzy" }), ["Serenity Wellness Club"]);
  // Two typos from 9 letters, one from 5, none under 5.
  assertEquals(names({ q: "wyldernes club", match: "fuzzy" }), ["Wilderness Outdoor Club"]);
  assertEquals(names({ q: "wildrnes club", match: "fuzzy" }), []);
  assertEquals(names({ q: "golf clb", match: "fuzzy" }), []);
  assertEquals(names({ q: "royl", match: "fuzzy" }), []);
});

Deno.test("match without q changes nothing; a q without words matches every name", () => {
  for (const match of MATCH_MODES) assertEquals(names({ match }), everyName);
  assertEquals(names({ q: "!!!", match: "words" }), everyName);
});

Deno.test("sort=relevance puts the exact name, then names starting with q, then word starts first", () => {
  assertEquals(names({ q: "club", sort: "relevance" }).slice(0, 3), [
    "Club de Golf, Málaga",
    "Club Havana Cigar Lounge",
    "Alpine Ski Club",
  ]);
  assertEquals(names({ q: "golf club", match: "words", sort: "relevance" }), [
    "Golf Club Zürich",
    ...GOLF_CLUBS.filter((n) => n !== "Golf Club Zürich" && n !== "Club de Golf, Málaga"),
    "Club de Golf, Málaga",
  ]);
  assertEquals(names({ q: "mystery club", match: "words", sort: "relevance" }), ["Mystery Club"]);
  // Fewer typos first within a tier.
  assertEquals(names({ q: "royal sidney", match: "fuzzy", sort: "relevance" }), [
    "Royal Sydney Golf Club",
  ]);
});

Deno.test("The word index holds every word of every name once in its vocabulary", () => {
  const index = wordIndex(store);
  const all = new Set(everyName.flatMap((n) => queryWords(fold(n))));
  assertEquals([...index.vocab].sort(), [...all].sort());
  assertEquals(index.starts.length, everyName.length + 1);
});

Deno.test("buildWordIndex() writes the tokens in chunks that load() joins back in order", async () => {
  const copy = await Deno.makeTempFile({ suffix: ".db" });
  try {
    await Deno.copyFile(fx.path, copy);
    const db = new DatabaseSync(copy);
    try {
      db.exec("DELETE FROM word_index");
      buildWordIndex(db, { chunk: 7 });
      const parts = (db.prepare("SELECT part, length(data) AS n FROM word_index ORDER BY part")
        .all() as { part: string; n: number }[]).filter((p) => p.part.startsWith("tokens."));
      const built = wordIndex(store);
      assertEquals(parts.length, Math.ceil(built.tokens.length / 7));
      // Full chunks of 7 tokens (28 bytes), then what is left.
      const sizes = parts.map((p) => p.n);
      assertEquals(sizes.slice(0, -1), sizes.slice(0, -1).map(() => 28));
      assert(sizes.at(-1)! > 0 && sizes.at(-1)! <= 28);
      const loaded = WordIndex.load(db);
      assertEquals(loaded.vocab, built.vocab);
      assertEquals(loaded.starts, built.starts);
      assertEquals(loaded.tokens, built.tokens);
    } finally {
      db.close();
    }
  } finally {
    await Deno.remove(copy);
  }
});

/** A few words of real names, maybe misspelt, in random order. */
const nameWords = [...new Set(everyName.flatMap((n) => queryWords(fold(n))))];
const query = fc.array(
  fc.oneof(
    fc.constantFrom(...nameWords),
    fc.constantFrom(...nameWords).map((w) => w.slice(0, Math.max(1, w.length - 1))),
    fc.string({ minLength: 1, maxLength: 6 }),
  ),
  { minLength: 1, maxLength: 3 },
).map((ws) => ws.join(" "));

const filters = fc.record({
  type: fc.constantFrom(undefined, "golf", "city", "country_club"),
  country: fc.constantFrom(undefined, "US", "AU", "all"),
  waitlist: fc.constantFrom(undefined, "open,unknown", "by_invitation"),
});

Deno.test("Every match=words result holds every word of q (property)", () => {
  fc.assert(
    fc.property(query, filters, (q, f) => {
      const words = queryWords(fold(q));
      const expected = names(f).filter((n) => {
        const own = queryWords(fold(n));
        return words.every((w) => own.includes(w));
      });
      assertEquals(names({ ...f, q, match: "words" }), expected);
    }),
    { numRuns: 300 },
  );
});

Deno.test("match=fuzzy finds at least what match=words finds (property)", () => {
  fc.assert(
    fc.property(query, filters, (q, f) => {
      const fuzzy = new Set(names({ ...f, q, match: "fuzzy" }));
      for (const n of names({ ...f, q, match: "words" })) assert(fuzzy.has(n), n);
    }),
    { numRuns: 300 },
  );
});

Deno.test("sort=relevance returns the same clubs as name order, paged alike (property)", () => {
  fc.assert(
    fc.property(
      query,
      filters,
      fc.constantFrom(...MATCH_MODES),
      fc.integer({ min: 1, max: 5 }),
      (q, f, match, limit) => {
        fc.pre(fold(q) !== "");
        const byName = search(store, { ...f, q, match, limit: "200" });
        const byRelevance = search(store, { ...f, q, match, sort: "relevance", limit: "200" });
        assert(byName.ok && byRelevance.ok);
        const ids = (r: typeof byName) => r.ok ? r.value.clubs.map((c) => c.id) : [];
        assertEquals([...ids(byRelevance)].sort(), [...ids(byName)].sort());
        assertEquals(byRelevance.value.total, byName.value.total);
        // Pages of the relevance order concatenate to the whole order.
        const paged: string[] = [];
        for (let page = 1; (page - 1) * limit < byName.value.total; page++) {
          const r = search(store, {
            ...f,
            q,
            match,
            sort: "relevance",
            limit: String(limit),
            page: String(page),
          });
          assert(r.ok);
          paged.push(...r.value.clubs.map((c) => c.id));
        }
        assertEquals(paged, ids(byRelevance));
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("countMatches() gives the total findPage gives, in every mode and with any filters (property)", () => {
  fc.assert(
    fc.property(
      query,
      filters,
      fc.constantFrom(...MATCH_MODES),
      fc.boolean(),
      (q, f, match, warm) => {
        const parsed = parseSearch({ ...f, q, match });
        assert(parsed.ok);
        if (!warm) store.clearCaches();
        const total = findPage(store, { ...parsed.value }).total;
        assertEquals(
          countMatches(store, { ...parsed.value }),
          total,
          JSON.stringify([q, f, match]),
        );
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("countMatches() counts a query of more words than it tells apart by bits", () => {
  const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
  for (const q of [many, `golf ${many}`, `${"golf club ".repeat(20)}`]) {
    const parsed = parseSearch({ q, match: "fuzzy" });
    assert(parsed.ok);
    assertEquals(countMatches(store, parsed.value), findPage(store, parsed.value).total, q);
  }
});

Deno.test("wordMatches() keeps its matches and their typos alone: nothing per club of the snapshot", () => {
  const local = ClubStore.open(fx.path);
  try {
    const m = wordMatches(local, ["royal"], "words");
    const stats = local.memoStats()["search.word_matches"]!;
    assert(m.list.length > 0);
    // The entry: the list, the typos, the key and the map entry; no array of one byte a club.
    assert(stats.bytes <= m.bytes + 200, `${stats.bytes} vs ${m.bytes}`);
    for (let j = 0; j < m.list.length; j++) assertEquals(typosOf(m, m.list[j]!), m.typos[j]);
  } finally {
    local.close();
  }
});
