import { assert, assertEquals, assertMatch } from "../../../_assert.ts";
import fc from "fast-check";
import {
  type Decimal,
  DECIMALS,
  NumberReader,
  readAs,
} from "../../../../core/import/read/numbers.ts";
import { numberFields } from "../../../../core/import/read/field_rules.ts";

/** The locales an Excel export comes from, each with its rule and the delimiter its CSV uses. */
const LOCALES = [
  { locale: "de-DE", decimal: "comma", delimiter: ";" },
  { locale: "es-ES", decimal: "comma", delimiter: ";" },
  { locale: "fr-FR", decimal: "comma", delimiter: ";" },
  { locale: "en-US", decimal: "point", delimiter: "," },
] as const satisfies readonly { locale: string; decimal: Decimal; delimiter: string }[];

/**
 * A number of a field's range: a whole number, or one with up to three
 * decimals (fees in cents, a rating in tenths, ...).
 */
const inRange = fc.tuple(fc.constantFrom(...numberFields()), fc.constantFrom(10, 100, 1000))
  .chain(([f, decimals]) => {
    const scale = f.whole ? 1 : decimals;
    const [min, max] = [Math.ceil(f.min * scale), Math.floor(f.max * scale)];
    // Small numbers half the time: 1.234 and 25.000, the ones that read both ways, are small.
    const small = fc.integer({ min, max: Math.min(max, 10_000_000) });
    return fc.oneof(small, fc.integer({ min, max })).map((k) => k / scale);
  });

/** Intl's own formatting, as a spreadsheet in that locale shows the number. */
const formatters = (locale: string) => [
  new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }),
  new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: false }),
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 20 }),
];

for (const { locale, decimal, delimiter } of LOCALES) {
  Deno.test(`${locale}: every number of a field's range, formatted by Intl, reads back under --decimal ${decimal}`, () => {
    const flagged = new NumberReader(decimal, delimiter);
    fc.assert(
      fc.property(inRange, fc.constantFrom(...formatters(locale)), (n, format) => {
        const text = format.format(n);
        assertEquals(flagged.read(text, 2, "initiation_fee"), n, text);
      }),
      { numRuns: 3000 },
    );
  });

  Deno.test(`${locale}: read from the file, a number is the one formatted or refused naming --decimal, never another`, () => {
    const seen = { read: 0, refused: 0 };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(inRange, fc.constantFrom(...formatters(locale))), { maxLength: 30 }),
        (cells) => {
          // One reader per file: the rule settles as the cells show it.
          const sniffed = new NumberReader(null, delimiter);
          cells.forEach(([n, format], i) => {
            const text = format.format(n);
            const r = sniffed.read(text, i + 2, "annual_dues");
            if (typeof r === "number") assertEquals(r, n, text);
            else assertMatch(String(r), /--decimal (comma|point)/, text);
            seen[typeof r === "number" ? "read" : "refused"]++;
          });
          const { decimal: shown } = sniffed.reading();
          assert(shown === null || shown === decimal, `${shown} for ${locale}`);
        },
      ),
      { numRuns: 500 },
    );
    // Both outcomes happen: the property is not held by reading nothing.
    assert(seen.read > 1000 && seen.refused > 10, JSON.stringify(seen));
  });
}

Deno.test("a ,-separated file reads as before: every number the old reader took, to the same value", () => {
  // The reader before numbers.ts: a decimal point, no grouping.
  const OLD = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
  const reader = new NumberReader(null, ",");
  fc.assert(
    fc.property(fc.stringMatching(/^[-+]?\d{0,7}\.?\d{0,5}(?:[eE][-+]?\d{1,2})?$/), (text) => {
      if (!OLD.test(text)) return;
      assertEquals(reader.read(text, 2, "annual_dues"), Number(text), text);
    }),
    { numRuns: 5000 },
  );
  assertEquals(reader.reading(), { decimal: "point", from: "delimiter" });
});

Deno.test("readAs() takes the forms each rule writes, and refuses groups that are not of three", () => {
  const cases: [string, Decimal, number][] = [
    ["25.000,00", "comma", 25000],
    ["25 000,00", "comma", 25000],
    ["25\u00a0000,50", "comma", 25000.5],
    ["25\u202f000,50", "comma", 25000.5],
    ["1.234.567,891", "comma", 1234567.891],
    ["-0,25", "comma", -0.25],
    [",5", "comma", 0.5],
    ["1,5E3", "comma", 1500],
    ["25,000.00", "point", 25000],
    ["25000.5", "point", 25000.5],
    ["25 000.5", "point", 25000.5],
    [".5", "point", 0.5],
    ["5.", "point", 5],
    ["+1.5e3", "point", 1500],
  ];
  for (const [text, decimal, n] of cases) assertEquals(readAs(text, decimal), n, text);
  for (
    const [text, decimal] of [
      ["25.00,00", "comma"], // a group of two
      ["0.500", "comma"], // a first group of 0
      ["25.000 000", "comma"], // two kinds of grouping
      ["1.000e3", "comma"], // an exponent after grouped digits
      ["25.000,5", "point"],
      ["1,5", "point"],
      ["", "point"],
      ["-", "point"],
      [".", "point"],
      ["1e", "point"],
      ["0x10", "point"],
      ["Infinity", "point"],
      ["25 €", "comma"],
    ] as [string, Decimal][]
  ) assert(Number.isNaN(readAs(text, decimal)), `${text} under ${decimal}`);
});

