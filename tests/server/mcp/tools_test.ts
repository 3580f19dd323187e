// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { assert, assertEquals, assertRejects } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { parseSearch, type RawSearch } from "../../../core/search/query.ts";
import { SEARCH_PARAMS } from "../../../core/model/search_params.ts";
import { slugOf } from "../../../server/mcp/tools/get_club.ts";
import {
  COMPACT_FIELDS,
  searchErrorText,
  TOOL_DEFAULT_LIMIT,
  TOOL_MAX_DETAIL_LIMIT,
  TOOL_MAX_LIMIT,
} from "../../../server/mcp/tools/search_clubs.ts";
import {
  BASE,
  connect,
  FEE_KEY,
  keysDeep,
  mcpApp,
  modern,
  NAME,
  openDirectory,
  post,
  toolCall,
} from "./_helpers.ts";

const fx = await sharedFixture();
const app = mcpApp(fx.directory);
// Module-level `await using` would close them before the tests run. Calls
// alternate between a 2025 client and a 2026-07-28 one: the tools must not
// care which era asks.
const clients = [await connect(app, "legacy"), await connect(app, "pinned")];
globalThis.addEventListener("unload", () => clients.forEach((c) => void c.close()));
let turn = 0;

type Club = {
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
  type: string | null;
  url: string;
};
type Page = {
  clubs: Club[];
  total: number;
  page: number;
  limit: number;
  has_more: boolean;
  next_page: number | null;
};
type Result = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** The slug at the end of a profile link. */
const slug = (c: Club) => c.url.slice(c.url.lastIndexOf("/") + 1);

/** Calls a tool (the client checks structuredContent against the outputSchema). */
async function call(name: string, args: Record<string, unknown> = {}): Promise<Result> {
  const client = clients[turn++ % clients.length]!;
  const r = await client.callTool({ name, arguments: args }) as Result;
  assertEquals(r.content.length, 1);
  assertEquals(r.content[0]!.type, "text");
  return r;
}
async function search(args: Record<string, unknown> = {}): Promise<Page> {
  const r = await call("search_clubs", args);
  assert(!r.isError, r.content[0]?.text);
  return r.structuredContent as unknown as Page;
}
/** The text of a tool error (which has no structuredContent). */
async function toolError(name: string, args: Record<string, unknown>): Promise<string> {
  const r = await call(name, args);
  assertEquals(r.isError, true);
  assertEquals(r.structuredContent, undefined);
  return r.content[0]!.text;
}
/** What the search core says about the same arguments. */
function searchError(raw: RawSearch) {
  const r = parseSearch(raw);
  if (r.ok) throw new Error("expected a search error");
  return r.error;
}

Deno.test("search_clubs filters like the REST search and links each club's profile", async () => {
  const page = await search({ state: "FL" });
  assertEquals(page.total, 3);
  assertEquals(page.clubs.map(slug), ["club-havana", "riverside-tampa", "seminole"]);
  for (const c of page.clubs) assertEquals(c.url, `${BASE}/clubs/${slug(c)}`);
  assertEquals([page.page, page.limit, page.has_more, page.next_page], [1, 10, false, null]);

  assertEquals((await search({ state: "Florida" })).total, 3);
  assertEquals(slug((await search({ country: "GB" })).clubs[0]!), "royal-st-georges");
  assertEquals((await search({ country: "United Kingdom" })).total, 1);
  assertEquals(slug((await search({ q: "zurich" })).clubs[0]!), "gc-zurich");
  const golf = await search({ type: "golf" });
  assert(golf.clubs.some((c) => c.type === "country_club"));
  assertEquals(golf.total, 13);
  assertEquals(slug((await search({ state: "NSW", country: "AU" })).clubs[0]!), "royal-sydney");
});

