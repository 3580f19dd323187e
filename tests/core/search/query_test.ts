import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MCP_SEARCH_DEFAULTS,
  parseSearch,
} from "../../../core/search/query.ts";
import {
  controlCharacter,
  RELEVANCE_NEEDS_Q,
  SEARCH_PARAMS,
  SEARCH_PROBLEM_CODES,
  TEXT_PARAMS,
} from "../../../core/model/search_params.ts";
import { PROBLEMS } from "../../../core/model/problems.ts";
import { assert, assertEquals } from "../../_assert.ts";

function value(raw: Parameters<typeof parseSearch>[0]) {
  const r = parseSearch(raw);
  if (!r.ok) throw new Error(`unexpected error ${r.error.detail}`);
  return r.value;
}
function error(raw: Parameters<typeof parseSearch>[0]) {
  const r = parseSearch(raw);
  if (r.ok) throw new Error("expected an error");
  return r.error;
}

Deno.test("parseSearch() defaults page 1 and limit 50", () => {
  const v = value({});
  assertEquals([v.page, v.limit], [1, DEFAULT_LIMIT]);
});

Deno.test("parseSearch() accepts leading zeros and treats empty page/limit as not sent", () => {
  assertEquals(value({ page: "01", limit: "007" }).page, 1);
  assertEquals(value({ page: "01", limit: "007" }).limit, 7);
  assertEquals(value({ page: "", limit: "" }).page, 1);
  assertEquals(value({ page: "", limit: "" }).limit, DEFAULT_LIMIT);
});

Deno.test("parseSearch() clamps limit above 200", () => {
  assertEquals(value({ limit: "500" }).limit, MAX_LIMIT);
  assertEquals(value({ limit: "99999999999999999999999" }).limit, MAX_LIMIT);
});

Deno.test("parseSearch() rejects non-integer, zero and negative page", () => {
  for (const page of ["0", "-1", "abc", "1.5", "1e3", "+1", " x", 0, -3, 1.5]) {
    const e = error({ page });
    assertEquals(e.code, "invalid_page");
    assert(e.detail.includes(String(page)), e.detail);
  }
});

Deno.test("parseSearch() rejects non-integer and zero limit", () => {
  for (const limit of ["0", "abc", "-5", "2.5", 0]) {
    assertEquals(error({ limit }).code, "invalid_limit");
  }
});

Deno.test("parseSearch() keeps huge pages finite and valid", () => {
  const v = value({ page: "99999999999999999999" });
  assertEquals(v.page, Number.MAX_SAFE_INTEGER);
});

Deno.test("parseSearch() expands by_invitation and names a bad waitlist value", () => {
  assertEquals(value({ waitlist: "by_invitation" }).waitlist, ["by_invitation", "invite_only"]);
  assertEquals(value({ waitlist: ["open", "Closed "] }).waitlist, ["open", "closed"]);
  assertEquals(value({ waitlist: "" }).waitlist, null);
  const e = error({ waitlist: "open,maybe" });
  assertEquals(e.code, "invalid_waitlist");
  assert(e.detail.includes('"maybe"') && e.detail.includes("invite_only"), e.detail);
});

Deno.test("parseSearch() reads types in any case with hyphens as underscores", () => {
  assertEquals(value({ type: "Country-Club" }).types, ["country_club"]);
  assertEquals(value({ type: "golf" }).types, ["golf", "country_club"]);
  assertEquals(value({ type: "wine" }).types, ["dining", "wine"]);
  assertEquals(value({ type: "  " }).types, null);
});

Deno.test("parseSearch() keeps places as sent and reads country=all as every country", () => {
  const v = value({ state: " FL ", country: "All" });
  assertEquals([v.state, v.country], ["FL", null]);
  assertEquals(value({ country: "GB", state: "" }).country, "GB");
  assertEquals(value({ country: "GB", state: "" }).state, null);
});

Deno.test("parseSearch() folds q and treats blank q as not sent", () => {
  assertEquals(value({ q: "  ZÜRICH  " }).q, "zurich");
  assertEquals(value({ q: "   " }).q, null);
});

