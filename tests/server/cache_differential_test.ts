// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * The caches against no caches: random sequences of searches, each followed
 * by siblings that differ from it in one parameter, sent in the same order
 * to an app whose snapshot keeps answers (every `results` memo on, as
 * `serve` runs) and to one whose snapshot keeps none, over the same
 * database. REST pages, website pages and MCP `search_clubs` answers, for
 * an anonymous caller, a free account and a member, must be the same:
 * status, body, and the headers a client reads. The cached app lives across
 * sequences, so its memos hold what earlier sequences asked, in every order
 * fast-check finds.
 */
import fc from "fast-check";
import type { Hono } from "hono";
import { Directory } from "../../core/store/directory.ts";
import { SessionStore, sessionStorePath } from "../../core/sessions/mod.ts";
import { MATCH_MODES, SORT_ORDERS } from "../../core/search/mod.ts";
import { WAITLIST_VALUES } from "../../core/model/mod.ts";
import { generateClubs, toCsv } from "../../data/generate.ts";
import type { AppEnv } from "../../server/http/env.ts";
import { sessionAccess } from "../../server/http/sessions.ts";
import { csvFile, fixture } from "../_fixture.ts";
import { assertEquals } from "../_assert.ts";
import { from, sessionTokens, testApp } from "./_helpers.ts";

const CLUBS = 3_000;
const fx = await fixture({
  csv: await csvFile(toCsv(generateClubs({ seed: 36, count: CLUBS }))),
});
const tokens = sessionTokens(fx.path);
const access = sessionAccess(SessionStore.reader(sessionStorePath(fx.path)));

/** The same app over the same file, its snapshot keeping answers or not. */
function app(keepResults: boolean): Hono<AppEnv> {
  // As `serve` opens it: the club JSON held, the file checked now and then.
  const directory = new Directory(fx.path, { holdJson: true, checkEveryMs: 60_000, keepResults });
  return testApp(directory, { rateLimit: "off", access, baseUrl: null });
}
const cached = app(true);
const fresh = app(false);

// Values drawn from the directory itself, so that searches find clubs, share
// words and overlap; a few that find nothing or are misspelt, for suggestions.
const sample = fx.store.db.prepare(
  "SELECT name, city, state, country, type FROM clubs WHERE rowid % 97 = 0",
).all() as Record<string, string | null>[];
const pick = (field: string) =>
  [
    ...new Set(sample.map((r) => r[field]).filter((v): v is string => !!v)),
  ].slice(0, 6);
const nameWords = [...new Set(sample.flatMap((r) => r.name!.split(/\s+/)))].filter((w) =>
  w.length > 2
).slice(0, 12);

const VALUES: Record<string, readonly (string | undefined)[]> = {
  type: [undefined, "golf", "country-club", "city", "athletic", "yacht", "golff", ...pick("type")],
  state: [undefined, "FL", "Florida", "CA", "Texas", ...pick("state")],
  country: [undefined, "all", "US", "GB", "Japan", ...pick("country")],
  city: [undefined, ...pick("city")],
  q: [
    undefined,
    ...nameWords,
    "club",
    "golf club",
    "tennis club",
    "country clb",
    "zzqx",
    nameWords.slice(0, 2).join(" "),
  ],
  match: [undefined, ...MATCH_MODES],
  sort: [undefined, ...SORT_ORDERS],
  waitlist: [undefined, ...WAITLIST_VALUES, "open,closed", "closed,open,waitlist"],
  page: [undefined, "1", "2", "3", "40"],
  limit: [undefined, "1", "3", "10", "200"],
};
const PARAMS = Object.keys(VALUES);

type Search = Record<string, string | undefined>;
type Caller = "anonymous" | "free" | "member";
type Surface = "rest" | "site" | "mcp";

/** How often a search sends a parameter: most searches combine two or three, as people's do. */
const SENT: Record<string, number> = { q: 2, sort: 2, page: 1, limit: 2 };

const search: fc.Arbitrary<Search> = fc.record(
  Object.fromEntries(PARAMS.map((p) => [
    p,
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: SENT[p] ?? 1, arbitrary: fc.constantFrom(...VALUES[p]!) },
    ),
  ])),
  { requiredKeys: [] },
);

/**
 * A search, then its siblings: one per parameter, in a random order, each
 * changing that parameter to another value, asked right after the search
 * and followed by it again (a memo that keeps a value only when its key
 * comes back, `admit: "second"`, is then exercised too). A key that left a
 * parameter out would serve one sibling the other's answer.
 */
