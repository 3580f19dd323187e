/**
 * The terminal table of `query`: the columns a person scans (name, city,
 * region, type, waitlist) fitted to the terminal width, and a footer.
 *
 * @example
 * ```ts ignore
 * import { formatTable } from "./table.ts";
 * console.log(formatTable(records, { total: 1234, page: 1, limit: 50 }, 100));
 * ```
 * @module
 */
import type { ClubRecord } from "../../core/schema/mod.ts";

const fmt = (n: number) => n.toLocaleString("en-US");

function fit(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width
    ? text + " ".repeat(width - chars.length)
    : chars.slice(0, width - 1).join("") + "…";
}

/** Renders clubs as aligned columns with a "showing a–b of n" footer. */
export function formatTable(
  clubs: readonly ClubRecord[],
  page: { total: number; page: number; limit: number },
  columns: number,
): string {
  const rows = clubs.map((c) => [
    c.name,
    c.city ?? "",
    [c.state, c.country].filter(Boolean).join(", "),
    c.type ?? "",
    c.waitlist_status ?? "",
  ]);
  const head = ["NAME", "CITY", "STATE / COUNTRY", "TYPE", "WAITLIST"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]!].length)));
  // Shrink the widest text columns until the table fits the terminal.
  const caps = [40, 20, 32, 14, 13];
  const budget = Math.max(columns, 60) - 2 * (head.length - 1);
  for (let i = 0; widths.reduce((a, b) => a + b, 0) > budget && i < 3; i++) {
    widths.forEach((w, j) => (widths[j] = Math.min(w, caps[j]!)));
  }
  const line = (cells: string[]) => cells.map((c, i) => fit(c, widths[i]!)).join("  ").trimEnd();
  const first = clubs.length ? (page.page - 1) * page.limit + 1 : 0;
  const last = clubs.length ? first + clubs.length - 1 : 0;
  const footer = clubs.length
    ? `showing ${fmt(first)}–${fmt(last)} of ${fmt(page.total)}`
    : `no clubs on this page (${fmt(page.total)} in all)`;
  return [line(head), ...rows.map(line), "", footer].join("\n");
}

/** Terminal width, or 120 when stdout is not a terminal. */
export function terminalColumns(): number {
  try {
    return Deno.consoleSize().columns;
  } catch {
    return 120;
  }
}