Deno.test("parseSearch() rejects a text parameter longer than its limit with invalid_<name>", () => {
  for (const param of TEXT_PARAMS) {
    const max = SEARCH_PARAMS[param].maxLength;
    value({ [param]: "a".repeat(max) });
    const e = error({ [param]: "a".repeat(max + 1) });
    assertEquals([e.code, e.param], [`invalid_${param}`, param]);
    assert(e.detail.endsWith(`is longer than ${max} characters`), e.detail);
    assert(e.detail.length < 200, "the message quotes a shortened value");
  }
  // Characters, not UTF-16 units: 200 emoji are 200 characters.
  assertEquals(value({ q: "🏌".repeat(200) }).q, "🏌".repeat(200));
  assertEquals(error({ q: "x".repeat(1_000_000) }).code, "invalid_q");
});

Deno.test("parseSearch() rejects NUL and other control characters in text, quoting them escaped", () => {
  for (const q of ["abc\u0000def", "a\u001b[2Jb", "x\u007f", "x\u0085"]) {
    const e = error({ q });
    assertEquals(e.code, "invalid_q");
    assertEquals(controlCharacter(e.detail), null, e.detail);
    assert(e.detail.includes("holds a control character (U+"), e.detail);
  }
  assertEquals(error({ city: "Zu\u0000rich" }).code, "invalid_city");
  assertEquals(error({ type: "golf\u0000" }).code, "invalid_type");
  // Tabs and line breaks read as spaces.
  assertEquals(value({ q: "royal\tclub\n" }).q, "royal club");
});

Deno.test("parseSearch() reads match and sort in any case and names a bad value", () => {
  assertEquals(value({ q: "x", match: " Words " }).match, "words");
  assertEquals(value({ q: "x", match: "" }).match, "substring");
  assertEquals(value({ q: "x", sort: "RELEVANCE" }).sort, "relevance");
  const m = error({ match: "exact" });
  assertEquals([m.code, m.detail], [
    "invalid_match",
    'Match "exact" is not one of substring, words, fuzzy',
  ]);
  assertEquals(error({ sort: "newest" }).code, "invalid_sort");
});

Deno.test("parseSearch() refuses sort=relevance without q", () => {
  const e = error({ sort: "relevance" });
  assertEquals([e.code, e.detail], ["invalid_sort", RELEVANCE_NEEDS_Q]);
  assertEquals(error({ sort: "relevance", q: "  " }).code, "invalid_sort");
});

Deno.test("parseSearch() applies a surface's defaults only where nothing is sent", () => {
  assertEquals(value({ q: "royal" }).match, "substring");
  const mcp = parseSearch({ q: "royal" }, MCP_SEARCH_DEFAULTS);
  assert(mcp.ok && mcp.value.match === "words");
  const sent = parseSearch({ q: "royal", match: "fuzzy" }, MCP_SEARCH_DEFAULTS);
  assert(sent.ok && sent.value.match === "fuzzy");
  // A default relevance order only applies when there is a q to rank by.
  const noQ = parseSearch({}, { sort: "relevance" });
  assert(noQ.ok && noQ.value.sort === "name");
});

Deno.test("parseSearch() keys a city by its folded letters and digits", () => {
  assertEquals(value({ city: "  Zürich " }).city, "zurich");
  assertEquals(value({ city: "St. Louis" }).city, "st louis");
  assertEquals(value({ city: "--" }).city, null);
});

Deno.test("parseSearch() splits q into its words", () => {
  assertEquals(value({ q: "St. Andrew's  Golf-Club" }).words, [
    "st",
    "andrew",
    "s",
    "golf",
    "club",
  ]);
  assertEquals(value({ q: "!!!" }).words, []);
});

Deno.test("parseSearch() caps page, limit and waitlist lengths", () => {
  assertEquals(value({ page: "0".repeat(31) + "1" }).page, 1);
  assertEquals(error({ page: "0".repeat(32) + "1" }).code, "invalid_page");
  assertEquals(error({ limit: "1".repeat(33) }).code, "invalid_limit");
  assertEquals(error({ waitlist: "open,".repeat(41) }).code, "invalid_waitlist");
  assertEquals(error({ waitlist: Array(100).fill("open") }).code, "invalid_waitlist");
});

Deno.test("Each search problem's example detail is what parseSearch answers", () => {
  for (const code of SEARCH_PROBLEM_CODES) {
    const url = new URL(PROBLEMS[code].example, "https://clubs.example");
    const r = parseSearch(Object.fromEntries(url.searchParams));
    assert(!r.ok, code);
    assertEquals([r.error.code, r.error.detail], [code, PROBLEMS[code].exampleDetail]);
  }
});
