/**
 * The changes a search's filters find, newest snapshot first and in name
 * order within one, a page at a time. The work of a request is bounded by
 * the history, never by the directory: the filters run once per filter set
 * and `since` over the index of change rows (read.ts), whose size the
 * import bounds, and the matches are kept; a page reads its own rows.
 *
 * @example
 * ```ts ignore
 * const q = parseSearch({ state: "FL" });
 * if (q.ok) listChanges(store, q.value, { access: "locked", page: 1, limit: 20 }).total;
 * ```
 * @module
 */
import type { FeeAccess } from "../club/mod.ts";
import { MAX_LIMIT, searchKey, type SearchQuery } from "../search/mod.ts";
import { approxBytes, type ClubStore } from "../store/mod.ts";
import { changeFilter } from "./filter.ts";
import { changeIndex, changesOf, snapshots } from "./read.ts";
import type { ChangeKind, ClubChange } from "./types.ts";

/** Options of {@link listChanges}. */
export interface ListOptions {
  /** Only snapshots dated on or after this day (YYYY-MM-DD; see {@link parseSince}). */
  since?: string;
  access: FeeAccess;
  /** 1-based. */
  page: number;
  /** At most {@link MAX_LIMIT}. */
  limit: number;
  /** Only these kinds of change (default all: a feed leaves out removed clubs). */
  kinds?: readonly ChangeKind[];
}

/** A page of changes and how many there are across pages. */
export interface ChangeList {
  total: number;
  changes: ClubChange[];
}

// Budgets of this module's memos (see core/store/memo.ts).
const MATCHES_BYTES = 2 * 1024 * 1024;
const PAGES_BYTES = 2 * 1024 * 1024;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether a text is a real calendar day written YYYY-MM-DD (the form of
 * `since` on every surface and of `import --snapshot-date`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isDay } from "./list.ts";
 * assert.deepStrictEqual([isDay("2025-03-03"), isDay("2025-02-30"), isDay("3 March")], [true, false, false]);
 * ```
 */
export function isDay(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/**
 * A `since` value checked: null when not sent, else the day, else a
 * sentence saying what is wrong (quoting at most 40 characters of it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSince } from "./list.ts";
 * assert.deepStrictEqual(parseSince(" 2025-03-03 "), { ok: true, value: "2025-03-03" });
 * assert.equal(parseSince("yesterday").ok, false);
 * ```
 */
export function parseSince(
  raw: string | null | undefined,
): { ok: true; value: string | null } | { ok: false; detail: string } {
  if (raw === null || raw === undefined || raw.trim() === "") return { ok: true, value: null };
  const text = raw.trim();
  if (isDay(text)) return { ok: true, value: text };
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return {
    ok: false,
    detail: `since must be a day written YYYY-MM-DD, such as 2025-03-03; got ${
      JSON.stringify(shown)
    }`,
  };
}

/** Positions in the change index that the filters and `since` keep, in index order. */
function matches(
  store: ClubStore,
  q: SearchQuery,
  since: string | null,
  kinds: readonly ChangeKind[] | undefined,
): Int32Array {
  return store.memo<string, Int32Array>("history.matches", MATCHES_BYTES, {
    weigh: (m, key) => approxBytes(m) + 2 * key.length,
  }).use(`${searchKey(q, "filter")}\u0000${since ?? ""}\u0000${kinds?.join(",") ?? ""}`, () => {
    const index = changeIndex(store);
    const dates = snapshots(store).map((s) => s.date);
    const test = changeFilter(store, q);
    const out: number[] = [];
    for (let i = 0; i < index.rowids.length; i++) {
      const s = index.snapshot[i]!;
      if (since !== null && !(dates[s]! >= since)) continue;
      if (kinds && !kinds.includes(index.kind[i]!)) continue;
      if (test(index.keys[i]!)) out.push(i);
    }
    return Int32Array.from(out);
  });
}

/**
 * The changes `q`'s filters find (its type, place, name and waitlist
 * filters; its page and sort aside), newest snapshot first, as `access`
 * may see their fees.
 */
export function listChanges(store: ClubStore, q: SearchQuery, options: ListOptions): ChangeList {
  const since = options.since ?? null;
  const limit = Math.max(1, Math.min(options.limit, MAX_LIMIT));
  const page = Math.max(1, options.page);
  const kinds = options.kinds?.join(",") ?? "";
  const key = [searchKey(q, "filter"), since ?? "", kinds, options.access, page, limit].join(
    "\u0000",
  );
  return store.memo<string, ChangeList>("history.pages", PAGES_BYTES, {
    weigh: (list, key) => approxBytes(list) + 2 * key.length,
  }).use(key, () => {
    const found = matches(store, q, since, options.kinds);
    const index = changeIndex(store);
    const from = (page - 1) * limit;
    const rowids: number[] = [];
    for (let j = from; j < Math.min(found.length, from + limit); j++) {
      rowids.push(index.rowids[found[j]!]!);
    }
    return { total: found.length, changes: changesOf(store, rowids, options.access) };
  });
}
