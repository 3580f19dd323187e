/**
 * `Deno.bench` of the search engine (db/search.ts `findPage`) for typical
 * queries, with the store's result caches off so every iteration does the
 * whole search (count and page), as the first request for a filter set
 * does. Prepared statements, the in-memory key columns and SQLite's page
 * cache stay warm, as in a running server.
 *
 * Needs a built database: `CLUBDIR_BENCH_DB=/tmp/clubs.db deno bench -A bench/search_bench.ts`
 * (bench/run.ts sets it).
 *
 * @module
 */
import {
  clubListJson,
  findPage,
  parseSearch,
  type RawSearch,
  type SearchQuery,
} from "../core/search/mod.ts";
import { ClubStore } from "../core/store/mod.ts";

const dbPath = Deno.env.get("CLUBDIR_BENCH_DB");
if (!dbPath) {
  throw new Error("Set CLUBDIR_BENCH_DB to a built database (bench/run.ts does)");
}

/** The queries benched, by name (also used by bench/run.ts for the table). */
export const BENCH_QUERIES: Readonly<Record<string, RawSearch>> = {
  "no filter": {},
  "type+state (golf, FL)": { type: "golf", state: "FL" },
  'q short ("ab")': { q: "ab" },
  'q long ("country club")': { q: "country club" },
  "waitlist (open,waitlist)": { waitlist: "open,waitlist" },
  "deep page (page=100)": { page: 100 },
  "combination": {
    type: "golf",
    country: "US",
    q: "club",
    waitlist: "open,by_invitation",
    page: 3,
  },
};

const store = ClubStore.open(dbPath);
globalThis.addEventListener("unload", () => store.close());

function parsed(raw: RawSearch): SearchQuery {
  const r = parseSearch(raw);
  if (!r.ok) throw new Error(`bench query is invalid: ${r.error.detail}`);
  return r.value;
}

for (const [name, raw] of Object.entries(BENCH_QUERIES)) {
  const query = parsed(raw);
  Deno.bench({
    name,
    group: "findPage, caches off",
    baseline: name === "no filter",
    // A fresh query object each time, so nothing can key on its identity.
    // Result caches (totals, name matches, places, pages) are emptied before
    // each call; per-snapshot structures (statements, key columns) stay warm.
    fn: () => {
      store.clearCaches();
      findPage(store, { ...query });
    },
  });
}

// What the REST hot path adds on top for a first page: reading the 50
// precomputed club JSON texts, and the whole body.
const firstPage = parsed({});
const firstRanks = findPage(store, { ...firstPage }).ranks;
Deno.bench({
  name: "50 club JSON texts (store.anonymousJson)",
  group: "page body",
  fn: () => void store.anonymousJson(firstRanks),
});
Deno.bench({
  name: "first page + JSON body (clubListJson)",
  group: "page body",
  fn: () => void clubListJson(store, findPage(store, { ...firstPage }), "locked"),
});
