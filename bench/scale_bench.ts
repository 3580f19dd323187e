/**
 * `Deno.bench` of the search core at two sizes of directory (issue 39): for
 * each `match` mode, distinct random 5-letter names (each iteration the next
 * of 20,000) searched with `findPage` on the bundled directory (the baseline)
 * and on a generated one ten times larger, so Deno's summary prints the ratio.
 * Structures (key columns, names, word and trigram indexes) are warm, as in a
 * running server; every name is distinct, so no kept result helps.
 *
 * The two parts of a mixed-load request (bench/mixed.ts) that grow with the
 * directory are measured the same way: finding its page (`findPage` over
 * the load's distinct filter sets, cycled as the load cycles them) and
 * making its body (the held JSON of a page of 50 clubs, held as text at the
 * bundled size and packed at the large one, see core/store/club_json.ts).
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
import { mixedPaths, seededRandom } from "./mixed.ts";
import { randomNames } from "./scale.ts";

const small = Deno.env.get("CLUBDIR_BENCH_DB");
const large = Deno.env.get("CLUBDIR_BENCH_LARGE_DB");
if (!small || !large) {
  throw new Error("Set CLUBDIR_BENCH_DB and CLUBDIR_BENCH_LARGE_DB to built databases");
}

const stores = [small, large].map((path) => ClubStore.open(path, { holdJson: true }));
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

for (const store of stores) {
  const total = (filters: Record<string, string>) => {
    const q = parseSearch(filters);
    return q.ok ? findPage(store, { ...q.value, limit: 1 }).total : 0;
  };
  const queries = mixedPaths({ count: 20_000, seed: 5, total }).flatMap((path) => {
    const q = parseSearch(Object.fromEntries(new URL(path, "http://x").searchParams));
    return q.ok ? [q.value] : [];
  });
  let next = 0;
  Deno.bench({
    name: `${store.clubs.toLocaleString("en-US")} clubs, mixed-load filters`,
    group: "finding a page",
    baseline: store === stores[0],
    fn: () => void findPage(store, queries[next++ % queries.length]!),
  });
  const rnd = seededRandom(11);
  const pages = Array.from(
    { length: 1000 },
    () => Array.from({ length: 50 }, () => 1 + Math.floor(rnd() * store.clubs)),
  );
  let page = 0;
  Deno.bench({
    name: `${store.clubs.toLocaleString("en-US")} clubs, ${
      store.heldJsonPacked ? "packed" : "text"
    }`,
    group: "JSON of a page of 50 clubs",
    baseline: store === stores[0],
    fn: () => void store.anonymousJsonListBytes(pages[page++ % pages.length]!, '{"clubs":[', "]}"),
  });
}
