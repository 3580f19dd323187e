// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../../../_assert.ts";
import { staticGraph } from "../../../_run.ts";
import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { parseRows } from "../../../../core/import/read/parse.ts";
import { KEY_CELLS, ROW_CELLS } from "../../../../core/import/read/prepare.ts";
import { CLUB_FIELDS } from "../../../../core/schema/club.ts";

const NAME = CLUB_FIELDS.indexOf("name");

/** Names and start lines as one csv-parse pass over the whole text sees them. */
function reference(text: string): [string, number][] {
  const out: [string, number][] = [];
  let prev = { end: 0, empty: 0 };
  parse(text, {
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (r: string[], c: { lines: number; empty_lines: number }) => {
      out.push([r[0]!, prev.end + 1 + (c.empty_lines - prev.empty)]);
      prev = { end: c.lines, empty: c.empty_lines };
      return null;
    },
  });
  return out.slice(1).map(([n, l]) => [n.trim(), l]);
}

/** The input cut into chunks of the given sizes (repeating), as a stream. */
function chunked(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (let i = 0, k = 0; i < bytes.length; k++) {
    const n = sizes[k % sizes.length]!;
    parts.push(bytes.slice(i, i + n));
    i += n;
  }
  return ReadableStream.from(parts);
}

const field = fc.oneof(
  fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,8}$/),
  fc.stringMatching(/^[A-Za-z][a-z ,\n"]{0,12}$/).map((s) => `"${s.replaceAll('"', '""')}"`),
);

/** Rows (name, or "(bad)", and line) parseRows reads from `input`, or the message it fails with. */
async function namesAndLines(
  input: string | ReadableStream<Uint8Array>,
): Promise<[string, number][] | string> {
  const got: [string, number][] = [];
  try {
    const stream = typeof input === "string" ? new Blob([input]).stream() : input;
    for await (const m of parseRows(stream)) {
      if (m.t !== "rows") continue;
      let at = 0;
      m.lines.forEach((line, i) => {
        const bad = m.failed.some((f) => f.row === i);
        got.push([bad ? "(bad)" : String(m.cells[at + KEY_CELLS + NAME]), line]);
        if (!bad) at += ROW_CELLS;
      });
    }
  } catch (e) {
    return (e as Error).message;
  }
  return got;
}

Deno.test("parseRows() reads the same records on the same lines however the input is cut", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(field, fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 30 }),
      fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
      async (rows, sizes) => {
        const text = "name,city\n" +
          rows.map(([name, blanks]) => `${name},x\n${"\n".repeat(blanks)}`).join("");
        const got = await namesAndLines(chunked(new TextEncoder().encode(text), sizes));
        assertEquals(got, reference(text));
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("the parse worker loads no ISO 3166 tables: places are settled by the importing thread", async () => {
  const root = fileURLToPath(new URL("../../../../core/import/read/worker.ts", import.meta.url));
  const graph = await staticGraph(root);
  assert([...graph].some((s) => s.includes("papaparse")), [...graph].join("\n"));
  const iso = [...graph].filter((s) => /iso-3166|i18n-iso-countries|places\/geo\.ts/.test(s));
  assertEquals(iso, []);
});

Deno.test("parseRows() carries a quoted field with line breaks across the pieces it parses", async () => {
  const long = Array.from({ length: 40_000 }, (_, i) => `line ${i}`).join("\n");
  const text = `name,city\nA,x\n"B club","${long}"\nC,y\n`;
  // B's city is too long for its rule: the row fails, but is read whole, on its line.
  assertEquals(await namesAndLines(text), [["A", 2], ["(bad)", 3], ["C", 40_003]]);
});

Deno.test("parseRows() stops a quote left open past 1 MiB at the line where its record starts", async () => {
  const rows = Array.from({ length: 100_000 }, (_, i) => `Club ${i},x`).join("\n");
  const text = `name,description\nA,x\nB,"open\n${rows}\n`;
  assertEquals(
    await namesAndLines(text),
    'Cannot parse the CSV: the record that starts on line 3 runs past 1 MiB: a quote opened there is most likely never closed; a quote inside a field must be doubled ("")',
  );
});

Deno.test("parseRows() finds an invalid byte on a last line that no line feed ends", async () => {
  const bytes = new TextEncoder().encode("name,city\nA,x\nB,y");
  bytes[bytes.length - 1] = 0xff;
  const message = String(await namesAndLines(ReadableStream.from([bytes])));
  assert(message.startsWith("Cannot import: line 3 is not valid UTF-8 (byte 0xFF"), message);
});

Deno.test("parseRows() measures a record's limit in bytes, not characters", async () => {
  // 400,000 characters of 3 bytes each: under 1 Mi characters, over 1 MiB.
  const text = `name,city\nA,"${"€".repeat(400_000)}"\n`;
  assertEquals(
    await namesAndLines(text),
    'Cannot parse the CSV: the record that starts on line 2 runs past 1 MiB: a quote opened there is most likely never closed; a quote inside a field must be doubled ("")',
  );
});
