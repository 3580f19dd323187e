/**
 * The ECB's euro reference rates as published (tests/fixtures/rates/: the
 * shapes of eurofxref.csv, eurofxref-daily.xml, eurofxref.zip made by
 * Python's zipfile, and a short eurofxref-hist.csv), read alike and as the
 * long format reads the same rates; hostile XML and zip archives, made here,
 * refused in bounded memory.
 */
import { fileURLToPath } from "node:url";
import {
  MAX_RATES_BYTES,
  parseRatesText,
  RatesFileError,
  readRatesFile,
} from "../../../core/rates/mod.ts";
import { crc32, MAX_ZIP_ENTRIES } from "../../../core/rates/zip.ts";
import { assert, assertEquals } from "../../_assert.ts";
import { BUNDLED_RATES_CSV } from "../../_fixture.ts";

const FIXTURES = fileURLToPath(new URL("../../fixtures/rates/", import.meta.url));

/** The {@link RatesFileError} reading `path` throws. */
async function fileError(path: string): Promise<RatesFileError> {
  try {
    await readRatesFile(path);
  } catch (e) {
    if (e instanceof RatesFileError) return e;
    throw e;
  }
  throw new Error(`${path} was read`);
}

/** The ECB's currencies, in its order. */
const ECB_CODES =
  "USD JPY BGN CZK DKK GBP HUF PLN RON SEK CHF ISK NOK TRY AUD BRL CAD CNY HKD IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR"
    .split(" ");

Deno.test("the ECB's eurofxref.csv, eurofxref-daily.xml and eurofxref.zip read as the same day's rates, EUR added, as the long format reads them", async () => {
  const long = await readRatesFile(BUNDLED_RATES_CSV);
  assert(long.ok);
  assertEquals(long.value.format, "rates-csv");
  const expected = new Map([
    ["EUR", 1],
    ...ECB_CODES.map((c) => [c, long.value.rates.get(c)!] as const),
  ]);
  for (
    const [file, format, source] of [
      ["eurofxref.csv", "ecb-csv", "eurofxref.csv"],
      ["eurofxref-daily.xml", "ecb-xml", "European Central Bank"],
      ["eurofxref.zip", "ecb-zip-csv", "eurofxref.zip"],
    ] as const
  ) {
    const r = await readRatesFile(`${FIXTURES}${file}`);
    assert(r.ok, `${file}: ${JSON.stringify(!r.ok && r.errors)}`);
    assertEquals([r.value.date, r.value.format, r.value.source], ["2025-01-15", format, source]);
    assertEquals(new Map([...r.value.rates].sort()), new Map([...expected].sort()), file);
  }
});