Deno.test("search_clubs rows are compact unless detail asks for full profiles", async () => {
  const compact = await search({ state: "FL" });
  for (const c of compact.clubs) assertEquals(Object.keys(c), [...COMPACT_FIELDS]);
  assertEquals(compact.clubs[2], {
    name: "Seminole Golf Club",
    city: "Juno Beach",
    state: "Florida",
    country: "United States",
    type: "golf",
    waitlist_status: "invite_only",
    url: `${BASE}/clubs/seminole`,
  });
  const full = await search({ state: "FL", detail: true });
  const profile = (await call("get_club", { slug: "seminole" })).structuredContent;
  assertEquals(full.clubs[2], profile);
  // Every compact field is in the full row, with the same value.
  const [a, b] = [
    full.clubs[2] as Record<string, unknown>,
    compact.clubs[2] as Record<string, unknown>,
  ];
  for (const f of COMPACT_FIELDS) assertEquals(a[f], b[f], f);
});

Deno.test("search_clubs text is a short summary with names, places, links and paging", async () => {
  const r = await call("search_clubs", { state: "FL" });
  const rows = (r.structuredContent as Page).clubs;
  assertEquals(
    r.content[0]!.text,
    "3 clubs match; 1-3 sorted by name.\n" +
      rows.map((c) => `- ${c.name} (${[c.city, c.state, c.country].join(", ")}) ${c.url}`).join(
        "\n",
      ),
  );
  assert(
    r.content[0]!.text.includes(
      `- Seminole Golf Club (Juno Beach, Florida, United States) ${BASE}/clubs/seminole`,
    ),
  );
  const first = await call("search_clubs", { limit: 2 });
  assert(first.content[0]!.text.startsWith("30 clubs match; 1-2 sorted by name. Next: page 2.\n"));
  const past = await call("search_clubs", { page: 9 });
  assertEquals(past.content[0]!.text, "No clubs on page 9: 30 match, so the last page is 3.");
  const none = await call("search_clubs", { q: "no such club anywhere" });
  assertEquals(none.content[0]!.text, "No club matches these arguments.");
  // One club: singular.
  const one = await call("search_clubs", { q: "seminole" });
  assert(one.content[0]!.text.startsWith("1 club matches; 1-1 sorted by name.\n"));
  // Much shorter than the data, which is in structuredContent.
  const full = await call("search_clubs", { detail: true });
  assert(full.content[0]!.text.length * 3 < JSON.stringify(full.structuredContent).length);
});

Deno.test("search_clubs matches name words in any order by default, as the search core's MCP default", async () => {
  assertEquals((await search({ q: "golf pine" })).clubs.map(slug), ["pine-valley-golf-club"]);
  // As typed, the REST default, finds nothing here.
  assertEquals((await search({ q: "golf pine", match: "substring" })).total, 0);
  assertEquals((await search({ q: "pine valley", match: "substring" })).total, 1);
});

Deno.test("search_clubs takes city and sort from the search core", async () => {
  assertEquals((await search({ city: "zurich" })).clubs.map(slug), ["gc-zurich"]);
  const byName = await search({ q: "club", match: "words" });
  const best = await search({ q: "club", match: "words", sort: "relevance" });
  assertEquals(best.total, byName.total);
  assertEquals(new Set(best.clubs.map(slug)).size, best.clubs.length);
  const text = (await call("search_clubs", { q: "riverside", sort: "relevance" })).content[0]!.text;
  assert(text.includes("best matches first"), text);
  // Rules of the core, in its words, with an MCP hint.
  assert((await toolError("search_clubs", { sort: "relevance" })).includes("needs q"));
  assert((await toolError("search_clubs", { match: "exact" })).startsWith("Invalid match"));
});

Deno.test("search_clubs with no match carries the search core's suggestions", async () => {
  const r = await call("search_clubs", { q: "royl" });
  const page = r.structuredContent as Page & {
    suggestions?: { params: Record<string, string | null>; total: number }[];
  };
  assertEquals(page.total, 0);
  assert(page.suggestions && page.suggestions.length > 0, JSON.stringify(page));
  for (const s of page.suggestions) {
    // A suggestion finds what it promises.
    const changed = Object.entries(s.params).filter(([, v]) => v !== null);
    const args = {
      ...Object.fromEntries(Object.entries({ q: "royl" }).filter(([k]) => !(k in s.params))),
      ...Object.fromEntries(changed),
    };
    assertEquals((await search(args)).total, s.total, JSON.stringify(s));
  }
  assert(
    r.content[0]!.text.startsWith("No club matches these arguments. Try: "),
    r.content[0]!.text,
  );
  // Results with clubs carry none.
  assert(!("suggestions" in (await call("search_clubs", { q: "royal" })).structuredContent!));
});

