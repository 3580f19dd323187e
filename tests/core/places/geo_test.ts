import { iso31661 } from "iso-3166";
import {
  countryName,
  NORTH_AMERICA,
  resolveCountry,
  resolveSubdivision,
  subdivisionName,
  subdivisionsOf,
} from "../../../core/places/geo.ts";
import {
  assert,
  assertEquals,
  assertNotStrictEquals,
  assertStrictEquals,
  assertThrows,
} from "../../_assert.ts";

// US outlying areas are ISO subdivisions of US too, but not states.
const US_OUTLYING = ["US-AS", "US-GU", "US-MP", "US-PR", "US-UM", "US-VI"];
const usStates = () => subdivisionsOf("US").filter((s) => !US_OUTLYING.includes(s.code));

Deno.test("resolveCountry() accepts GB, GBR, UK and United Kingdom", () => {
  for (const s of ["United Kingdom", "GB", "GBR", "UK", "gb", "Britain"]) {
    assertStrictEquals(resolveCountry(s), "GB", s);
  }
  assertStrictEquals(resolveCountry("Great Britain"), "GB");
});

Deno.test("resolveCountry() accepts USA, us and United States of America", () => {
  for (
    const s of [
      "USA",
      "United States of America",
      "us",
      "usa",
      "U.S.A.",
      "United States",
      "  united   states ",
    ]
  ) {
    assertStrictEquals(resolveCountry(s), "US", s);
  }
});

Deno.test("resolveCountry() ignores case and accents", () => {
  for (const s of ["Côte d'Ivoire", "cote d'ivoire", "COTE D IVOIRE"]) {
    assertStrictEquals(resolveCountry(s), "CI", s);
  }
  assertStrictEquals(resolveCountry("Ivory Coast"), "CI");
  assertStrictEquals(resolveCountry("Türkiye"), "TR");
  assertStrictEquals(resolveCountry("turkiye"), "TR");
  assertStrictEquals(resolveCountry("Turkey"), "TR");
});

Deno.test("resolveCountry() knows common English names and aliases", () => {
  const cases: [string, string][] = [
    ["Holland", "NL"],
    ["The Netherlands", "NL"],
    ["South Korea", "KR"],
    ["North Korea", "KP"],
    ["Russia", "RU"],
    ["Russian Federation", "RU"],
    ["Czechia", "CZ"],
    ["Czech Republic", "CZ"],
    ["Vietnam", "VN"],
    ["Viet Nam", "VN"],
    ["Laos", "LA"],
    ["Bolivia", "BO"],
    ["Cabo Verde", "CV"],
    ["Trinidad & Tobago", "TT"],
    ["the Gambia", "GM"],
    ["Congo", "CG"], // ISO's own short name for CG
    ["DR Congo", "CD"],
  ];
  for (const [input, code] of cases) {
    assertStrictEquals(resolveCountry(input), code, input);
  }
});

Deno.test("resolveCountry() returns null for unknown or ambiguous input", () => {
  for (
    const s of ["all", "", "   ", "Atlantis", "XX", "ZZZ", "England", "Korea"]
  ) {
    assertStrictEquals(resolveCountry(s), null, s);
  }
});

Deno.test("resolveCountry() round-trips every ISO code and display name", () => {
  assertStrictEquals(iso31661.length, 249);
  for (const { alpha2, alpha3, name } of iso31661) {
    assertStrictEquals(resolveCountry(alpha2.toLowerCase()), alpha2);
    assertStrictEquals(resolveCountry(alpha3), alpha2, alpha3);
    assertStrictEquals(resolveCountry(name), alpha2, name);
    assertStrictEquals(resolveCountry(countryName(alpha2)), alpha2, alpha2);
  }
  assertStrictEquals(resolveCountry("Kosovo"), "XK"); // in i18n-iso-countries only
});

Deno.test("countryName() gives short common English names", () => {
  const cases: [string, string][] = [
    ["US", "United States"],
    ["GB", "United Kingdom"],
    ["CA", "Canada"],
    ["KR", "South Korea"],
    ["RU", "Russia"],
    ["CZ", "Czechia"],
    ["VN", "Vietnam"],
    ["NL", "Netherlands"],
    ["CI", "Côte d'Ivoire"],
    ["IR", "Iran"],
    ["CG", "Republic of the Congo"],
    ["cn", "China"],
  ];
  for (const [code, name] of cases) assertStrictEquals(countryName(code), name);
});