Deno.test("the ECB's history (eurofxref-hist.csv, N/A cells) is refused with one clear error naming the daily files", async () => {
  const r = await readRatesFile(`${FIXTURES}eurofxref-hist.csv`);
  assert(!r.ok);
  assertEquals(r.errors.length, 1);
  assertEquals([r.errors[0]!.line, r.errors[0]!.column, r.errors[0]!.value], [
    3,
    "Date",
    "2025-01-14",
  ]);
  assert(
    /holds 3 days: .*eurofxref-hist.*eurofxref\.csv, eurofxref-daily\.xml or eurofxref\.zip/.test(
      r.errors[0]!.message,
    ),
  );
  // A history too large for a rates file is refused by size, with the same hint.
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/eurofxref-hist.csv`;
    await Deno.writeTextFile(path, `Date,USD,JPY,\n${"2025-01-15,1.0298,161.76,\n".repeat(4000)}`);
    const e = await fileError(path);
    assert(/larger than 64 KiB.*eurofxref-hist/.test(e.message), e.message);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** The errors of a rates text, as `line column: message`. */
function errors(text: string, name = "eurofxref.csv"): string[] {
  const r = parseRatesText(text, name);
  assert(!r.ok, `expected errors, read ${JSON.stringify(r.ok && [...r.value.rates])}`);
  return r.errors.map((e) => `${e.line} ${e.column}: ${e.message}`);
}

Deno.test("the ECB's CSV is checked as the long format is: codes, rates, the day, the fields, N/A", () => {
  assertEquals(
    errors("Date, USD, usd, XYZ, JPY, GBP, \n32 January 2025, 0, 1.1, 2, abc, N/A, \n"),
    [
      '1 header: currency codes are written in capitals: "USD"',
      "1 header: not a current ISO 4217 currency code",
      "2 Date: the date must be a day written like 15 January 2025",
      "2 USD: the rate must be a number greater than 0",
      "2 JPY: the rate must be a number (units of the currency per 1 EUR, such as 1.0298)",
      "2 GBP: no rate for GBP that day (\"N/A\"): a rates file holds one day's rates (the ECB's eurofxref-hist holds every day since 1999: give the latest day's file, eurofxref.csv, eurofxref-daily.xml or eurofxref.zip)",
    ],
  );
  assertEquals(errors("Date, USD, JPY, \n15 January 2025, 1.0298, \n"), [
    "2 row: the row has 2 fields, the header 3",
  ]);
  assertEquals(errors("Date, USD, \n"), ["1 row: the file has a header but no rates"]);
  // An EUR column, if any, is the base as in the long format.
  assertEquals(errors("Date, EUR, USD, \n15 January 2025, 2, 1.03, \n"), [
    "2 EUR: EUR is the base: its rate is 1",
  ]);
  const r = parseRatesText("Date,USD\r\n3 March 2025,1.05\r\n", "x.csv");
  assert(r.ok && r.value.date === "2025-03-03" && r.value.rates.get("EUR") === 1);
});

const XML_HEAD =
  `<?xml version="1.0" encoding="UTF-8"?>\n<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n`;

Deno.test("hostile or broken XML is refused by a strict scanner: no entity is expanded, no DOCTYPE read", () => {
  // A billion laughs: refused at its DOCTYPE, in a few microseconds, nothing expanded.
  const laughs =
    `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n` +
    `<gesmes:Envelope><Cube><Cube time='2025-01-15'><Cube currency='USD' rate='&lol2;'/></Cube></Cube></gesmes:Envelope>`;
  assertEquals(errors(laughs, "x.xml"), [
    "2 xml: the XML holds a document type, entity declaration or CDATA section, which the ECB's file never has: refused (nothing is expanded)",
  ]);
  assertEquals(
    errors(
      `${XML_HEAD}<Cube><Cube time='2025-01-15'><Cube currency='USD' rate='&x;'/></Cube></Cube></gesmes:Envelope>`,
      "x.xml",
    ),
    [`3 xml: the XML holds an "&" that is not one of XML's five entities`],
  );
  assertEquals(
    errors(
      `${XML_HEAD}<Cube><Cube time='2025-01-15'>\n<Cube currency='USD' rate='1.03'/>`,
      "x.xml",
    ),
    [
      "3 xml: <Cube> is never closed: the file is cut short",
    ],
  );
  assertEquals(
    errors(
      `${XML_HEAD}<Cube><Cube time='2025-01-15'><Cube currency='USD' rate='1.03'/></Cube>\n<Cube time='2025-01-14'><Cube currency='USD' rate='1.02'/></Cube></Cube></gesmes:Envelope>`,
      "x.xml",
    )[0],
    "4 time: a second day: a rates file holds one day's rates (the ECB's eurofxref-hist holds every day since 1999: give the latest day's file, eurofxref.csv, eurofxref-daily.xml or eurofxref.zip)",
  );
  assertEquals(
    errors(
      `${XML_HEAD}<Cube><Cube time='2025-01-15'><Cube currency='USD' rate='-1'/><Cube currency='XYZ' rate='2'/></Cube></Cube></gesmes:Envelope>`,
      "x.xml",
    ),
    [
      "3 rate: the rate must be a number greater than 0",
      "3 currency: not a current ISO 4217 currency code",
    ],
  );
  assertEquals(errors(`<html><body>rates</body></html>`, "x.xml"), [
    "1 xml: the root must be the ECB's <gesmes:Envelope>",
  ]);
  assertEquals(errors(`<gesmes:Envelope><a></b></gesmes:Envelope>`, "x.xml"), [
    "1 xml: </b> closes no open <b>",
  ]);
  // Entities XML defines are read, and the rates of a well-formed file kept.
  const ok = parseRatesText(
    `${XML_HEAD}<gesmes:Sender><gesmes:name>European Central Bank &amp; co</gesmes:name></gesmes:Sender><Cube><Cube time="2025-01-15"><Cube currency="USD" rate="1.0298"/></Cube></Cube></gesmes:Envelope>`,
    "x.xml",
  );
  assert(
    ok.ok && ok.value.source === "European Central Bank & co" &&
      ok.value.rates.get("USD") === 1.0298,
  );
});

/** A zip entry to write: its name, its bytes, deflated or stored, with fields to falsify. */
interface ZipEntry {
  name: string;
  data: Uint8Array;
  deflate?: boolean;
  declaredSize?: number;
  crc?: number;
  flags?: number;
}