Deno.test("search_clubs takes waitlist as an array or a comma string", async () => {
  const list = await search({ waitlist: ["open", "waitlist"] });
  const text = await search({ waitlist: "open, waitlist" });
  assertEquals(list, text);
  assertEquals(list.total, 8);
  // by_invitation also matches invite_only; values are read in any case, as REST does.
  assertEquals((await search({ waitlist: ["BY_INVITATION"] })).total, 4);
});

Deno.test("search_clubs sends 10 clubs by default, at most 50, and at most 10 with detail", async () => {
  const first = await search();
  assertEquals([first.clubs.length, first.limit, first.has_more, first.next_page], [
    TOOL_DEFAULT_LIMIT,
    TOOL_DEFAULT_LIMIT,
    true,
    2,
  ]);
  assertEquals((await search({ limit: 25 })).clubs.length, 25);
  // Larger values count as the maximum, as REST clamps at 200.
  assertEquals((await search({ limit: 500 })).limit, TOOL_MAX_LIMIT);
  const detail = await search({ limit: 500, detail: true });
  assertEquals([detail.limit, detail.clubs.length, detail.next_page], [
    TOOL_MAX_DETAIL_LIMIT,
    TOOL_MAX_DETAIL_LIMIT,
    2,
  ]);
});

Deno.test("search_clubs pages with has_more and next_page until every club is read", async () => {
  const seen: string[] = [];
  let page: number | null = 1;
  for (let i = 0; page !== null && i < 20; i++) {
    const r: Page = await search({ limit: 7, page });
    assertEquals(r.total, 30);
    assertEquals(r.has_more, r.next_page !== null);
    seen.push(...r.clubs.map(slug));
    page = r.next_page;
  }
  assertEquals(page, null);
  assertEquals(seen.length, 30);
  assertEquals(new Set(seen).size, 30);

  const past = await search({ page: 99, limit: 10 });
  assertEquals([past.clubs.length, past.total, past.has_more, past.next_page], [
    0,
    30,
    false,
    null,
  ]);
  assertEquals(slug((await search({ page: "02", limit: "7" })).clubs[0]!), seen[7]);
});

Deno.test("search_clubs rejects bad page, limit and waitlist with hints in MCP terms", async () => {
  const cases: Record<string, unknown>[] = [
    { page: 0 },
    { page: "0" },
    { page: -1 },
    { page: 1.5 },
    { page: "two" },
    { limit: 0 },
    { limit: "x" },
    { waitlist: "open,maybe" },
    { waitlist: ["open", "nope"] },
  ];
  for (const args of cases) {
    const text = await toolError("search_clubs", args);
    assertEquals(text, searchErrorText(searchError(args as RawSearch)), JSON.stringify(args));
    // No REST call, no REST default or maximum: the hint speaks of this tool's arguments.
    assert(!/\/api\/v1|\b50:|\b200\b/.test(text), text);
  }
  assertEquals(
    await toolError("search_clubs", { page: 0 }),
    'Invalid page: Page "0" is not a whole number from 1. Send page as a whole number from 1, ' +
      "or leave it out for the first page.",
  );
  assertEquals(
    await toolError("search_clubs", { limit: 0 }),
    'Invalid limit: Limit "0" is not a whole number from 1. Send limit as a whole number from 1 ' +
      `to ${TOOL_MAX_LIMIT}, or leave it out for ${TOOL_DEFAULT_LIMIT}.`,
  );
  // Arguments of the wrong kind are refused by the schema, as the SDK words it.
  const bad = await toolError("search_clubs", { detail: "yes" });
  assert(bad.startsWith("Input validation error"), bad);
});

Deno.test("search_clubs treats empty and unknown values as REST does", async () => {
  const empty = await search({ page: "", limit: " " });
  assertEquals([empty.total, empty.page, empty.limit], [30, 1, TOOL_DEFAULT_LIMIT]);
  assertEquals((await search({ country: "all" })).total, 30);
  assertEquals((await search({ country: "Narnia" })).total, 0);
  assertEquals((await search({ type: "" })).total, 30);
});

