// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * The Atom feed of a search, read by a real feed parser (Debian's
 * python3-feedparser, installed by .ci/run) and held to RFC 4287's rules:
 * the required elements of the feed and of each entry, unique entry ids,
 * RFC 3339 dates, one alternate link per entry; stable ids across an
 * import; conditional requests answered 304; no fee figure for anyone.
 */
import { existsSync } from "node:fs";
import { historyApp } from "../_helpers.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { importClubs, SECOND_DAY } from "../../core/history/_two_imports.ts";

/** Debian's Python (not one a version manager put first on PATH), with its feedparser. */
const PYTHON3 = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const NO_FEEDPARSER = await new Deno.Command(PYTHON3, { args: ["-c", "import feedparser"] })
  .output().then((o) => o.success ? null : "feedparser cannot be imported", () => "no python3");
if (NO_FEEDPARSER) {
  console.warn(`skipping the feed tests: ${NO_FEEDPARSER} (apt-get install -y python3-feedparser)`);
}

const { h, app, tokens } = await historyApp();

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://127.0.0.1:8000${path}`, { headers });

/** What python3-feedparser reads of a feed. */
interface Parsed {
  bozo: number;
  bozo_exception: string | null;
  version: string;
  feed: { id: string; title: string; updated: string; links: { rel: string; href: string }[] };
  entries: {
    id: string;
    title: string;
    updated: string;
    link: string;
    summary: string;
    links: { rel: string; href: string; type: string }[];
  }[];
}

const PARSE = `
import feedparser, json, sys
d = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({
  "bozo": int(d.bozo), "bozo_exception": str(d.get("bozo_exception")) if d.bozo else None,
  "version": d.version,
  "feed": {k: d.feed.get(k) for k in ("id", "title", "updated", "links")},
  "entries": [{k: e.get(k) for k in ("id", "title", "updated", "link", "summary", "links")} for e in d.entries],
}))
`;