async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await new Response(
      ReadableStream.from([data]).pipeThrough(
        new CompressionStream("deflate-raw") as unknown as TransformStream<Uint8Array, Uint8Array>,
      ),
    ).arrayBuffer(),
  );
}

/** A zip archive of `entries`, written by the format's own layout (local headers, central directory, end). */
async function zip(entries: ZipEntry[]): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = new TextEncoder().encode(e.name);
    const body = e.deflate === false ? e.data : await deflateRaw(e.data);
    const crc = e.crc ?? crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const method = e.deflate === false ? 0 : 8;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, e.flags ?? 0, true);
    local.setUint16(8, method, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, body.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    const head = new DataView(new ArrayBuffer(46));
    head.setUint32(0, 0x02014b50, true);
    head.setUint16(4, 20, true);
    head.setUint16(6, 20, true);
    head.setUint16(8, e.flags ?? 0, true);
    head.setUint16(10, method, true);
    head.setUint32(16, crc, true);
    head.setUint32(20, body.length, true);
    head.setUint32(24, size, true);
    head.setUint16(28, name.length, true);
    head.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, body);
    central.push(new Uint8Array(head.buffer), name);
    offset += 30 + name.length + body.length;
  }
  const centralSize = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

Deno.test("hostile zip archives made here are refused, bounded: a bomb, many entries, unsafe names, encryption, a bad CRC, several files, a cut", async () => {
  const csv = await Deno.readFile(`${FIXTURES}eurofxref.csv`);
  const dir = await Deno.makeTempDir();
  const refused = async (bytes: Uint8Array, message: RegExp) => {
    const path = `${dir}/eurofxref.zip`;
    await Deno.writeFile(path, bytes);
    const e = await fileError(path);
    assert(message.test(e.message), e.message);
    assert(e.message.includes("is a zip archive") || /larger than/.test(e.message), e.message);
  };
  try {
    // Our writer's archive of the fixture reads as Python's does.
    await Deno.writeFile(`${dir}/ours.zip`, await zip([{ name: "eurofxref.csv", data: csv }]));
    const ours = await readRatesFile(`${dir}/ours.zip`);
    assert(ours.ok && ours.value.format === "ecb-zip-csv" && ours.value.rates.size === 31);
    // 64 MiB of zeros that claims to be 418 bytes: decompression stops past 64 KiB.
    const zeros = new Uint8Array(64 << 20);
    const bomb = await zip([{ name: "eurofxref.csv", data: zeros, declaredSize: 418, crc: 0 }]);
    assert(bomb.length < MAX_RATES_BYTES, `a bomb of ${bomb.length} bytes`);
    await refused(bomb, /eurofxref\.csv expands past 64 KiB, the most read \(a zip bomb/);
    // The same bomb, honest about its size, is refused before decompressing.
    await refused(
      await zip([{ name: "eurofxref.csv", data: zeros }]),
      /eurofxref\.csv is 67108864 bytes once decompressed, more than the 64 KiB read/,
    );
    const many = Array.from(
      { length: MAX_ZIP_ENTRIES + 1 },
      (_, i) => ({ name: `f${i}.txt`, data: csv }),
    );
    await refused(await zip(many), /lists 17 files, more than 16/);
    for (
      const name of [
        "../eurofxref.csv",
        "/etc/eurofxref.csv",
        "C:eurofxref.csv",
        "a/../../x.csv",
        "e\u0001.csv",
      ]
    ) {
      await refused(
        await zip([{ name, data: csv }]),
        /in it has (a "\.\."|an absolute path|control characters)/,
      );
    }
    await refused(
      await zip([{ name: "eurofxref.csv", data: csv, flags: 1 }]),
      /eurofxref\.csv is encrypted/,
    );
    await refused(
      await zip([{ name: "eurofxref.csv", data: csv, crc: 1 }]),
      /corrupt \(its size or CRC-32/,
    );
    await refused(
      await zip([{ name: "a.csv", data: csv }, { name: "b.xml", data: csv }]),
      /holds 2 rates files \(a\.csv, b\.xml\)/,
    );
    await refused(await zip([{ name: "readme.txt", data: csv }]), /holds no \.csv or \.xml file/);
    const whole = await zip([{ name: "eurofxref.csv", data: csv }]);
    await refused(whole.subarray(0, whole.length - 10), /no end of central directory/);
    // A stored (not deflated) entry is read too.
    await Deno.writeFile(
      `${dir}/stored.zip`,
      await zip([{ name: "x/eurofxref.csv", data: csv, deflate: false }]),
    );
    assert((await readRatesFile(`${dir}/stored.zip`)).ok);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
