import { DEFAULT_LIMIT, MAX_LIMIT, parseSearch } from "../../../core/search/query.ts";
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