Deno.test("countryName() throws RangeError for unknown codes", () => {
  for (const s of ["ZZ", "", "USA", "UK"]) {
    assertThrows(() => countryName(s), RangeError, s);
  }
});

Deno.test("resolveSubdivision() accepts FL, Florida, florida and US-FL", () => {
  for (const s of ["FL", "fl", "Florida", "florida", "FLORIDA", "US-FL"]) {
    assertStrictEquals(resolveSubdivision(s, NORTH_AMERICA), "US-FL", s);
  }
  assertStrictEquals(resolveSubdivision("us-fl", ["us"]), "US-FL");
});

Deno.test("resolveSubdivision() finds Canadian provinces", () => {
  assertStrictEquals(resolveSubdivision("ON", NORTH_AMERICA), "CA-ON");
  assertStrictEquals(resolveSubdivision("Ontario", NORTH_AMERICA), "CA-ON");
  assertStrictEquals(resolveSubdivision("Québec", NORTH_AMERICA), "CA-QC");
  assertStrictEquals(resolveSubdivision("Quebec", NORTH_AMERICA), "CA-QC");
  assertStrictEquals(resolveSubdivision("qc", ["CA"]), "CA-QC");
  assertStrictEquals(resolveSubdivision("Yukon", NORTH_AMERICA), "CA-YT");
});

Deno.test("resolveSubdivision() treats & as and and ignores a leading the", () => {
  for (
    const s of ["Newfoundland & Labrador", "newfoundland and labrador", "NL"]
  ) {
    assertStrictEquals(resolveSubdivision(s, ["CA"]), "CA-NL", s);
  }
  assertStrictEquals(resolveSubdivision("The Yukon", ["CA"]), "CA-YT");
  assertStrictEquals(resolveSubdivision("Vale of Glamorgan", ["GB"]), "GB-VGL");
});

Deno.test("resolveSubdivision() finds NSW in Australia", () => {
  for (const s of ["NSW", "nsw", "New South Wales", "AU-NSW"]) {
    assertStrictEquals(resolveSubdivision(s, ["AU"]), "AU-NSW", s);
  }
});

Deno.test("resolveSubdivision() matches Zürich and Zurich", () => {
  assertStrictEquals(resolveSubdivision("Zürich", ["CH"]), "CH-ZH");
  assertStrictEquals(resolveSubdivision("Zurich", ["CH"]), "CH-ZH");
  assertStrictEquals(resolveSubdivision("Geneva", ["CH"]), "CH-GE");
  assertStrictEquals(resolveSubdivision("Genève", ["CH"]), "CH-GE");
});

Deno.test("resolveSubdivision() knows English exonyms", () => {
  const cases: [string, string, string][] = [
    ["Bavaria", "DE", "DE-BY"],
    ["Bayern", "DE", "DE-BY"],
    ["North Rhine-Westphalia", "DE", "DE-NW"],
    ["Tuscany", "IT", "IT-52"],
    ["Catalonia", "ES", "ES-CT"],
    ["Mexico City", "MX", "MX-CMX"],
    ["Inner Mongolia", "CN", "CN-NM"],
    ["Guangdong", "CN", "CN-GD"], // "Guangdong Sheng" in iso-3166
  ];
  for (const [input, country, code] of cases) {
    assertStrictEquals(resolveSubdivision(input, [country]), code, input);
  }
  assertStrictEquals(subdivisionName("DE-BY"), "Bavaria");
});

Deno.test("resolveSubdivision() prefers top-level, then the first country", () => {
  // ES-M (province "Madrid") sits under ES-MD ("Madrid, Comunidad de").
  assertStrictEquals(resolveSubdivision("Madrid", ["ES"]), "ES-MD");
  assertStrictEquals(resolveSubdivision("ES-M", ["ES"]), "ES-M");
  assertStrictEquals(resolveSubdivision("NT", ["AU", "CA"]), "AU-NT");
  assertStrictEquals(resolveSubdivision("NT", ["CA", "AU"]), "CA-NT");
  assertStrictEquals(resolveSubdivision("Limburg", ["NL", "BE"]), "NL-LI");
  assertStrictEquals(resolveSubdivision("Limburg", ["BE", "NL"]), "BE-VLI");
  assertStrictEquals(resolveSubdivision("Paris", ["FR"]), "FR-75C");
});

Deno.test("resolveSubdivision() only searches the given countries", () => {
  assertStrictEquals(resolveSubdivision("Florida", ["CA"]), null);
  assertStrictEquals(resolveSubdivision("US-FL", ["CA"]), null);
  assertStrictEquals(resolveSubdivision("Florida", []), null);
  assertStrictEquals(resolveSubdivision("Bavaria", NORTH_AMERICA), null);
  assertStrictEquals(resolveSubdivision("Narnia", NORTH_AMERICA), null);
  assertStrictEquals(resolveSubdivision("", NORTH_AMERICA), null);
});

