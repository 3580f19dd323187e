// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { assert, assertEquals, assertMatch } from "../../_assert.ts";
import {
  type ImportOptions,
  importSnapshot,
  streamSource,
} from "../../../core/import/build/import.ts";
import { numberFields } from "../../../core/import/read/field_rules.ts";
import type { Decimal } from "../../../core/import/read/numbers.ts";
import { ImportError } from "../../../core/import/errors.ts";

/**
 * Spreadsheet exports as Excel writes them in each locale: the list
 * separator, CRLF, and the ANSI code page (windows-1252), or UTF-8 with a
 * byte order mark for "CSV UTF-8", which keeps Intl fr-FR's narrow no-break
 * space (U+202F; windows-1252 has only U+00A0).
 */
const EXPORTS = [
  { locale: "de-DE", decimal: "comma", delimiter: ";", encoding: "windows-1252" },
  { locale: "es-ES", decimal: "comma", delimiter: ";", encoding: "windows-1252" },
  { locale: "fr-FR", decimal: "comma", delimiter: ";", encoding: "windows-1252" },
  { locale: "fr-FR", decimal: "comma", delimiter: ";", encoding: "utf-8" },
  { locale: "en-US", decimal: "point", delimiter: ",", encoding: "windows-1252" },
] as const satisfies readonly {
  locale: string;
  decimal: Decimal;
  delimiter: string;
  encoding: string;
}[];

const FIELDS = numberFields();

/** A number in a field's range: whole, or with up to three decimals. */
function inRange(f: (typeof FIELDS)[number]): fc.Arbitrary<number> {
  return fc.constantFrom(1, 10, 100, 1000).chain((decimals) => {
    const scale = f.whole ? 1 : decimals;
    const [min, max] = [Math.ceil(f.min * scale), Math.floor(f.max * scale)];
    const small = fc.integer({ min, max: Math.min(max, 10_000_000) });
    return fc.oneof(small, fc.integer({ min, max })).map((k) => k / scale);
  });
}

/** Rows of a number (or an empty cell) per number field. */
const rows = fc.array(
  fc.tuple(...FIELDS.map((f) => fc.option(inRange(f), { nil: null }))),
  { minLength: 1, maxLength: 12 },
);

/** windows-1252 bytes of text in Latin-1's printable range (all these files hold). */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    if (code > 0xff || (code >= 0x80 && code < 0xa0)) {
      throw new Error(`not in the test's range: ${c}`);
    }
    return code;
  });
}

/** The export's bytes: a header, then a golf club per row, its numbers as the locale writes them. */
function exportOf(e: (typeof EXPORTS)[number], values: (number | null)[][]): Uint8Array {
  const format = [
    new Intl.NumberFormat(e.locale, { maximumFractionDigits: 20 }),
    new Intl.NumberFormat(e.locale, { minimumFractionDigits: 2, maximumFractionDigits: 20 }),
    new Intl.NumberFormat(e.locale, { maximumFractionDigits: 20, useGrouping: false }),
  ];
  const cell = (text: string) => text.includes(e.delimiter) ? `"${text}"` : text;
  const lines = [["name", "type", "fee_tier", ...FIELDS.map((f) => f.field)].join(e.delimiter)];
  values.forEach((row, i) => {
    const numbers = row.map((n, j) =>
      n === null ? "" : cell(format[(i + j) % format.length]!.format(n))
    );
    lines.push([`Club ${i + 1}`, "golf", "verified", ...numbers].join(e.delimiter));
  });
  let text = lines.join("\r\n") + "\r\n";
  if (e.encoding === "utf-8") return new TextEncoder().encode("\ufeff" + text);
  // Excel's fr-FR export in windows-1252 groups thousands with U+00A0.
  text = text.replaceAll("\u202f", "\u00a0");
  return windows1252(text);
}

/** The number fields of each club, by name. */
function stored(dbPath: string): Map<string, (number | null)[]> {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    const sql = `SELECT name, ${FIELDS.map((f) => f.field).join(", ")} FROM clubs`;
    const out = new Map<string, (number | null)[]>();
    for (const r of db.prepare(sql).all() as Record<string, number | null>[]) {
      out.set(String(r.name), FIELDS.map((f) => r[f.field] ?? null));
    }
    return out;
  } finally {
    db.close();
  }
}

async function importBytes(bytes: Uint8Array, dbPath: string, options: Partial<ImportOptions>) {
  return await importSnapshot(streamSource(new Blob([bytes as BlobPart]).stream()), {
    dbPath,
    format: "csv",
    ...options,
  });
}

for (const e of EXPORTS) {
  Deno.test(`${e.locale} export (${e.encoding}): format(locale, n) → import --decimal ${e.decimal} → n, and read from the file n or refused`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "clubdir-numbers-" });
    const encoding = e.encoding === "utf-8" ? null : e.encoding;
    try {
      await fc.assert(
        fc.asyncProperty(rows, async (values) => {
          const bytes = exportOf(e, values);
          const expected = new Map(values.map((row, i) => [`Club ${i + 1}`, row]));
          const db = `${dir}/c.db`;
          const s = await importBytes(bytes, db, { encoding, decimal: e.decimal });
          assertEquals(s.numbers, { decimal: e.decimal, from: "flag" });
          assertEquals(stored(db), expected);
          // Without the flag: the same numbers, or an error for each cell that reads both ways.
          try {
            const sniffed = await importBytes(bytes, db, { encoding });
            assert(sniffed.numbers.decimal === null || sniffed.numbers.decimal === e.decimal);
            assertEquals(stored(db), expected);
          } catch (err) {
            assert(err instanceof ImportError, String(err));
            assert(err.errors.length > 0, err.message);
            for (const x of err.errors) {
              assertMatch(x.message, /reads as .* with --decimal (comma|point)/, JSON.stringify(x));
            }
          }
        }),
        { numRuns: 4 },
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
