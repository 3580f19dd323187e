import fc from "fast-check";
import { rateKey } from "../../../server/http/rate_key.ts";
import { assert, assertNotStrictEquals, assertStrictEquals } from "../../_assert.ts";

/** Eight 16-bit groups, zeros frequent so that `::` runs appear. */
const groups = fc.array(
  fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.nat(0xffff) }),
  { minLength: 8, maxLength: 8 },
);

/** How to write an address: every freedom RFC 4291 and its readers allow. */
const spelling = fc.record({
  pads: fc.array(fc.nat(3), { minLength: 8, maxLength: 8 }),
  upper: fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }),
  /** Which run of zero groups `::` stands for (mod the number of runs, +1 for none). */
  gap: fc.nat(),
  dotted: fc.boolean(),
  bracket: fc.boolean(),
  zone: fc.boolean(),
});
type Spelling = typeof spelling extends fc.Arbitrary<infer T> ? T : never;

/** Runs of consecutive zero groups, as [start, end). */
function zeroRuns(g: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < 8; i++) {
    if (g[i] !== 0) continue;
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    for (let a = i; a < j; a++) for (let b = a + 1; b <= j; b++) runs.push([a, b]);
    i = j;
  }
  return runs;
}

/** One textual form of `g`. */
function spell(g: number[], s: Spelling): string {
  const dotted = s.dotted;
  const words = g.map((v, i) => {
    const hex = v.toString(16).padStart(Math.min(4, v.toString(16).length + s.pads[i]!), "0");
    return [...hex].map((ch, k) => s.upper[(i * 4 + k) % 32] ? ch.toUpperCase() : ch).join("");
  });
  if (dotted) {
    words.splice(6, 2, `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`);
  }
  const count = dotted ? 7 : 8;
  const runs = zeroRuns(g).filter(([, b]) => b <= (dotted ? 6 : 8));
  const pick = s.gap % (runs.length + 1);
  let text: string;
  if (pick === runs.length) {
    text = words.join(":");
  } else {
    const [a, b] = runs[pick]!;
    text = `${words.slice(0, a).join(":")}::${words.slice(b, count).join(":")}`;
  }
  if (s.zone) text += "%eth0";
  return s.bracket ? `[${text}]` : text;
}

const mapped = (g: number[]) => g.slice(0, 5).every((v) => v === 0) && g[5] === 0xffff;

Deno.test("the generated spellings are IPv6 addresses the URL parser reads as the same one", () => {
  fc.assert(
    fc.property(groups, spelling, spelling, (g, s1, s2) => {
      const plain = (s: Spelling) => ({ ...s, zone: false, bracket: false });
      const host = (s: Spelling) => new URL(`http://[${spell(g, plain(s))}]/`).hostname;
      assertStrictEquals(host(s1), host(s2));
    }),
  );
});

Deno.test("rateKey() gives every spelling of an address one key", () => {
  fc.assert(
    fc.property(groups, spelling, spelling, (g, s1, s2) => {
      assertStrictEquals(rateKey(spell(g, s1)), rateKey(spell(g, s2)), spell(g, s1));
    }),
  );
});

Deno.test("rateKey() gives the addresses of one /64 one key", () => {
  fc.assert(
    fc.property(groups, groups, spelling, spelling, (g, low, s1, s2) => {
      const other = [...g.slice(0, 4), ...low.slice(4)];
      fc.pre(!mapped(g) && !mapped(other));
      const key = rateKey(spell(g, s1));
      assertStrictEquals(rateKey(spell(other, s2)), key);
      assertStrictEquals(key, `${g.slice(0, 4).map((v) => v.toString(16)).join(":")}::/64`);
    }),
  );
});

Deno.test("rateKey() gives different /64s different keys", () => {
  fc.assert(
    fc.property(groups, groups, spelling, spelling, (a, b, s1, s2) => {
      fc.pre(a.slice(0, 4).join() !== b.slice(0, 4).join());
      assertNotStrictEquals(rateKey(spell(a, s1)), rateKey(spell(b, s2)));
    }),
  );
});

Deno.test("rateKey() counts an IPv4-mapped address as its IPv4 address", () => {
  fc.assert(
    fc.property(fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }), spelling, (v4, s) => {
      const g = [0, 0, 0, 0, 0, 0xffff, (v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
      assertStrictEquals(rateKey(spell(g, s)), v4.join("."));
    }),
  );
  assertStrictEquals(rateKey("::ffff:1.2.3.4"), "1.2.3.4");
  assertStrictEquals(rateKey("::FFFF:0102:0304"), "1.2.3.4");
});

Deno.test("rateKey() keeps IPv4 addresses and anything that is not an address as they are", () => {
  for (
    const text of [
      "203.0.113.7",
      "unknown",
      "1.2.3.4:80",
      "2001:db8::1::2",
      "2001:db8:::1",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7::8",
      "12345::1",
      "g::1",
      ":1:2:3:4:5:6:7",
      "::1.2.3.256",
      "1.2.3.4::",
      "[2001:db8::1",
    ]
  ) {
    assertStrictEquals(rateKey(text), text);
  }
});

Deno.test("rateKey() costs little per request", () => {
  const addresses = ["203.0.113.7", "2001:db8:85a3::8a2e:370:7334", "::ffff:198.51.100.4"];
  const started = performance.now();
  for (let i = 0; i < 300_000; i++) rateKey(addresses[i % 3]!);
  const perCall = (performance.now() - started) / 300_000;
  // Well under a microsecond on a busy two-core machine; the bound only
  // catches a pathological regression.
  assert(perCall < 5e-3, `${perCall * 1e3} µs per call`);
});
