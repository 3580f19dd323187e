/**
 * The one search engine behind REST, MCP and the CLI (spec §4.1): filters in,
 * a page of clubs and the total out. Rows come in name order because a
 * club's rank (its rowid) is its position in name order.
 *
 * @example
 * ```ts ignore
 * import { search } from "./search.ts";
 * const r = search(store, { type: "golf", state: "FL", limit: "10" });
 * if (r.ok) console.log(r.value.total, r.value.clubs.length);
 * ```
 * @module
 */
import type { ClubRecord } from "./club.ts";
import {
  parseSearch,
  type RawSearch,
  type Result,
  type SearchError,
  type SearchQuery,
} from "./query.ts";
import type { ClubStore } from "./store.ts";

/** One page of matches as ranks, before any representation is chosen. */
export interface SearchPage {
  total: number;
  page: number;
  limit: number;
  ranks: number[];
}

/** One page of matching clubs. */
export interface SearchResult {
  clubs: ClubRecord[];
  total: number;
  page: number;
  limit: number;
}

/** Trigram search needs three characters; shorter fragments scan names. */
const TRIGRAM = 3;

function inList(n: number): string {
  return `(${Array.from({ length: n }, () => "?").join(", ")})`;
}

/** FTS5 phrase for a literal fragment: user text can never be syntax. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

interface Sql {
  from: string;
  where: string;
  params: (string | number)[];
  order: string;
}

function build(q: SearchQuery): Sql {
  const where: string[] = [];
  const params: (string | number)[] = [];
  let from = "club_keys k";
  let order = "k.rank";
  if (q.q !== null && [...q.q].length >= TRIGRAM) {
    // FTS yields rowids in ascending order, so it can drive the name sort.
    from = "club_names f JOIN club_keys k ON k.rank = f.rowid";
    order = "f.rowid";
    where.push("club_names MATCH ?");
    params.push(phrase(q.q));
  } else if (q.q !== null) {
    where.push("instr(k.name, ?) > 0");
    params.push(q.q);
  }
  if (q.types) {
    where.push(`k.type IN ${inList(q.types.length)}`);
    params.push(...q.types);
  }
  if (q.country !== null) {
    where.push("k.country = ?");
    params.push(q.country);
  }
  if (q.countriesIn) {
    where.push(`k.country IN ${inList(q.countriesIn.length)}`);
    params.push(...q.countriesIn);
  }
  if (q.state !== null) {
    where.push("k.state = ?");
    params.push(q.state);
  }
  if (q.waitlist) {
    where.push(`k.waitlist IN ${inList(q.waitlist.length)}`);
    params.push(...q.waitlist);
  }
  return {
    from,
    where: where.length ? `WHERE ${where.join(" AND ")}` : "",
    params,
    order,
  };
}

/** A key naming the filters of a query (not its page), for caches. */
export function filterKey(q: SearchQuery): string {
  return JSON.stringify([
    q.types,
    q.country,
    q.countriesIn,
    q.state,
    q.q,
    q.waitlist,
  ]);
}

/** Runs a validated query: the total across pages and this page's ranks. */
export function findPage(store: ClubStore, q: SearchQuery): SearchPage {
  const sql = build(q);
  const key = filterKey(q);
  let total = store.counts.get(key);
  if (total === undefined) {
    const row = store.statement(
      `SELECT count(*) AS n FROM ${sql.from} ${sql.where}`,
    )
      .get(...sql.params) as { n: number };
    total = Number(row.n);
    store.counts.set(key, total);
  }
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) {
    return { total, page: q.page, limit: q.limit, ranks: [] };
  }
  const rows = store.statement(
    `SELECT k.rank AS rank FROM ${sql.from} ${sql.where} ORDER BY ${sql.order} LIMIT ? OFFSET ?`,
  ).all(...sql.params, q.limit, offset) as { rank: number }[];
  return {
    total,
    page: q.page,
    limit: q.limit,
    ranks: rows.map((r) => Number(r.rank)),
  };
}

/**
 * Validates raw filters and returns the matching page of clubs, or the
 * validation error every surface reports the same way.
 */
export function search(
  store: ClubStore,
  raw: RawSearch,
): Result<SearchResult, SearchError> {
  const parsed = parseSearch(raw);
  if (!parsed.ok) return parsed;
  const page = findPage(store, parsed.value);
  return {
    ok: true,
    value: {
      clubs: store.records(page.ranks),
      total: page.total,
      page: page.page,
      limit: page.limit,
    },
  };
}