Deno.test("a number that reads both ways is refused, naming the flag for each reading, unless --decimal says", () => {
  for (const delimiter of [";", "\t", "|"]) {
    const r = new NumberReader(null, delimiter);
    assertEquals(
      r.read("25.000", 2, "initiation_fee"),
      'the number reads as 25000 with --decimal comma ("." grouping thousands) and as 25 with --decimal point, and the file does not say which: import it with the flag that reads it as meant',
    );
    assertMatch(
      String(r.read("1,234", 3, "annual_dues")),
      /reads as 1234 with --decimal point \(",".*\) and as 1\.234 with --decimal comma/,
    );
    assertEquals(r.reading(), { decimal: null, from: null });
  }
  assertEquals(new NumberReader("comma", ";").read("25.000", 2, "initiation_fee"), 25000);
  assertEquals(new NumberReader("point", ";").read("25.000", 2, "initiation_fee"), 25);
  assertEquals(new NumberReader("point", ";").read("1,234", 2, "initiation_fee"), 1234);
  assertEquals(new NumberReader("comma", ";").read("1,234", 2, "initiation_fee"), 1.234);
  // A ,-separated file writes decimal points: 25.000 is 25 there, as it always was;
  // a quoted "1,234" may still be a decimal comma (a spreadsheet set to use ,).
  const comma = new NumberReader(null, ",");
  assertEquals(comma.read("25.000", 2, "initiation_fee"), 25);
  assertMatch(String(comma.read("1,234", 2, "initiation_fee")), /--decimal point/);
  // Even once the file shows a decimal comma, 25.000 is refused: whether a
  // row imports does not depend on rows elsewhere in the file.
  const sniffed = new NumberReader(null, ";");
  assertEquals(sniffed.read("4,5", 2, "google_rating"), 4.5);
  assertMatch(
    String(sniffed.read("25.000", 3, "initiation_fee")),
    /; its other numbers have a decimal comma \(line 2, column google_rating: "4,5"\)/,
  );
});

Deno.test("the first number only one rule reads sets the file's rule; a later one of the other rule is refused", () => {
  const r = new NumberReader(null, ";");
  assertEquals(r.read("12", 2, "holes"), 12);
  assertEquals(r.read("25 000", 2, "annual_dues"), 25000);
  assertEquals(r.reading(), { decimal: null, from: null });
  assertEquals(r.read("1.250,50", 3, "annual_dues"), 1250.5);
  assertEquals(r.reading(), {
    decimal: "comma",
    from: "file",
    line: 3,
    column: "annual_dues",
    value: "1.250,50",
  });
  assertEquals(r.read("4,5", 4, "google_rating"), 4.5);
  assertEquals(
    r.read("4.5", 5, "google_rating"),
    'the number has a decimal point, but the file\'s numbers have a decimal comma (line 3, column annual_dues: "1.250,50"), and one rule reads a file: correct one of them, or name the rule with --decimal comma or --decimal point',
  );
  assertEquals(r.reading().line, 3);
});

Deno.test("under --decimal or a , delimiter, a number of the other rule names the flag that reads it", () => {
  assertMatch(
    String(new NumberReader("point", ";").read("4,5", 2, "google_rating")),
    /^the number has a decimal comma, but --decimal point reads .*: import the file with --decimal comma/,
  );
  assertMatch(
    String(new NumberReader("comma", ";").read("4.5", 2, "google_rating")),
    /import the file with --decimal point/,
  );
  assertMatch(
    String(new NumberReader(null, ",").read("4,5", 2, "google_rating")),
    /separated by ',' are read with a decimal point: .* import it with --decimal comma$/,
  );
  assertEquals(new NumberReader("comma", ";").reading(), { decimal: "comma", from: "flag" });
  assertEquals(new NumberReader("comma", null).reading(), { decimal: "point", from: "json" });
  // Not a number at all: the caller states the field's rule.
  assertEquals(new NumberReader(null, ";").read("x", 2, "holes"), null);
});

Deno.test("docs/data.md names the number fields of the schema, and both rules", async () => {
  const doc = await Deno.readTextFile(new URL("../../../../docs/data.md", import.meta.url));
  const listed = /The number fields are those of the Club schema \(([^)]*)\)/.exec(
    doc.replace(/\s+/g, " "),
  );
  assert(listed, "the sentence listing the number fields");
  assertEquals(
    listed[1]!.split(", ").map((f) => f.replaceAll("`", "")),
    numberFields().map((f) => f.field),
  );
  for (const d of DECIMALS) assert(doc.includes(`| \`${d}\` |`), d);
});
