import {
  isCurrencyCode,
  MAX_RATES_BYTES,
  parseRates,
  RatesFileError,
  readRatesFile,
} from "../../../core/rates/mod.ts";
import { assert, assertEquals, assertRejects, assertStrictEquals } from "../../_assert.ts";
import { BUNDLED_RATES_CSV } from "../../_fixture.ts";

const HEAD = "date,currency,rate";

/** The errors of a rates text, as `line column: message`. */
function errors(text: string): string[] {
  const r = parseRates(text, "rates.csv");
  assert(!r.ok, "expected errors");
  return r.errors.map((e) => `${e.line} ${e.column}: ${e.message}`);
}

Deno.test("a rates file gives one day's rates per 1 EUR, its source from its # source: line, else its name", () => {
  const r = parseRates(
    `\uFEFF# source: the test's own rates\r\n${HEAD}\r\n2025-01-15,EUR,1\r\n\r\n"2025-01-15", USD ,1.0298\r\n2025-01-15,JPY,1.6176e2\n`,
    "dir/rates.csv",
  );
  assert(r.ok);
  assertStrictEquals(r.value.date, "2025-01-15");
  assertStrictEquals(r.value.source, "the test's own rates");
  assertEquals([...r.value.rates], [["EUR", 1], ["USD", 1.0298], ["JPY", 161.76]]);
  const named = parseRates(`${HEAD}\n2025-01-15,EUR,1\n`, "/srv/ecb-2025-01-15.csv");
  assert(named.ok);
  assertStrictEquals(named.value.source, "ecb-2025-01-15.csv");
});

Deno.test("unknown codes, bad or non-positive rates, duplicates and mixed dates are errors naming their line", () => {
  assertEquals(
    errors(
      `${HEAD}\n2025-01-15,EUR,1\n2025-01-15,XYZ,2\n2025-01-15,usd,1.1\n2025-01-15,GBP,0\n` +
        `2025-01-15,CHF,-0.9\n2025-01-15,CAD,abc\n2025-01-14,AUD,1.6\n2025-01-15,EUR,1\n` +
        `2025-02-30,NZD,1.8\n2025-01-15,SEK\n2025-01-15,NOK,Infinity\n`,
    ),
    [
      "3 currency: not a current ISO 4217 currency code",
      '4 currency: currency codes are written in capitals: "USD"',
      "5 rate: the rate must be a number greater than 0",
      "6 rate: the rate must be a number greater than 0",
      "7 rate: the rate must be a number (units of the currency per 1 EUR, such as 1.0298)",
      "8 date: the date differs from 2025-01-15 on line 2: a rates file holds one day's rates",
      "9 currency: EUR is listed twice: already on line 2",
      "10 date: the date must be a day written YYYY-MM-DD",
      "11 row: a row has 3 fields (date,currency,rate), this one has 2",
      "12 rate: the rate must be a number (units of the currency per 1 EUR, such as 1.0298)",
    ],
  );
});

Deno.test("the EUR base must be there with the rate 1, under the right header", () => {
  assertEquals(errors(`${HEAD}\n2025-01-15,USD,1.03\n`), [
    "1 currency: no EUR row: the rates are per 1 EUR, so the file lists EUR with the rate 1",
  ]);
  assertEquals(errors(`${HEAD}\n2025-01-15,EUR,1.5\n`), ["2 rate: EUR is the base: its rate is 1"]);
  assertEquals(errors(`Date,Currency,Rate\n`), ["1 row: the file has a header but no rates"]);
  assertEquals(errors(`# only a comment\n\n`), [
    '3 header: the file is empty: it needs the header "date,currency,rate" and rows',
  ]);
  assertEquals(errors(`Date,USD,JPY\n15 January 2025,1.03,161\n2025-01-15,EUR,1\n`), [
    '1 header: the header must be "date,currency,rate" (rates per 1 EUR)',
    "2 date: the date must be a day written YYYY-MM-DD",
    "2 currency: not a current ISO 4217 currency code",
  ]);
  assertEquals(errors(`# source: a\n# source: b\n${HEAD}\n2025-01-15,EUR,1\n`), [
    "2 source: the file names its source twice",
  ]);
});

Deno.test("a rates file past its size limit, missing or not UTF-8 cannot be read", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const big = `${dir}/big.csv`;
    await Deno.writeTextFile(
      big,
      `${HEAD}\n` + "2025-01-15,EUR,1\n".repeat(Math.ceil(MAX_RATES_BYTES / 17) + 1),
    );
    await assertRejects(() => readRatesFile(big), (e: Error) => {
      assert(e instanceof RatesFileError);
      assert(e.message.includes("is larger than 64 KiB"), e.message);
      return true;
    });
    await assertRejects(() => readRatesFile(`${dir}/none.csv`), RatesFileError);
    await Deno.writeFile(`${dir}/latin1.csv`, new Uint8Array([0x64, 0xe9, 0x0a]));
    await assertRejects(() => readRatesFile(`${dir}/latin1.csv`), /is not UTF-8 text/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the bundled rates are valid, dated, sourced, and cover the bundled clubs' currencies and the common ones", async () => {
  const r = await readRatesFile(BUNDLED_RATES_CSV);
  assert(r.ok, JSON.stringify(!r.ok && r.errors));
  assertStrictEquals(r.value.source, "sample rates for the bundled, generated directory");
  assert(/^\d{4}-\d{2}-\d{2}$/.test(r.value.date));
  // Every club of the bundled snapshot is in USD (data/generator/record.ts).
  const generator = await Deno.readTextFile(
    new URL("../../../data/generator/record.ts", import.meta.url),
  );
  const used = [...generator.matchAll(/currency: "([A-Z]{3})"/g)].map((m) => m[1]!);
  assert(used.length > 0);
  for (const code of [...used, "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD"]) {
    assert(r.value.rates.has(code), code);
  }
  for (const code of r.value.rates.keys()) assert(isCurrencyCode(code), code);
});
