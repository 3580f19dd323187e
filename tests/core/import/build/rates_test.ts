// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import { importSnapshot, openSource } from "../../../../core/import/build/import.ts";
import { parseRates, type Rates, ratesOf } from "../../../../core/rates/mod.ts";
import { ClubStore } from "../../../../core/store/store.ts";
import { assert, assertEquals, assertStrictEquals } from "../../../_assert.ts";
import { FIXTURE_CSV } from "../../../_fixture.ts";

function rates(text: string): Rates {
  const r = parseRates(`date,currency,rate\n${text}`, "test.csv");
  assert(r.ok);
  return r.value;
}

const run = (dbPath: string, more: { rates?: Rates; dryRun?: boolean } = {}) =>
  importSnapshot(openSource(FIXTURE_CSV), { dbPath, ...more });

Deno.test("the rates go into the new snapshot in the same import, and are carried over by one without them", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const first = await run(db, { rates: rates("2025-01-15,EUR,1\n2025-01-15,USD,1.03\n") });
  assertEquals(first.rates, {
    date: "2025-01-15",
    source: "test.csv",
    currencies: 2,
    carried: false,
    format: "rates-csv",
    missing: [],
  });
  const snapshotOf = () => {
    const store = ClubStore.open(db);
    try {
      return { meta: store.meta.snapshot, rates: ratesOf(store) };
    } finally {
      store.close();
    }
  };
  const one = snapshotOf();
  assertEquals([...one.rates!.rates], [["EUR", 1], ["USD", 1.03]]);
  const second = await run(db);
  assertStrictEquals(second.rates?.carried, true);
  const two = snapshotOf();
  assert(two.meta !== one.meta, "a new snapshot");
  assertEquals(two.rates, one.rates);
  // A dry run with other rates changes nothing.
  await run(db, { rates: rates("2025-01-16,EUR,1\n"), dryRun: true });
  assertEquals(snapshotOf(), two);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a first import without rates, or over a database of an older layout, stores none", async () => {
  const dir = await Deno.makeTempDir();
  const first = await run(`${dir}/a.db`);
  assertStrictEquals(first.rates, null);
  const store = ClubStore.open(`${dir}/a.db`);
  assertStrictEquals(ratesOf(store), null);
  store.close();
  const old = new DatabaseSync(`${dir}/old.db`);
  old.exec(
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema_version', '10')",
  );
  old.close();
  assertStrictEquals((await run(`${dir}/old.db`)).rates, null);
  await Deno.remove(dir, { recursive: true });
});