async function feedparser(xml: string): Promise<Parsed> {
  const child = new Deno.Command(PYTHON3, {
    args: ["-c", PARSE],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(xml));
  await writer.close();
  const out = await child.output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** RFC 4287's rules the parser does not enforce, checked on the XML itself. */
function atomRules(xml: string): void {
  const feedHead = xml.slice(0, xml.indexOf("<entry>") < 0 ? xml.length : xml.indexOf("<entry>"));
  for (const el of ["id", "title", "updated"]) {
    assertEquals(feedHead.match(new RegExp(`<${el}[ >]`, "g"))?.length, 1, `feed has one ${el}`);
  }
  assert(/<author><name>[^<]+<\/name><\/author>/.test(feedHead), "feed author (entries have none)");
  assert(/<link rel="self" type="application\/atom\+xml" href="[^"]+"\/>/.test(feedHead));
  const entries = [...xml.matchAll(/<entry>(.*?)<\/entry>/gs)].map((m) => m[1]!);
  const ids = entries.map((e) => /<id>([^<]+)<\/id>/.exec(e)![1]!);
  assertEquals(new Set(ids).size, ids.length, "entry ids are unique");
  for (const e of entries) {
    for (const el of ["id", "title", "updated"]) {
      assertEquals(e.match(new RegExp(`<${el}[ >]`, "g"))?.length, 1, `entry has one ${el}`);
    }
    assertEquals(e.match(/<link rel="alternate" type="text\/html"/g)?.length, 1);
    assertMatch(/<updated>([^<]+)<\/updated>/.exec(e)![1]!, RFC3339);
    assertMatch(
      /<id>([^<]+)<\/id>/.exec(e)![1]!,
      /^tag:[a-z0-9.-]+,\d{4}-\d{2}-\d{2}:club\/.+\/\d+$/,
    );
  }
  assertMatch(/<updated>([^<]+)<\/updated>/.exec(feedHead)![1]!, RFC3339);
}

Deno.test({
  ignore: NO_FEEDPARSER !== null,
  name:
    "the feed of a search parses with feedparser (bozo 0) and keeps RFC 4287's rules: one entry per club added or changed",
}, async () => {
  const res = await get("/clubs.atom");
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "application/atom+xml; charset=utf-8");
  const xml = await res.text();
  atomRules(xml);
  const d = await feedparser(xml);
  assertStrictEquals(d.bozo, 0, d.bozo_exception ?? "");
  assertStrictEquals(d.version, "atom10");
  // Added and changed clubs of the second import (not the removed ones).
  assertStrictEquals(d.entries.length, 8);
  const opened = d.entries.find((e) => e.title.startsWith(`${h.edits.opened.name}:`))!;
  assertStrictEquals(opened.title, `${h.edits.opened.name}: Opened for applications`);
  assertStrictEquals(opened.link, `https://clubs.example/clubs/${h.edits.opened.slug}`);
  assertStrictEquals(opened.updated, `${SECOND_DAY}T00:00:00Z`);
  assertStrictEquals(opened.id, `tag:clubs.example,${SECOND_DAY}:club/${h.edits.opened.id}/2`);
  for (const gone of h.edits.removed) assert(!xml.includes(gone.id));
  assert(d.entries.some((e) => e.title.endsWith(": Fees updated")));
});

Deno.test(
  { ignore: NO_FEEDPARSER !== null, name: "the feed follows the results page's filters" },
  async () => {
    const added = h.edits.added[0]!;
    const q = `type=${encodeURIComponent(added.type!)}&country=${
      encodeURIComponent(added.country!)
    }`;
    const res = await get(`/clubs.atom?${q}&page=3&sort=name`);
    const d = await feedparser(await res.text());
    assertStrictEquals(d.bozo, 0);
    assert(d.entries.some((e) => e.link.endsWith(`/clubs/${added.slug}`)));
    assert(
      d.entries.every((e) =>
        !e.link.endsWith(`/clubs/${h.edits.opened.slug}`) || added.type === h.edits.opened.type
      ),
    );
    assertStrictEquals(d.feed.id, `https://clubs.example/clubs.atom?${q}`);
    const waitlist = await feedparser(await (await get("/clubs.atom?waitlist=open")).text());
    assert(waitlist.entries.some((e) => e.link.endsWith(`/clubs/${h.edits.opened.slug}`)));
    assert(!waitlist.entries.some((e) => e.link.endsWith(`/clubs/${h.edits.closedWaitlist.slug}`)));
    const bad = await get("/clubs.atom?waitlist=soon");
    assertStrictEquals(bad.status, 400);
    assertStrictEquals((await bad.json()).code, "invalid_waitlist");
  },
);

Deno.test({
  ignore: NO_FEEDPARSER !== null,
  name: "feeds are anonymous: the same body for every session, no fee figure or band",
}, async () => {
  const sessions: Record<string, string>[] = [
    {},
    { authorization: `Bearer ${tokens.free}` },
    { authorization: `Bearer ${tokens.member}` },
  ];
  const bodies = await Promise.all(
    sessions.map(async (headers) => await (await get("/clubs.atom", headers)).text()),
  );
  assertStrictEquals(bodies[1], bodies[0]);
  assertStrictEquals(bodies[2], bodies[0]);
  assert(!/\$\d|€\d|£\d/.test(bodies[0]!));
  for (const c of [h.edits.verifiedFees, h.edits.estimateFees]) {
    assert(!bodies[0]!.includes(c.initiation_fee!.toLocaleString("en-US")));
  }
});

Deno.test({
  ignore: NO_FEEDPARSER !== null,
  name: "feed readers poll cheaply: ETag and Last-Modified answer 304",
}, async () => {
  const first = await get("/clubs.atom?type=golf");
  await first.body?.cancel();
  const etag = first.headers.get("etag")!;
  const modified = first.headers.get("last-modified")!;
  assert(etag && modified);
  assertEquals(new Date(modified).toUTCString(), modified);
  const byTag = await get("/clubs.atom?type=golf", { "if-none-match": etag });
  assertStrictEquals(byTag.status, 304);
  assertStrictEquals(await byTag.text(), "");
  const byDate = await get("/clubs.atom?type=golf", { "if-modified-since": modified });
  assertStrictEquals(byDate.status, 304);
  assertStrictEquals(byDate.headers.get("last-modified"), modified);
  await byDate.body?.cancel();
  const older = new Date(Date.parse(modified) - 60_000).toUTCString();
  const changed = await get("/clubs.atom?type=golf", { "if-modified-since": older });
  assertStrictEquals(changed.status, 200);
  await changed.body?.cancel();
});

Deno.test({
  ignore: NO_FEEDPARSER !== null,
  name: "entry ids stay the same across an import, and the new import's entries come first",
}, async () => {
  const before = await feedparser(await (await get("/clubs.atom")).text());
  const edited = h.second.map((c) =>
    c.id === h.edits.closedWaitlist.id ? { ...c, waitlist_status: "open" as const } : c
  );
  await importClubs(h.dir, h.path, edited, { snapshotDate: "2025-03-05" });
  const res = await get("/clubs.atom");
  const after = await feedparser(await res.text());
  assertStrictEquals(after.bozo, 0);
  assertStrictEquals(after.entries.length, before.entries.length + 1);
  assertStrictEquals(
    after.entries[0]!.id,
    `tag:clubs.example,2025-03-05:club/${h.edits.closedWaitlist.id}/3`,
  );
  assertEquals(after.entries.slice(1).map((e) => e.id), before.entries.map((e) => e.id));
});
