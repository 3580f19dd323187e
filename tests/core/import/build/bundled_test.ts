// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import { ensureDatabase } from "../../../../core/import/build/bundled.ts";
import { ClubStore } from "../../../../core/store/store.ts";
import { search } from "../../../../core/search/search.ts";
import { keyIndex } from "../../../../core/search/key_index.ts";
import { fold } from "../../../../core/model/fold.ts";
import { ratesOf } from "../../../../core/rates/mod.ts";
import { assert, assertEquals } from "../../../_assert.ts";

Deno.test("ensureDatabase() rebuilds a database of an older layout from the bundled snapshot and rates, which searches right", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/clubs.db`;
  const old = new DatabaseSync(path);
  old.exec(
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema_version', '1')",
  );
  old.close();
  const lines: string[] = [];
  assertEquals(await ensureDatabase(path, (l) => lines.push(l)), true);
  assert(lines[0]!.includes("layout version 1"), lines[0]);
  const store = ClubStore.open(path);
  assert(keyIndex(store).size >= 39_000);
  // With the bundled rates (data/rates.csv).
  const rates = ratesOf(store);
  assertEquals(rates?.source, "sample rates for the bundled, generated directory");
  assert(rates.rates.has("USD") && rates.rates.get("EUR") === 1);
  // On the real directory both name paths run: the trigram index for rare
  // fragments, the in-memory check for common ones ("club" is in most names).
  for (const q of ["club", "country club", "pine valley", "zürich", "ab"]) {
    const r = search(store, { q, limit: "1" });
    assert(r.ok);
    const expected = store.db.prepare(
      "SELECT count(*) AS n FROM clubs WHERE instr(name_fold, ?) > 0",
    )
      .get(fold(q)) as { n: number };
    assertEquals(r.value.total, Number(expected.n), q);
  }
  store.close();
  // Now current: nothing to do.
  assertEquals(await ensureDatabase(path), false);
  await Deno.remove(dir, { recursive: true });
});
