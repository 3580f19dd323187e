import fc from "fast-check";
import stringWidth from "string-width";
import { assert, assertEquals } from "../../_assert.ts";
import { type ColumnSpec, fitColumns, renderTable } from "../../../cli/output/table.ts";

const SPECS: ColumnSpec[] = [
  { head: "NAME", min: 20, cut: 5 },
  { head: "CITY", min: 10, cut: 1, drop: 1 },
  { head: "PLACE", min: 12, cut: 2, drop: 3 },
  { head: "TYPE", min: 12, cut: 3, drop: 2 },
];

/** Display-column offsets where each cell of a line starts (cells are 2+ spaces apart). */
function starts(line: string): number[] {
  const out: number[] = [];
  let col = 0;
  let gap = 2;
  for (const { segment } of new Intl.Segmenter().segment(line)) {
    if (segment !== " " && gap >= 2) out.push(col);
    gap = segment === " " ? gap + 1 : 0;
    col += stringWidth(segment);
  }
  return out;
}

Deno.test("fitColumns() keeps natural widths when the table fits", () => {
  const r = fitColumns(SPECS, [["Oak Hill", "Rochester", "NY, US", "golf"]], 80, (t) => t.length);
  assertEquals(r, { keep: [0, 1, 2, 3], widths: [8, 9, 6, 4] });
});

Deno.test("fitColumns() cuts in cut order down to the minimums before dropping a column", () => {
  const row = ["N".repeat(40), "C".repeat(20), "P".repeat(22), "country_club"];
  // 40+20+22+12 + 3 gaps of 2 = 100: at 80, city and place give way first.
  assertEquals(fitColumns(SPECS, [row], 80, (t) => t.length), {
    keep: [0, 1, 2, 3],
    widths: [40, 10, 12, 12],
  });
  // At 70 they are at their minimums and the name is cut.
  assertEquals(fitColumns(SPECS, [row], 70, (t) => t.length), {
    keep: [0, 1, 2, 3],
    widths: [30, 10, 12, 12],
  });
  // Minimums 20+10+12+12+6 = 60 do not fit 55: city goes, the name grows back.
  assertEquals(fitColumns(SPECS, [row], 55, (t) => t.length), {
    keep: [0, 2, 3],
    widths: [55 - 4 - 12 - 12, 12, 12],
  });
});

Deno.test("renderTable() aligns CJK, emoji and combining accents by display width", async () => {
  const rows = [
    ["東京ゴルフ倶楽部", "東京", "Tokyo, Japan", "golf"],
    ["Café de l'Opéra", "Paris", "Île-de-France, France", "dining"],
    ["Cafe\u0301 Club", "Zu\u0308rich", "Zürich, Switzerland", "city"],
    ["🏌️ Family 👨‍👩‍👧 Club", "Seoul", "서울, South Korea", "golf"],
  ];
  for (const columns of [120, 80, 60, 40]) {
    const lines = (await renderTable(SPECS, rows, columns)).split("\n");
    const head = starts(lines[0]!);
    for (const line of lines) {
      assert(stringWidth(line) <= columns, `${columns}: ${line}`);
      assertEquals(starts(line), head.slice(0, starts(line).length), `${columns}: ${line}`);
    }
  }
});

Deno.test("renderTable() fits any data in any width, one line per row, never a control character", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.array(fc.string({ unit: "grapheme", maxLength: 60 }), {
          minLength: 4,
          maxLength: 4,
        }),
        { maxLength: 8 },
      ),
      fc.integer({ min: 20, max: 200 }),
      async (rows, columns) => {
        const lines = (await renderTable(SPECS, rows, columns)).split("\n");
        assertEquals(lines.length, rows.length + 1);
        for (const line of lines) {
          assert(stringWidth(line) <= columns, line);
          // deno-lint-ignore no-control-regex
          assert(!/[\u0000-\u001f\u007f-\u009f]/.test(line), line);
        }
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("renderTable() shows escape sequences from the data as text", async () => {
  const text = await renderTable(SPECS, [["Evil\x1b]0;pwned\x07\x1b[2J", "x", "y", "z"]], 80);
  assert(!text.includes("\x1b") && !text.includes("\x07"));
  assert(text.includes("Evil␛]0;pwned␇␛[2J"), text);
});
