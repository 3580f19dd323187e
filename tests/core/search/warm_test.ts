// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { assert, assertEquals } from "../../_assert.ts";
import { findPage } from "../../../core/search/search.ts";
import { parseSearch } from "../../../core/search/query.ts";
import { warmSearch } from "../../../core/search/warm.ts";
import { Directory } from "../../../core/store/directory.ts";
import { MATCH_MODES } from "../../../core/model/search_params.ts";
import { fixture } from "../../_fixture.ts";

/** The structure memos a name search in each mode needs. */
const STRUCTURES = [
  "search.key_index",
  "search.names",
  "search.longest_name",
  "search.trigrams",
  "search.word_index",
  "search.word_near",
];

Deno.test("warmSearch builds the structures, so name searches in every mode build none", async () => {
  await using fx = await fixture();
  warmSearch(fx.store);
  const warm = fx.store.memoStats();
  for (const name of STRUCTURES) assertEquals(warm[name]?.size, 1, name);
  for (const match of MATCH_MODES) {
    for (const q of ["royal", "golf club", "sidney", "zzqx", "ab"]) {
      const parsed = parseSearch({ q, match });
      assert(parsed.ok);
      findPage(fx.store, parsed.value);
    }
  }
  const after = fx.store.memoStats();
  for (const name of STRUCTURES) assertEquals(after[name]?.misses, warm[name]?.misses, name);
});

Deno.test("a Directory warms a snapshot before serving it, once per snapshot", async () => {
  await using fx = await fixture();
  const warmed: unknown[] = [];
  const directory = new Directory(fx.path, {
    checkEveryMs: 0,
    warm: (store) => {
      warmSearch(store);
      warmed.push(store);
    },
  });
  try {
    const store = directory.current();
    assertEquals(warmed, [store]);
    assertEquals(store.memoStats()["search.trigrams"]?.size, 1);
    assertEquals(directory.current(), store);
    assertEquals(warmed.length, 1);
  } finally {
    directory.close();
  }
});
