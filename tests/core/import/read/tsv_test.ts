// Test tier: unit (no sockets, no child processes; see tests/tiers.ts).
import fc from "fast-check";
import { assert, assertEquals } from "../../../_assert.ts";
import { escapeTsv, unescapeTsv } from "../../../../core/import/read/cells.ts";
import { DETECT, parseRows } from "../../../../core/import/read/parse.ts";
import { KEY_CELLS, ROW_CELLS } from "../../../../core/import/read/prepare.ts";
import { CLUB_FIELDS } from "../../../../core/schema/club.ts";
import { decodeField } from "../../../cli/_tsv.ts";

const NAME = CLUB_FIELDS.indexOf("name");
const DESCRIPTION = CLUB_FIELDS.indexOf("description");

/** Text made of what TSV escapes and what looks like an escape. */
const awkward = fc.string({
  unit: fc.constantFrom("\\", "t", "n", "r", "N", "\t", "\n", "\r", '"', "x", " "),
  maxLength: 12,
});

Deno.test("escapeTsv() leaves no tab or line break, and unescapeTsv() undoes it exactly", () => {
  fc.assert(fc.property(awkward, (s) => {
    const field = escapeTsv(s);
    assert(!/[\t\n\r]/.test(field), JSON.stringify(field));
    assertEquals(unescapeTsv(field), s);
  }));
});

Deno.test("unescapeTsv() reads any field as a character-by-character decoder does, \\N aside", () => {
  fc.assert(fc.property(awkward, (s) => {
    const field = s.replace(/[\t\n\r]/g, "");
    assertEquals(unescapeTsv(field), field === "\\N" ? "" : decodeField(field));
  }));
});

/** Names and descriptions (or "(bad)") with their lines, as parseRows reads a TSV text. */
async function tsvRows(
  input: string | ReadableStream<Uint8Array>,
): Promise<[string, string | null, number][] | string> {
  const got: [string, string | null, number][] = [];
  try {
    const stream = typeof input === "string" ? new Blob([input]).stream() : input;
    for await (const m of parseRows(stream, { ...DETECT, format: "tsv" })) {
      if (m.t === "fatal") return m.message;
      if (m.t !== "rows") continue;
      let at = 0;
      m.lines.forEach((line, i) => {
        const bad = m.failed.find((f) => f.row === i);
        if (bad) got.push(["(bad)", bad.errors[0]!.message, line]);
        else {
          const cells = m.cells.slice(at + KEY_CELLS, at + ROW_CELLS);
          got.push([String(cells[NAME]), cells[DESCRIPTION] as string | null, line]);
          at += ROW_CELLS;
        }
      });
    }
  } catch (e) {
    return (e as Error).message;
  }
  return got;
}

Deno.test("parseRows() reads TSV a record per line, escapes decoded, however the input is cut", async () => {
  const name = fc.stringMatching(/^[A-Z][a-z]{1,8}$/);
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(name, awkward, fc.integer({ min: 0, max: 2 })), { maxLength: 20 }),
      fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 5 }),
      async (rows, sizes) => {
        let text = "name\tdescription\n";
        const expected: [string, string | null, number][] = [];
        let line = 2;
        for (const [n, description, blanks] of rows) {
          text += `${n}\t${escapeTsv(description)}\n${"\n".repeat(blanks)}`;
          expected.push([n, description.trim() === "" ? null : description.trim(), line]);
          line += 1 + blanks;
        }
        const bytes = new TextEncoder().encode(text);
        const parts: Uint8Array[] = [];
        for (let i = 0, k = 0; i < bytes.length; k++) {
          parts.push(bytes.slice(i, i + sizes[k % sizes.length]!));
          i += sizes[k % sizes.length]!;
        }
        assertEquals(await tsvRows(ReadableStream.from(parts)), expected);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("parseRows() reads CRLF TSV, \\N as empty, quotes and unknown escapes as written", async () => {
  const text = 'name\tdescription\r\n"Quoted" Club\tC:\\files\\\\x\r\nB Club\t\\N\r\n';
  assertEquals(await tsvRows(text), [
    ['"Quoted" Club', "C:\\files\\x", 2],
    ["B Club", null, 3],
  ]);
});

Deno.test("a CSV-quoted file read as TSV fails on its field counts, with the flags that read it", async () => {
  const text = 'name\tdescription\nA Club\t"two\nlines"\n';
  const rows = await tsvRows(text);
  assert(Array.isArray(rows));
  // Line 2 alone is two fields: its description keeps the quote, and line 3 is refused.
  assertEquals(rows[0], ["A Club", '"two', 2]);
  const [bad, message, line] = rows[1]!;
  assertEquals([bad, line], ["(bad)", 3]);
  assert(message!.startsWith("expected 2 fields as in the header, found 1"), message!);
  assert(message!.includes("--format csv --delimiter tab"), message!);
});

Deno.test("a TSV line past 1 MiB is refused at its line, in TSV's terms", async () => {
  const text = `name\tdescription\nA\tx\nB\t${"x".repeat(1_100_000)}\n`;
  assertEquals(
    await tsvRows(text),
    "Cannot parse the CSV: line 3 runs past 1 MiB: a TSV record is one line (a line break in a field is written \\n)",
  );
});

Deno.test("an invalid UTF-8 byte in TSV is refused at its line", async () => {
  const bytes = new TextEncoder().encode("name\tcity\nA\tx\nB\ty\n");
  bytes[bytes.length - 2] = 0xff;
  const message = String(await tsvRows(ReadableStream.from([bytes])));
  assert(message.startsWith("Cannot import: line 3 is not valid UTF-8 (byte 0xFF"), message);
});

Deno.test("a tab-separated file quoted like CSV reads as CSV with a tab delimiter", async () => {
  const text = 'name\tdescription\nA Club\t"two\tcells\nand ""lines"""\n';
  const names: unknown[] = [];
  for await (
    const m of parseRows(new Blob([text]).stream(), { ...DETECT, format: "csv", delimiter: "\t" })
  ) {
    if (m.t === "rows") names.push(m.cells[KEY_CELLS + NAME], m.cells[KEY_CELLS + DESCRIPTION]);
  }
  assertEquals(names, ["A Club", 'two\tcells\nand "lines"']);
});
