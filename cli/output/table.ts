/**
 * Terminal tables that fit the terminal: one line per row, never wrapped.
 * Columns are measured in display columns (wide CJK and emoji count two,
 * combining accents none), cut with "…" down to a minimum in a set order,
 * and low-value columns are dropped when even the minimums do not fit.
 * Every cell passes through {@link safeText}, so data cannot send control
 * sequences to the terminal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderTable } from "./table.ts";
 * const text = await renderTable(
 *   [{ head: "NAME", min: 10 }, { head: "CITY", min: 6, cut: 1, drop: 1 }],
 *   [["Royal St. George's Golf Club", "Sandwich"]],
 *   24,
 * );
 * assert.equal(text, "NAME              CITY\nRoyal St. Georg…  Sandw…");
 * ```
 * @module
 */
import { loadWidth, safeText, truncate, type Width } from "./text.ts";

/** How one column may give way when the table is too wide. */
export interface ColumnSpec {
  head: string;
  /** Narrowest the column is cut to, never below its header (default: never cut). */
  min?: number;
  /** Order of cutting: lower is cut (down to `min`) first; default last. */
  cut?: number;
  /** Order of dropping when the minimums do not fit: lower goes first; default never. */
  drop?: number;
}

/** Columns between two cells. */
const GAP = 2;

/** The narrowest a terminal is taken to be: below it, lines are simply cut. */
export const MIN_COLUMNS = 20;

/**
 * Lays out `rows` (already safe text) under `specs` within `columns`:
 * which columns stay and how wide each is. Widths start at each column's
 * widest cell; while the table is too wide, columns are cut in `cut` order
 * down to their `min`, and when that is not enough the next column in
 * `drop` order goes and the layout starts again.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitColumns } from "./table.ts";
 * const columns = [{ head: "A", min: 3 }, { head: "B", drop: 1 }];
 * const fit = (width: number) => fitColumns(columns, [["abcdef", "xyz"]], width, (t) => t.length);
 * assert.deepStrictEqual(fit(8), { keep: [0, 1], widths: [3, 3] }); // A cut to its minimum
 * assert.deepStrictEqual(fit(7), { keep: [0], widths: [6] }); // B dropped, A whole again
 * ```
 */
export function fitColumns(
  specs: readonly ColumnSpec[],
  rows: readonly (readonly string[])[],
  columns: number,
  width: Width,
): { keep: number[]; widths: number[] } {
  const natural = specs.map((s, i) =>
    rows.reduce((w, r) => Math.max(w, width(r[i] ?? "")), width(s.head))
  );
  const last = (n: number | undefined) => n ?? Number.POSITIVE_INFINITY;
  const dropOrder = specs.map((_, i) => i).filter((i) => specs[i]!.drop !== undefined)
    .sort((a, b) => specs[a]!.drop! - specs[b]!.drop!);
  const cutOrder = specs.map((_, i) => i).sort((a, b) => last(specs[a]!.cut) - last(specs[b]!.cut));
  let keep = specs.map((_, i) => i);
  for (;;) {
    const widths = keep.map((i) => natural[i]!);
    let over = widths.reduce((a, b) => a + b, 0) + GAP * (keep.length - 1) - columns;
    for (const i of cutOrder) {
      const k = keep.indexOf(i);
      if (over <= 0) break;
      if (k < 0 || specs[i]!.min === undefined) continue;
      // A header is never cut: it names the column.
      const min = Math.max(specs[i]!.min!, width(specs[i]!.head));
      const cut = Math.min(over, Math.max(widths[k]! - min, 0));
      widths[k]! -= cut;
      over -= cut;
    }
    const next = dropOrder.find((i) => keep.includes(i));
    if (over <= 0 || next === undefined) return { keep, widths };
    keep = keep.filter((i) => i !== next);
  }
}

/**
 * The table as text: a header line and one line per row, each within
 * `columns` (at least {@link MIN_COLUMNS}), cells made safe, cut and
 * aligned by display width.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderTable } from "./table.ts";
 * assert.equal(await renderTable([{ head: "CITY" }], [["東京"]], 80), "CITY\n東京");
 * ```
 */
export async function renderTable(
  specs: readonly ColumnSpec[],
  rows: readonly (readonly string[])[],
  columns: number,
): Promise<string> {
  const safe = rows.map((r) => r.map(safeText));
  const width = await loadWidth(safe.flat());
  const room = Math.max(columns, MIN_COLUMNS);
  const { keep, widths } = fitColumns(specs, safe, room, width);
  const line = (cells: readonly string[]) =>
    truncate(
      keep.map((i, k) => truncate(cells[i] ?? "", widths[k]!, width, k < keep.length - 1))
        .join(" ".repeat(GAP)).trimEnd(),
      room,
      width,
    );
  return [line(specs.map((s) => s.head)), ...safe.map(line)].join("\n");
}

/** The width used when no standard stream is a terminal (output to a file). */
export const DEFAULT_COLUMNS = 120;

/**
 * The terminal's width in columns: the terminal of stdout, else of stderr
 * or stdin (so `query | head` still fits the screen), else
 * {@link DEFAULT_COLUMNS}.
 *
 * @example
 * ```ts ignore
 * import { terminalColumns } from "./table.ts";
 * terminalColumns(); // 80 in an 80-column terminal
 * ```
 */
export function terminalColumns(): number {
  try {
    return Deno.consoleSize().columns || DEFAULT_COLUMNS;
  } catch {
    return DEFAULT_COLUMNS;
  }
}