const family = fc.tuple(
  search,
  fc.shuffledSubarray(PARAMS, { minLength: PARAMS.length }).chain((order) =>
    fc.tuple(...order.map((p) => fc.constantFrom(...VALUES[p]!).map((v) => [p, v] as const)))
  ),
).map(([base, changes]) => [
  base,
  ...changes.filter(([p, v]) => base[p] !== v).flatMap(([p, v]) => [{ ...base, [p]: v }, base]),
]);

const request = fc.record({
  searches: family,
  caller: fc.constantFrom<Caller>("anonymous", "free", "member"),
  surface: fc.constantFrom<Surface>("rest", "site", "mcp"),
  facets: fc.constantFrom(undefined, "type", "type,country,waitlist"),
});

function queryString(s: Search, facets?: string): string {
  const params = new URLSearchParams();
  for (const p of PARAMS) if (s[p] !== undefined) params.set(p, s[p]!);
  if (facets !== undefined) params.set("facets", facets);
  return params.toString();
}

function requestOf(surface: Surface, s: Search, caller: Caller, facets?: string): Request {
  const headers: Record<string, string> = {};
  if (caller !== "anonymous") headers.cookie = `session=${tokens[caller]}`;
  if (surface === "rest") {
    return new Request(`http://127.0.0.1/api/v1/clubs?${queryString(s, facets)}`, { headers });
  }
  if (surface === "site") {
    headers.accept = "text/html";
    return new Request(`http://127.0.0.1/clubs?${queryString(s)}`, { headers });
  }
  const args = Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined));
  return new Request("http://127.0.0.1/api/mcp", {
    method: "POST",
    headers: {
      ...headers,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "search_clubs", arguments: args },
    }),
  });
}

/** What a client reads of an answer. */
async function seen(app: Hono<AppEnv>, req: Request) {
  const res = await app.fetch(req, from("127.0.0.1"));
  const h = (name: string) => res.headers.get(name);
  return {
    status: res.status,
    contentType: h("content-type"),
    link: h("link"),
    total: h("x-total-clubs"),
    location: h("location"),
    body: await res.text(),
  };
}

type Seen = Awaited<ReturnType<typeof seen>>;

/** Equal answers; otherwise the headers, and the bodies from where they part. */
function assertSame(got: Seen, want: Seen, label: string): void {
  if (got.body === want.body) return assertEquals(got, want, label);
  let at = 0;
  while (got.body[at] === want.body[at]) at++;
  const from = Math.max(0, at - 80);
  assertEquals(
    { ...got, body: got.body.slice(from, at + 160) },
    { ...want, body: want.body.slice(from, at + 160) },
    `${label}: bodies part at character ${at}`,
  );
}

Deno.test("the caches change no answer: REST, website and MCP, every access level, siblings in a row", async () => {
  let requests = 0;
  let found = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 3 }), async (sequence) => {
      for (const { searches, caller, surface, facets } of sequence) {
        for (const s of searches) {
          const label = `${surface} ${caller} ${queryString(s, facets)}`;
          const a = await seen(cached, requestOf(surface, s, caller, facets));
          const b = await seen(fresh, requestOf(surface, s, caller, facets));
          assertSame(a, b, label);
          requests++;
          if (a.status === 200 && Number(a.total ?? /(\d+) clubs? match/.exec(a.body)?.[1]) > 0) {
            found++;
          }
        }
      }
    }),
    { numRuns: 60 },
  );
  // Enough of the searches found clubs for the orders and pages to matter.
  assertEquals(requests > 300 && found > requests / 4, true, `${found} of ${requests} found clubs`);
});

Deno.test("the caches change no answer when the same requests come back in another order", async () => {
  // One pool of requests, asked in two shuffled orders against the cached
  // app; every answer must be the uncached one whatever came before it.
  const pool = fc.sample(request, { numRuns: 12 }).flatMap((r) =>
    r.searches.map((s) => ({ ...r, s }))
  );
  const expected = new Map<number, Seen>();
  for (const [i, r] of pool.entries()) {
    expected.set(i, await seen(fresh, requestOf(r.surface, r.s, r.caller, r.facets)));
  }
  for (const seed of [1, 2]) {
    const order = fc.sample(fc.shuffledSubarray([...pool.keys()], { minLength: pool.length }), {
      numRuns: 1,
      seed,
    })[0]!;
    for (const i of order) {
      const r = pool[i]!;
      const got = await seen(cached, requestOf(r.surface, r.s, r.caller, r.facets));
      assertSame(got, expected.get(i)!, `${r.surface} ${r.caller} ${queryString(r.s, r.facets)}`);
    }
  }
});
