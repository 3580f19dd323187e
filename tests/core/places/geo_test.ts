import assert from "node:assert/strict";
import { iso31661 } from "iso-3166";
import {
  countryName,
  NORTH_AMERICA,
  resolveCountry,
  resolveSubdivision,
  subdivisionName,
  subdivisionsOf,
} from "../../../core/places/geo.ts";

// US outlying areas are ISO subdivisions of US too, but not states.
const US_OUTLYING = ["US-AS", "US-GU", "US-MP", "US-PR", "US-UM", "US-VI"];
const usStates = () => subdivisionsOf("US").filter((s) => !US_OUTLYING.includes(s.code));

Deno.test("resolveCountry() accepts GB, GBR, UK and United Kingdom", () => {
  for (const s of ["United Kingdom", "GB", "GBR", "UK", "gb", "Britain"]) {
    assert.equal(resolveCountry(s), "GB", s);
  }
  assert.equal(resolveCountry("Great Britain"), "GB");
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
    assert.equal(resolveCountry(s), "US", s);
  }
});

Deno.test("resolveCountry() ignores case and accents", () => {
  for (const s of ["Côte d'Ivoire", "cote d'ivoire", "COTE D IVOIRE"]) {
    assert.equal(resolveCountry(s), "CI", s);
  }
  assert.equal(resolveCountry("Ivory Coast"), "CI");
  assert.equal(resolveCountry("Türkiye"), "TR");
  assert.equal(resolveCountry("turkiye"), "TR");
  assert.equal(resolveCountry("Turkey"), "TR");
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
    assert.equal(resolveCountry(input), code, input);
  }
});

Deno.test("resolveCountry() returns null for unknown or ambiguous input", () => {
  for (
    const s of ["all", "", "   ", "Atlantis", "XX", "ZZZ", "England", "Korea"]
  ) {
    assert.equal(resolveCountry(s), null, s);
  }
});

Deno.test("resolveCountry() round-trips every ISO code and display name", () => {
  assert.equal(iso31661.length, 249);
  for (const { alpha2, alpha3, name } of iso31661) {
    assert.equal(resolveCountry(alpha2.toLowerCase()), alpha2);
    assert.equal(resolveCountry(alpha3), alpha2, alpha3);
    assert.equal(resolveCountry(name), alpha2, name);
    assert.equal(resolveCountry(countryName(alpha2)), alpha2, alpha2);
  }
  assert.equal(resolveCountry("Kosovo"), "XK"); // in i18n-iso-countries only
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
  for (const [code, name] of cases) assert.equal(countryName(code), name);
});

Deno.test("countryName() throws RangeError for unknown codes", () => {
  for (const s of ["ZZ", "", "USA", "UK"]) {
    assert.throws(() => countryName(s), RangeError, s);
  }
});

Deno.test("resolveSubdivision() accepts FL, Florida, florida and US-FL", () => {
  for (const s of ["FL", "fl", "Florida", "florida", "FLORIDA", "US-FL"]) {
    assert.equal(resolveSubdivision(s, NORTH_AMERICA), "US-FL", s);
  }
  assert.equal(resolveSubdivision("us-fl", ["us"]), "US-FL");
});

Deno.test("resolveSubdivision() finds Canadian provinces", () => {
  assert.equal(resolveSubdivision("ON", NORTH_AMERICA), "CA-ON");
  assert.equal(resolveSubdivision("Ontario", NORTH_AMERICA), "CA-ON");
  assert.equal(resolveSubdivision("Québec", NORTH_AMERICA), "CA-QC");
  assert.equal(resolveSubdivision("Quebec", NORTH_AMERICA), "CA-QC");
  assert.equal(resolveSubdivision("qc", ["CA"]), "CA-QC");
  assert.equal(resolveSubdivision("Yukon", NORTH_AMERICA), "CA-YT");
});

Deno.test("resolveSubdivision() treats & as and and ignores a leading the", () => {
  for (
    const s of ["Newfoundland & Labrador", "newfoundland and labrador", "NL"]
  ) {
    assert.equal(resolveSubdivision(s, ["CA"]), "CA-NL", s);
  }
  assert.equal(resolveSubdivision("The Yukon", ["CA"]), "CA-YT");
  assert.equal(resolveSubdivision("Vale of Glamorgan", ["GB"]), "GB-VGL");
});

Deno.test("resolveSubdivision() finds NSW in Australia", () => {
  for (const s of ["NSW", "nsw", "New South Wales", "AU-NSW"]) {
    assert.equal(resolveSubdivision(s, ["AU"]), "AU-NSW", s);
  }
});