Deno.test("all 50 US states, DC and 13 Canadian provinces round-trip", () => {
  const states = usStates();
  const provinces = subdivisionsOf("CA");
  assertStrictEquals(states.length, 51);
  assertStrictEquals(provinces.length, 13);
  for (const { code, name } of [...states, ...provinces]) {
    assertStrictEquals(resolveSubdivision(name, NORTH_AMERICA), code, name);
    assertStrictEquals(resolveSubdivision(name.toUpperCase(), NORTH_AMERICA), code);
    assertStrictEquals(resolveSubdivision(code.slice(3), NORTH_AMERICA), code);
    assertStrictEquals(resolveSubdivision(code, NORTH_AMERICA), code);
    assertStrictEquals(subdivisionName(code), name);
  }
  assertStrictEquals(subdivisionName("US-DC"), "District of Columbia");
  assertStrictEquals(resolveSubdivision("DC", NORTH_AMERICA), "US-DC");
});

Deno.test("US and Canadian subdivision codes never collide", () => {
  const suffixes = (c: string) => subdivisionsOf(c).map((s) => s.code.slice(3));
  const us = new Set(suffixes("US"));
  assertEquals(suffixes("CA").filter((s) => us.has(s)), []);
  const usNames = new Set(usStates().map((s) => s.name));
  assert(subdivisionsOf("CA").every((s) => !usNames.has(s.name)));
});

Deno.test("subdivisionName() throws RangeError for unknown codes", () => {
  for (const s of ["US-XX", "FL", "", "ZZ-01"]) {
    assertThrows(() => subdivisionName(s), RangeError, s);
  }
  assertStrictEquals(subdivisionName("us-fl"), "Florida");
});

Deno.test("subdivisionsOf() lists top-level subdivisions first", () => {
  const fr = subdivisionsOf("FR");
  const firstNested = fr.findIndex((s) => s.parent !== "FR");
  assert(firstNested > 0);
  assert(fr.slice(firstNested).every((s) => s.parent !== "FR"));
  assertEquals(subdivisionsOf("ca")[0], {
    code: "CA-AB",
    name: "Alberta",
    parent: "CA",
  });
  assertEquals(subdivisionsOf("ZZ"), []);
  assertEquals(subdivisionsOf("AQ"), []);
});

Deno.test("subdivisionsOf() returns copies that callers may change", () => {
  const first = subdivisionsOf("US")[0];
  assert(first);
  first.name = "Changed";
  subdivisionsOf("US").length = 0;
  assertNotStrictEquals(subdivisionsOf("US")[0]?.name, "Changed");
  assertStrictEquals(subdivisionsOf("US").length, 57);
});

Deno.test("NORTH_AMERICA is US then CA and cannot be changed", () => {
  assertEquals(NORTH_AMERICA, ["US", "CA"]);
  assert(Object.isFrozen(NORTH_AMERICA));
});

Deno.test("resolvers never throw on odd input", () => {
  const pieces = [
    "",
    " ",
    "&",
    ".",
    "-",
    "the ",
    "The",
    "__proto__",
    "constructor",
    "toString",
    "ß",
    "é",
    "\u0301",
    "\u200b",
    "🏌️",
    "漢字",
    "US-",
    "-FL",
    "%",
    "\\",
    "'",
    "\n",
    "\t",
    "null",
    "undefined",
    "0",
    "99",
    "Ω",
  ];
  let seed = 42; // fixed LCG so the 200 strings are the same every run
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < 200; i++) {
    const parts = Array.from(
      { length: next() % 5 },
      () => pieces[next() % pieces.length],
    );
    const input = parts.join(next() % 2 ? "" : " ");
    const country = resolveCountry(input);
    assert(country === null || /^[A-Z]{2}$/.test(country), input);
    const sub = resolveSubdivision(input, ["US", "CA", "GB", input]);
    assert(sub === null || /^[A-Z]{2}-[A-Z0-9]+$/.test(sub), input);
  }
});

Deno.test("resolveCountry() registers English country names only, not the package's 78 languages", async () => {
  assertStrictEquals(resolveCountry("France"), "FR");
  const { default: countries } = await import("i18n-iso-countries/index.js");
  assertEquals(countries.langs(), ["en"]);
});
