import { sharedFixture } from "../../_fixture.ts";
import { parseSearch, type RawSearch } from "../../../core/search/query.ts";
import { PROBLEMS } from "../../../core/model/problems.ts";
import { slugOf } from "../../../server/mcp/tools/get_club.ts";
import { TOOL_DEFAULT_LIMIT } from "../../../server/mcp/tools/search_clubs.ts";
import {
  BASE,
  connect,
  FEE_KEY,
  keysDeep,
  mcpApp,
  NAME,
  openDirectory,
  post,
  toolCall,
} from "./_helpers.ts";
import { assert, assertEquals } from "../../_assert.ts";

const fx = await sharedFixture();
const directory = openDirectory(fx.path);
const app = mcpApp(directory);
// Module-level `await using` would close it before the tests run.
const client = await connect(app);
globalThis.addEventListener("unload", () => void client.close());

type Club = { name: string; slug: string; url: string; city: string | null; type: string | null };
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

/** Calls a tool; checks the text block repeats structuredContent. */
async function call(name: string, args: Record<string, unknown> = {}): Promise<Result> {
  const r = await client.callTool({ name, arguments: args }) as Result;
  if (!r.isError) {
    assertEquals(r.content.length, 1);
    assertEquals(JSON.parse(r.content[0]!.text), r.structuredContent);
  }
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
/** The REST problem for the same filters, worded as one line. */
function restWording(raw: RawSearch): string {
  const r = parseSearch(raw);
  if (r.ok) throw new Error("expected a REST error");
  const p = PROBLEMS[r.error.code];
  return `${p.title}: ${r.error.detail}. ${p.hint}`;
}

Deno.test("search_clubs filters like the REST search and links each club's profile", async () => {
  const page = await search({ state: "FL" });
  assertEquals(page.total, 3);
  assertEquals(page.clubs.map((c) => c.slug), ["club-havana", "riverside-tampa", "seminole"]);
  for (const c of page.clubs) assertEquals(c.url, `${BASE}/clubs/${c.slug}`);
  assertEquals([page.page, page.limit, page.has_more, page.next_page], [1, 10, false, null]);

  assertEquals((await search({ state: "Florida" })).total, 3);
  assertEquals((await search({ country: "GB" })).clubs[0]!.slug, "royal-st-georges");
  assertEquals((await search({ country: "United Kingdom" })).total, 1);
  assertEquals((await search({ q: "zurich" })).clubs[0]!.slug, "gc-zurich");
  const golf = await search({ type: "golf" });
  assert(golf.clubs.some((c) => c.type === "country_club"));
  assertEquals(golf.total, 13);
  assertEquals((await search({ state: "NSW", country: "AU" })).clubs[0]!.slug, "royal-sydney");
});

Deno.test("search_clubs takes waitlist as an array or a comma string", async () => {
  const list = await search({ waitlist: ["open", "waitlist"] });
  const text = await search({ waitlist: "open, waitlist" });
  assertEquals(list, text);
  assertEquals(list.total, 8);
  // by_invitation also matches invite_only; values are read in any case, as REST does.
  assertEquals((await search({ waitlist: ["BY_INVITATION"] })).total, 4);
});

Deno.test("search_clubs sends 10 clubs unless asked for another page size", async () => {
  const first = await search();
  assertEquals([first.clubs.length, first.limit, first.has_more, first.next_page], [
    10,
    10,
    true,
    2,
  ]);
  assertEquals((await search({ limit: 50 })).clubs.length, 30);
});

Deno.test("search_clubs pages with has_more and next_page until every club is read", async () => {
  const seen: string[] = [];
  let page: number | null = 1;
  for (let i = 0; page !== null && i < 20; i++) {
    const r: Page = await search({ limit: 7, page });
    assertEquals(r.total, 30);
    assertEquals(r.has_more, r.next_page !== null);
    seen.push(...r.clubs.map((c) => c.slug));
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
  assertEquals((await search({ page: "02", limit: "7" })).clubs[0]!.slug, seen[7]);
  assertEquals((await search({ limit: 500 })).limit, 200); // clamped, as in REST
});

Deno.test("search_clubs rejects bad page, limit and waitlist in the REST problem's words", async () => {
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
    assertEquals(text, restWording(args as RawSearch), JSON.stringify(args));
  }
  assertEquals(
    await toolError("search_clubs", { page: 0 }),
    'Invalid page: Page "0" is not a whole number from 1. Send page as a whole number from 1, ' +
      "or leave it out for the first page: GET /api/v1/clubs?page=1&limit=50",
  );
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
    ["get_club", { slug: "pine-valley-golf-club" }],
    ["get_club", { slug: "seminole" }],
    ["list_club_types", {}],
    ["list_locations", {}],
    ["list_locations", { country: "US" }],
    ["get_directory_stats", {}],
  ];
  for (const [name, args] of calls) {
    // A site session or a token changes nothing here.
    const res = await post(app, toolCall(name, args), {
      cookie: "session=member; clubdir_session=paying-member",
      authorization: "Bearer paying-member",
    });
    const body = await res.json();
    const text = JSON.stringify(body.result);
    const feeKeys = [...keysDeep(body.result)].filter((k) => FEE_KEY.test(k));
    assertEquals(feeKeys, [], name);
    assert(!/USD|250000|30000|\$\d/.test(text), `${name}: ${text.slice(0, 200)}`);
    // The text block carries the same JSON, so it is fee-free too.
    const inner = keysDeep(JSON.parse(body.result.content[0].text));
    assertEquals([...inner].filter((k) => FEE_KEY.test(k)), [], name);
  }
});

Deno.test("an unknown tool is an error result, as the SDK answers it", async () => {
  const r = await call("drop_tables", {});
  assertEquals(r.isError, true);
  assert(r.content[0]!.text.includes("drop_tables"));
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
