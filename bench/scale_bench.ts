/**
 * `Deno.bench` of the search core at two sizes of directory (issue 39): for
 * each `match` mode, distinct random 5-letter names (each iteration the next
 * of 20,000) searched with `findPage` on the bundled directory (the baseline)
 * and on a generated one ten times larger, so Deno's summary prints the ratio.
 * Structures (key columns, names, word and trigram indexes) are warm, as in a
 * running server; every name is distinct, so no kept result helps.
 *
 * ```sh
 * deno run -A data/generate.ts --count 400000 --out /tmp/big.csv.gz
 * deno run -A main.ts import /tmp/big.csv.gz --db /tmp/big.db
 * deno run -A main.ts import data/clubs.csv.gz --db /tmp/small.db
 * CLUBDIR_BENCH_DB=/tmp/small.db CLUBDIR_BENCH_LARGE_DB=/tmp/big.db deno bench -A bench/scale_bench.ts
 * ```
 *
 * @module
 */
import { findPage, MATCH_MODES, parseSearch, type SearchQuery } from "../core/search/mod.ts";
import { ClubStore } from "../core/store/mod.ts";
import { randomNames } from "./scale.ts";

const small = Deno.env.get("CLUBDIR_BENCH_DB");
const large = Deno.env.get("CLUBDIR_BENCH_LARGE_DB");
if (!small || !large) {
  throw new Error("Set CLUBDIR_BENCH_DB and CLUBDIR_BENCH_LARGE_DB to built databases");
}

const stores = [ClubStore.open(small), ClubStore.open(large)];
globalThis.addEventListener("unload", () => stores.forEach((s) => s.close()));

for (const match of MATCH_MODES) {
  const queries = randomNames(20_000, 7).map((q) => {
    const r = parseSearch({ q, match });
    if (!r.ok) throw new Error(r.error.detail);
    return r.value;
  });
  for (const store of stores) {
    // Build the structures before timing: a server has them from its first search.
    findPage(store, { ...queries[0]! });
    let next = 0;
    Deno.bench({
      name: `${store.clubs.toLocaleString("en-US")} clubs, match=${match}`,
      group: `distinct names, match=${match}`,
      baseline: store === stores[0],
      fn: () => void findPage(store, { ...queries[next++ % queries.length]! as SearchQuery }),
    });
  }
}
