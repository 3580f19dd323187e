/**
 * The mixed HTTP workload: a seeded list of distinct `/api/v1/clubs` paths
 * (random filter, page and limit combinations) and the wrk Lua script that
 * walks it.
 *
 * Why the list is walked the way it is: the server keeps a bounded cache of
 * whole response bodies, so a benchmark that repeats a few paths measures
 * that cache, not the search. Each wrk thread walks its own slice of one
 * shuffled list in order, so a path comes back only after every other path
 * of the list has been requested; with a list far longer than the server's
 * body cache holds, every request is a miss. Filters repeat across pages on
 * purpose (people page through results), so the server's count cache helps
 * as it would in production.
 *
 * @example
 * ```ts ignore
 * import { mixedPaths, wrkScript } from "./mixed.ts";
 * const paths = mixedPaths({ count: 20_000, seed: 1 });
 * await Deno.writeTextFile("paths.txt", paths.join("\n"));
 * await Deno.writeTextFile("mixed.lua", wrkScript("paths.txt", 2));
 * ```
 * @module
 */

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same list. */
export function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Filters of one request, as query parameters (page and limit excluded). */
export type Filters = Record<string, string>;

/** Options of {@link mixedPaths}. */
export interface MixedOptions {
  /** How many distinct paths to make. */
  count: number;
  seed: number;
  /**
   * Matching clubs for a filter set, so pages are drawn from the real range;
   * without it pages are drawn from 1 to 20.
   */
  total?: (filters: Filters) => number;
}

// Values people plausibly send: groups and plain types, codes and names.
const TYPES = [
  "golf",
  "country_club",
  "country-club",
  "city",
  "social",
  "yacht",
  "tennis",
  "athletic",
  "outdoor",
  "dining",
  "wine",
  "ski",
  "beach",
  "equestrian",
  "hunting",
  "fishing",
];
const STATES = [
  "FL",
  "Florida",
  "CA",
  "California",
  "TX",
  "NY",
  "New York",
  "GA",
  "NC",
  "AZ",
  "IL",
  "OH",
  "PA",
  "MI",
  "NJ",
  "VA",
  "MA",
  "CO",
  "WA",
  "SC",
  "TN",
  "MN",
  "ON",
  "Ontario",
  "QC",
  "BC",
  "AB",
];
const COUNTRIES = ["US", "United States", "CA", "GB", "AU", "DE", "FR", "ES", "JP", "IE", "MX"];
const ABROAD: [string, string][] = [
  ["GB", "England"],
  ["GB", "Scotland"],
  ["AU", "New South Wales"],
  ["DE", "Bavaria"],
];
// Common words (their name matches stay cached) and rarer ones (they miss).
const FRAGMENTS = [
  "ab",
  "st",
  "mc",
  "oak",
  "bay",
  "san",
  "club",
  "golf",
  "lake",
  "pine",
  "polo",
  "hunt",
  "river",
  "royal",
  "ridge",
  "creek",
  "hills",
  "woods",
  "beach",
  "ranch",
  "point",
  "saint",
  "harbor",
  "valley",
  "island",
  "springs",
  "harbour",
  "racquet",
  "national",
  "mountain",
  "athletic",
  "country club",
  "yacht club",
  "golf club",
  "the",
];
const WAITLIST = ["open", "waitlist", "by_invitation", "invite_only", "closed", "unknown"];
const LIMITS = ["10", "20", "25", "100", "200"];

function randomFilters(rnd: () => number): Filters {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;
  const f: Filters = {};
  if (rnd() < 0.6) f.type = pick(TYPES);
  const place = rnd();
  if (place < 0.35) f.state = pick(STATES);
  else if (place < 0.5) f.country = pick(COUNTRIES);
  else if (place < 0.55) [f.country, f.state] = pick(ABROAD);
  if (rnd() < 0.3) f.q = pick(FRAGMENTS);
  if (rnd() < 0.25) {
    const a = pick(WAITLIST);
    const b = pick(WAITLIST);
    f.waitlist = a === b ? a : `${a},${b}`;
  }
  return f;
}

/**
 * Distinct request paths in a seeded random order. Each random filter set
 * yields one to four pages (mostly early ones, now and then one past the
 * end), and some use a non-default `limit`.
 */
export function mixedPaths(options: MixedOptions): string[] {
  const rnd = seededRandom(options.seed);
  const paths = new Set<string>();
  const maxAttempts = options.count * 50;
  for (let attempt = 0; paths.size < options.count; attempt++) {
    if (attempt > maxAttempts) {
      throw new Error(`Cannot make ${options.count} distinct paths: only ${paths.size} found`);
    }
    const filters = randomFilters(rnd);
    const limit = rnd() < 0.3 ? LIMITS[Math.floor(rnd() * LIMITS.length)]! : null;
    const perPage = Number(limit ?? 50);
    const total = options.total?.(filters) ?? perPage * 20;
    const last = Math.max(1, Math.ceil(total / perPage));
    const pages = 1 + Math.floor(rnd() * 4);
    for (let i = 0; i < pages && paths.size < options.count; i++) {
      const r = rnd();
      const page = i === 0 && r < 0.6
        ? 1
        : r < 0.93
        ? 1 + Math.floor(rnd() * last)
        : last + 1 + Math.floor(rnd() * 10);
      const params = new URLSearchParams(filters);
      if (page > 1) params.set("page", String(page));
      if (limit) params.set("limit", limit);
      const qs = params.toString();
      paths.add(`/api/v1/clubs${qs ? `?${qs}` : ""}`);
    }
  }
  // Shuffle so neighbouring requests do not share a filter set.
  const list = [...paths];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * The wrk Lua script: every thread reads the path list (one path a line)
 * and walks its own slice of it, wrapping around at the end.
 */
export function wrkScript(pathsFile: string, threads: number): string {
  return `-- Generated by bench/mixed.ts: walks a list of distinct paths.
local next_thread = 0
function setup(thread)
  thread:set("thread_no", next_thread)
  next_thread = next_thread + 1
end

function init(args)
  paths = {}
  for line in io.lines(${JSON.stringify(pathsFile)}) do
    paths[#paths + 1] = line
  end
  -- Threads start evenly spaced so they do not request the same paths.
  i = math.floor(thread_no * #paths / ${threads})
end

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
`;
}
