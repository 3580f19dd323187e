// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * The substring search (the REST default) against answers recorded from the
 * implementation before word and typo-tolerant matching were added
 * (substring_golden.jsonl: 500 random filter sets over the fixture, with the
 * total and the slugs of the page each one gave).
 */
import { search } from "../../../core/search/search.ts";
import type { RawSearch } from "../../../core/search/query.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assertEquals } from "../../_assert.ts";

const { store } = await sharedFixture();

const cases = (await Deno.readTextFile(new URL("./substring_golden.jsonl", import.meta.url)))
  .trim().split("\n").map((line) =>
    JSON.parse(line) as { raw: RawSearch; total: number; slugs: string[] }
  );

Deno.test("search() answers every recorded filter set exactly as before", () => {
  assertEquals(cases.length, 500);
  for (const { raw, total, slugs } of cases) {
    store.clearCaches();
    const r = search(store, raw);
    if (!r.ok) throw new Error(`${JSON.stringify(raw)}: ${r.error.detail}`);
    assertEquals({ total: r.value.total, slugs: r.value.clubs.map((c) => c.slug) }, {
      total,
      slugs,
    }, JSON.stringify(raw));
  }
});