Deno.test("resolveSubdivision() matches Zürich and Zurich", () => {
  assert.equal(resolveSubdivision("Zürich", ["CH"]), "CH-ZH");
  assert.equal(resolveSubdivision("Zurich", ["CH"]), "CH-ZH");
  assert.equal(resolveSubdivision("Geneva", ["CH"]), "CH-GE");
  assert.equal(resolveSubdivision("Genève", ["CH"]), "CH-GE");
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
    assert.equal(resolveSubdivision(input, [country]), code, input);
  }
  assert.equal(subdivisionName("DE-BY"), "Bavaria");
});

Deno.test("resolveSubdivision() prefers top-level, then the first country", () => {
  // ES-M (province "Madrid") sits under ES-MD ("Madrid, Comunidad de").
  assert.equal(resolveSubdivision("Madrid", ["ES"]), "ES-MD");
  assert.equal(resolveSubdivision("ES-M", ["ES"]), "ES-M");
  assert.equal(resolveSubdivision("NT", ["AU", "CA"]), "AU-NT");
  assert.equal(resolveSubdivision("NT", ["CA", "AU"]), "CA-NT");
  assert.equal(resolveSubdivision("Limburg", ["NL", "BE"]), "NL-LI");
  assert.equal(resolveSubdivision("Limburg", ["BE", "NL"]), "BE-VLI");
  assert.equal(resolveSubdivision("Paris", ["FR"]), "FR-75C");
});

Deno.test("resolveSubdivision() only searches the given countries", () => {
  assert.equal(resolveSubdivision("Florida", ["CA"]), null);
  assert.equal(resolveSubdivision("US-FL", ["CA"]), null);
  assert.equal(resolveSubdivision("Florida", []), null);
  assert.equal(resolveSubdivision("Bavaria", NORTH_AMERICA), null);
  assert.equal(resolveSubdivision("Narnia", NORTH_AMERICA), null);
  assert.equal(resolveSubdivision("", NORTH_AMERICA), null);
});

Deno.test("all 50 US states, DC and 13 Canadian provinces round-trip", () => {
  const states = usStates();
  const provinces = subdivisionsOf("CA");
  assert.equal(states.length, 51);
  assert.equal(provinces.length, 13);
  for (const { code, name } of [...states, ...provinces]) {
    assert.equal(resolveSubdivision(name, NORTH_AMERICA), code, name);
    assert.equal(resolveSubdivision(name.toUpperCase(), NORTH_AMERICA), code);
    assert.equal(resolveSubdivision(code.slice(3), NORTH_AMERICA), code);
    assert.equal(resolveSubdivision(code, NORTH_AMERICA), code);
    assert.equal(subdivisionName(code), name);
  }
  assert.equal(subdivisionName("US-DC"), "District of Columbia");
  assert.equal(resolveSubdivision("DC", NORTH_AMERICA), "US-DC");
});

Deno.test("US and Canadian subdivision codes never collide", () => {
  const suffixes = (c: string) => subdivisionsOf(c).map((s) => s.code.slice(3));
  const us = new Set(suffixes("US"));
  assert.deepEqual(suffixes("CA").filter((s) => us.has(s)), []);
  const usNames = new Set(usStates().map((s) => s.name));
  assert.ok(subdivisionsOf("CA").every((s) => !usNames.has(s.name)));
});

Deno.test("subdivisionName() throws RangeError for unknown codes", () => {
  for (const s of ["US-XX", "FL", "", "ZZ-01"]) {
    assert.throws(() => subdivisionName(s), RangeError, s);
  }
  assert.equal(subdivisionName("us-fl"), "Florida");
});

Deno.test("subdivisionsOf() lists top-level subdivisions first", () => {
  const fr = subdivisionsOf("FR");
  const firstNested = fr.findIndex((s) => s.parent !== "FR");
  assert.ok(firstNested > 0);
  assert.ok(fr.slice(firstNested).every((s) => s.parent !== "FR"));
  assert.deepEqual(subdivisionsOf("ca")[0], {
    code: "CA-AB",
    name: "Alberta",
    parent: "CA",
  });
  assert.deepEqual(subdivisionsOf("ZZ"), []);
  assert.deepEqual(subdivisionsOf("AQ"), []);
});

Deno.test("subdivisionsOf() returns copies that callers may change", () => {
  const first = subdivisionsOf("US")[0];
  assert.ok(first);
  first.name = "Changed";
  subdivisionsOf("US").length = 0;
  assert.notEqual(subdivisionsOf("US")[0]?.name, "Changed");
  assert.equal(subdivisionsOf("US").length, 57);
});

Deno.test("NORTH_AMERICA is US then CA and cannot be changed", () => {
  assert.deepEqual(NORTH_AMERICA, ["US", "CA"]);
  assert.ok(Object.isFrozen(NORTH_AMERICA));
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
    assert.ok(country === null || /^[A-Z]{2}$/.test(country), input);
    const sub = resolveSubdivision(input, ["US", "CA", "GB", input]);
    assert.ok(sub === null || /^[A-Z]{2}-[A-Z0-9]+$/.test(sub), input);
  }
});
