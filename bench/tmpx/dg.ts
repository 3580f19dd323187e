import { digestOf } from "../../core/import/club_row.ts";
import Papa from "papaparse";
const text = new TextDecoder().decode(Deno.readFileSync("/tmp/pf/csvb/clubs.csv"));
const rows = Papa.parse<string[]>(text, { delimiter: ",", newline: "\n" }).data.slice(1, 40001).map(
  (r) => r.map((v, i) => v === "" ? null : i === 16 && v ? Number(v) : v),
);
function digest2(columns: readonly (string | number | null)[]): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let c = 0; c < columns.length; c++) {
    const v = columns[c];
    let text: string;
    if (v === null) text = "\u0000";
    else if (typeof v === "number") text = "#" + v;
    else text = v;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ 0x1f, 2654435761);
    h2 = Math.imul(h2 ^ 0x1f, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
for (const r of rows.slice(0, 100)) if (digestOf(r) !== digest2(r)) throw new Error("differs");
for (let k = 0; k < 4; k++) {
  let t = performance.now();
  let x = 0;
  for (const r of rows) x += digestOf(r);
  const a = performance.now() - t;
  t = performance.now();
  for (const r of rows) x += digest2(r);
  console.log("orig", a.toFixed(0), "new", (performance.now() - t).toFixed(0));
}