Deno.test("get_club returns the public profile with its link", async () => {
  const r = await call("get_club", { slug: "pine-valley-golf-club" });
  const club = r.structuredContent as Club & Record<string, unknown>;
  assertEquals(club.name, "Pine Valley Golf Club");
  assertEquals(club.url, `${BASE}/clubs/pine-valley-golf-club`);
  assertEquals(club.course_architect, "George Crump");
  assertEquals(club.amenities, ["golf", "dining"]);
  // The profile link itself works as the argument too.
  const again = await call("get_club", { slug: `${BASE}/clubs/pine-valley-golf-club` });
  assertEquals(again.structuredContent, r.structuredContent);
});

Deno.test("get_club on an unknown slug is a tool error pointing to search_clubs", async () => {
  const text = await toolError("get_club", { slug: "no-such-club" });
  assert(text.startsWith('Club not found: No club has the slug "no-such-club".'), text);
  assert(text.includes("search_clubs"));
  assert((await toolError("get_club", { slug: "" })).startsWith("Club not found"));
});

Deno.test("slugOf() reads a slug or a profile link", () => {
  assertEquals(slugOf(" Seminole "), "seminole");
  assertEquals(slugOf("https://clubs.example/clubs/napa-wine?x=1#top"), "napa-wine");
  assertEquals(slugOf("/clubs/napa-wine/"), "napa-wine");
  assertEquals(slugOf("%E0%A4"), "%e0%a4"); // not valid percent-encoding: kept
});

Deno.test("list_club_types lists stored types, the groups and the aliases", async () => {
  const r = (await call("list_club_types")).structuredContent as {
    total: number;
    types: { type: string | null; count: number }[];
    groups: { type: string; matches: string[]; count: number }[];
    aliases: { type: string; reads_as: string }[];
  };
  assertEquals(r.total, 30);
  assertEquals(r.types.slice(0, 2), [{ type: "golf", count: 9 }, {
    type: "country_club",
    count: 4,
  }]);
  assertEquals(r.types.at(-1), { type: null, count: 1 });
  const golf = r.groups.find((g) => g.type === "golf")!;
  assertEquals(golf, { type: "golf", matches: ["golf", "country_club"], count: 13 });
  // Each group's count is what search_clubs finds with that type.
  for (const g of r.groups) assertEquals((await search({ type: g.type })).total, g.count, g.type);
  assertEquals(r.aliases, [{ type: "wine", reads_as: "dining" }]);
});

Deno.test("list_locations lists countries, then a country's regions with usable codes", async () => {
  const all = (await call("list_locations")).structuredContent as {
    countries: { name: string | null; code: string | null; count: number }[];
  };
  assertEquals(all.countries[0], { name: "United States", code: "US", count: 20 });
  assertEquals(all.countries.reduce((n, c) => n + c.count, 0), 30);
  for (const c of all.countries.filter((c) => c.code)) {
    assertEquals((await search({ country: c.code })).total, c.count, c.code!);
  }

  const us = (await call("list_locations", { country: "usa" })).structuredContent as {
    country: { name: string; code: string; count: number };
    regions: { name: string; code: string; count: number }[];
  };
  assertEquals(us.country, { name: "United States", code: "US", count: 20 });
  assertEquals(us.regions[1], { name: "Florida", code: "US-FL", count: 3 });
  for (const r of us.regions) {
    assertEquals((await search({ country: "US", state: r.code })).total, r.count, r.code);
  }
  const au = (await call("list_locations", { country: "Australia" })).structuredContent as {
    regions: { code: string }[];
  };
  assertEquals(au.regions.map((r) => r.code), ["AU-NSW", "AU-WA"]);
});

Deno.test("list_locations answers a country without clubs with a zero count", async () => {
  assertEquals((await call("list_locations", { country: "France" })).structuredContent, {
    country: { name: "France", code: "FR", count: 0 },
    regions: [],
  });
  assertEquals((await call("list_locations", { country: "Narnia" })).structuredContent, {
    country: { name: "Narnia", code: null, count: 0 },
    regions: [],
  });
  assert("countries" in (await call("list_locations", { country: "all" })).structuredContent!);
});

