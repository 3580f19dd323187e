/**
 * The `query` table: the columns a person scans (name, city, region and
 * country, type, waitlist; type and waitlist in the website's words) fitted to the terminal, and a footer that says
 * where the page is and how to get the next one, in flags.
 *
 * @example
 * ```ts ignore
 * import { formatClubTable } from "./club_table.ts";
 * console.log(await formatClubTable(records, { total: 1234, page: 1, limit: 50 }, 80));
 * ```
 * @module
 */
import type { ClubRecord } from "../../core/schema/mod.ts";
import { typeWords, waitlistWords } from "../../core/model/mod.ts";
import { type ColumnSpec, renderTable } from "./table.ts";
import { formatCount as fmt } from "./text.ts";

/**
 * Name is cut last and never dropped; city is the first to give way, then
 * type and waitlist (short values, never cut below their longest common
 * value), the place last.
 */
const CLUB_COLUMNS: ColumnSpec[] = [
  { head: "NAME", min: 20, cut: 5 },
  { head: "CITY", min: 10, cut: 1, drop: 1 },
  { head: "STATE, COUNTRY", min: 14, cut: 2, drop: 4 },
  { head: "TYPE", min: 12, cut: 3, drop: 2 },
  { head: "WAITLIST", min: 13, cut: 4, drop: 3 },
];

// Thousands with commas, as en-US writes them, without Intl: its first use costs 20 ms or more.

/**
 * The footer: "showing 51–100 of 938 (next: --page 3)", or what to do on a
 * page past the end.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tableFooter } from "./club_table.ts";
 * assert.deepStrictEqual(tableFooter(2, { total: 938, page: 2, limit: 50 }), "showing 51–52 of 938 (next: --page 3)");
 * ```
 */
export function tableFooter(
  shown: number,
  page: { total: number; page: number; limit: number },
): string {
  if (!shown) {
    return page.total
      ? `no clubs on page ${fmt(page.page)} (${fmt(page.total)} in all; first page: --page 1)`
      : "no clubs match";
  }
  const first = (page.page - 1) * page.limit + 1;
  const last = first + shown - 1;
  const next = last < page.total ? ` (next: --page ${page.page + 1})` : "";
  return `showing ${fmt(first)}–${fmt(last)} of ${fmt(page.total)}${next}`;
}

/**
 * Renders clubs as a table within `columns`, with the {@link tableFooter}.
 *
 * @example
 * ```ts ignore
 * await formatClubTable(records, { total: 30, page: 1, limit: 50 }, 80);
 * ```
 */
export async function formatClubTable(
  clubs: readonly ClubRecord[],
  page: { total: number; page: number; limit: number },
  columns: number,
): Promise<string> {
  const rows = clubs.map((c) => [
    c.name,
    c.city ?? "",
    [c.state, c.country].filter(Boolean).join(", "),
    // In the website's words (core/model/words.ts), not the stored values.
    c.type === null ? "" : typeWords(c.type),
    c.waitlist_status === null ? "" : waitlistWords(c.waitlist_status),
  ]);
  return `${await renderTable(CLUB_COLUMNS, rows, columns)}\n\n${tableFooter(clubs.length, page)}`;
}
