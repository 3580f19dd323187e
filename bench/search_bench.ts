/**
 * `Deno.bench` of the search engine (core/search/search.ts `findPage`) for typical
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
  MATCH_MODES,
  parseSearch,
  type RawSearch,
  type SearchQuery,
  suggest,
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

/**
 * Names searched in each `match` mode (issue 11), by label: common words,
 * rare ones, words out of order, typos, and the longest `q` accepted.
 */
export const MATCH_QUERIES: Readonly<Record<string, string>> = {
  'q "country club"': "country club",
  'q "royal"': "royal",
  'q "st andrews"': "st andrews",
  'q "aberdeen royal"': "aberdeen royal",
  'q "royl aberden" (typos)': "royl aberden",
  'q "royal aberdeen golf club" (26 characters)': "royal aberdeen golf club",
  "q of 200 characters": "royal golf club of the north ".repeat(7).slice(0, 200),
};

for (const [label, q] of Object.entries(MATCH_QUERIES)) {
  for (const match of MATCH_MODES) {
    const query = parsed({ q, match });
    Deno.bench({
      name: `${label}, ${match}`,
      group: "q by match mode, caches off",
      baseline: label === 'q "country club"' && match === "substring",
      fn: () => {
        store.clearCaches();
        findPage(store, { ...query });
      },
    });
  }
}

// Ranking by relevance sorts every match once per filter set.
for (const match of MATCH_MODES) {
  const query = parsed({ q: "royal", match, sort: "relevance" });
  Deno.bench({
    name: `q "royal", sort=relevance, ${match}`,
    group: "relevance and suggestions, caches off",
    fn: () => {
      store.clearCaches();
      findPage(store, { ...query });
    },
  });
}

// An empty result computes its suggestions once per filter set.
for (
  const [label, raw] of Object.entries({ "type=golff": { type: "golff" }, "q=royl": { q: "royl" } })
) {
  const query = parsed(raw);
  Deno.bench({
    name: `suggestions (${label})`,
    group: "relevance and suggestions, caches off",
    fn: () => {
      store.clearCaches();
      suggest(store, { ...query });
    },
  });
}

/**
 * Distinct searches that find nothing, as a server meets them: a misspelt
 * word, city, state, country or type, each asked once per pass over a list
 * far longer than the suggestions memo holds, so every call computes its
 * suggestions; the per-snapshot indexes and other results stay warm.
 * bench/run.ts holds each to 20 µs on average (issue 28).
 */
function misspelt(count: number): SearchQuery[] {
  let seed = 11;
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const typo = (w: string) => {
    const i = Math.floor(rnd() * w.length);
    return rnd() < 0.5 ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + "x" + w.slice(i);
  };
  const words = ["royal", "aberdeen", "country", "valley", "harbour", "national", "springs"];
  const out = new Map<string, SearchQuery>();
  for (let n = 0; out.size < count && n < count * 20; n++) {
    const raw: Record<string, string> = {};
    const r = rnd();
    if (r < 0.4) raw.q = `${typo(pick(words))} ${typo(pick(words))}${"z".repeat(n % 7)}`;
    else if (r < 0.55) raw.city = typo(pick(["Miami", "Aberdeen", "Springfield", "Toronto"]));
    else if (r < 0.7) raw.state = typo(pick(["Florida", "Ontario", "Texas", "California"]));
    else if (r < 0.85) raw.country = typo(pick(["Germany", "Australia", "France", "Ireland"]));
    else raw.type = typo(pick(["golf", "tennis", "yacht", "athletic", "equestrian"]));
    const q = parseSearch(raw);
    if (q.ok && findPage(store, q.value).total === 0) out.set(JSON.stringify(raw), q.value);
  }
  return [...out.values()];
}

const empties = misspelt(20_000);
let next = 0;
Deno.bench({
  name: `distinct empty searches (${empties.length.toLocaleString("en-US")})`,
  group: "suggestions",
  fn: () => void suggest(store, { ...empties[next++ % empties.length]! }),
});

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