Deno.test("list_locations refuses a country the search would refuse, in the search's words", async () => {
  for (const country of ["x".repeat(SEARCH_PARAMS.country.maxLength + 1), "Fran\u0000ce"]) {
    assertEquals(
      await toolError("list_locations", { country }),
      searchErrorText(searchError({ country })),
    );
  }
  // At the limit it is still an answer.
  const r = await call("list_locations", { country: "x".repeat(SEARCH_PARAMS.country.maxLength) });
  assert(!r.isError, r.content[0]?.text);
});

Deno.test("get_directory_stats reports totals, the source and the import time", async () => {
  const r = (await call("get_directory_stats")).structuredContent as Record<string, unknown> & {
    by_type: unknown[];
    by_country: { country: string | null; code: string | null; count: number }[];
    by_waitlist: { waitlist_status: string; count: number }[];
    by_status: { status: string | null; count: number }[];
  };
  assertEquals(r.source, NAME);
  assertEquals(r.imported_at, fx.store.meta.imported_at);
  assertEquals(r.total, 30);
  assertEquals(r.by_type.length, 19);
  assertEquals(r.by_country[0], { country: "United States", code: "US", count: 20 });
  assertEquals(r.by_waitlist[0], { waitlist_status: "unknown", count: 17 });
  assertEquals(r.by_status[0], { status: "published", count: 27 });
});

Deno.test("no tool ever returns a fee, band, tier or currency, whatever the caller sends", async () => {
  // Clubs with verified and estimated fees, in USD, are in the fixture.
  const calls: [string, Record<string, unknown>][] = [
    ["search_clubs", { limit: 200 }],
    ["search_clubs", { limit: 200, detail: true }],
    ["get_club", { slug: "pine-valley-golf-club" }],
    ["get_club", { slug: "seminole" }],
    ["list_club_types", {}],
    ["list_locations", {}],
    ["list_locations", { country: "US" }],
    ["get_directory_stats", {}],
  ];
  const session = {
    cookie: "session=member; clubdir_session=paying-member",
    authorization: "Bearer paying-member",
  };
  for (const [name, args] of calls) {
    for (const era of ["2025", "2026-07-28"]) {
      // A site session or a token changes nothing here.
      const call = era === "2025"
        ? { message: toolCall(name, args), headers: {} }
        : modern("tools/call", { name, arguments: args });
      const res = await post(app, call.message, { ...session, ...call.headers });
      const body = await res.json();
      const text = JSON.stringify(body.result);
      const feeKeys = [...keysDeep(body.result)].filter((k) => FEE_KEY.test(k));
      assertEquals(feeKeys, [], `${name} ${era}`);
      // Nor in the text block, JSON or summary.
      assert(!/USD|250000|30000|\$\d|fee|dues/i.test(text), `${name}: ${text.slice(0, 200)}`);
    }
  }
});

Deno.test("an unknown tool is a JSON-RPC error -32602 for the SDK client, in both eras", async () => {
  for (const client of clients) {
    await assertRejects(
      () => client.callTool({ name: "drop_tables", arguments: {} }),
      (e: Error & { code?: number }) => e.code === -32602 && e.message.includes("drop_tables"),
    );
  }
});

Deno.test("a directory that cannot be read is the REST clubs_unavailable problem", async () => {
  const logged: string[] = [];
  const broken = mcpApp(openDirectory(`${fx.dir}/missing.db`), {
    errorLog: (line) => logged.push(line),
  });
  await using c = await connect(broken);
  for (const name of ["search_clubs", "get_club", "list_club_types", "get_directory_stats"]) {
    const r = await c.callTool({ name, arguments: name === "get_club" ? { slug: "x" } : {} });
    assertEquals(r.isError, true, name);
    assertEquals(
      (r.content as { text: string }[])[0]!.text,
      "Clubs unavailable: The club directory cannot be read right now. Retry after a short wait. " +
        "If it persists, contact help@clubs.example.",
    );
  }
  assertEquals(logged.length, 4);
  assert(logged[0]!.startsWith('mcp: Cannot read database "'), logged[0]);
  // Argument errors still come first, as in REST.
  const bad = await c.callTool({ name: "search_clubs", arguments: { page: 0 } });
  assert((bad.content as { text: string }[])[0]!.text.startsWith("Invalid page"));
});
