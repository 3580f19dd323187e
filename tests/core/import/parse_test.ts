import { assertEquals } from "../../_assert.ts";
import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { parseRows } from "../../../core/import/parse.ts";

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

Deno.test("parseRows() reads the same records on the same lines however the input is cut", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(field, fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 30 }),
      fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
      async (rows, sizes) => {
        const text = "name,city\n" +
          rows.map(([name, blanks]) => `${name},x\n${"\n".repeat(blanks)}`).join("");
        const got: [string, number][] = [];
        for await (const m of parseRows(chunked(new TextEncoder().encode(text), sizes))) {
          if (m.t !== "rows") continue;
          m.rows.forEach((r, i) => {
            const name = "values" in r ? String(r.values[1]) : "(bad)";
            got.push([name, m.lines[i]!]);
          });
        }
        assertEquals(got, reference(text));
      },
    ),
    { numRuns: 60 },
  );
});
