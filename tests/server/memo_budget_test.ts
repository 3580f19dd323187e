// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * Every surface's caches of one snapshot fit within its memo budget, the
 * history's and the feeds' included: a snapshot's memos are declared as
 * each surface is first used, and one declared past the total is refused,
 * so a surface used late would answer 500 (a search finding nothing after
 * What's new, the feed and /api/v1/changes had been asked, before).
 */
import { twoImports } from "../core/history/_two_imports.ts";
import { Directory } from "../../core/store/mod.ts";
import { assert, assertStrictEquals } from "../_assert.ts";
import { testApp } from "./_helpers.ts";

Deno.test("every surface, the history's included, fits in a snapshot's memo budget, in any order", async () => {
  await using h = await twoImports();
  const paths = [
    "/",
    "/clubs?q=royal%20golf",
    "/api/v1/clubs?q=club&match=words&sort=relevance",
    "/api/v1/clubs?q=clb&match=fuzzy",
    "/api/v1/clubs?state=FL&facets=type,country,state,waitlist",
    "/api/v1/clubs?q=royal",
    "mcp",
    "/changes",
    "/clubs.atom?type=golf",
    "/api/v1/changes?type=golf",
    "/clubs?q=zzqqxx",
    "/api/v1/clubs?q=zzqqxx&match=fuzzy&sort=relevance&facets=type,country",
    "/clubs?type=golff",
    "/changes?q=club",
  ];
  // Both orders: the history first, and the history last.
  for (const order of [paths, [...paths].reverse()]) {
    const directory = new Directory(h.path, { checkEveryMs: 60_000 });
    try {
      const app = testApp(directory, { rateLimit: "off", baseUrl: null });
      for (const path of order) {
        const res = path === "mcp"
          ? await app.request("/api/mcp", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
            },
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: 1,
              method: "tools/call",
              params: { name: "search_clubs", arguments: { q: "golf", detail: true } },
            }),
          })
          : await app.request(path, { headers: { accept: "text/html" } });
        await res.body?.cancel();
        assertStrictEquals(res.status, 200, `${path}: ${res.status}`);
      }
      const store = directory.current();
      const stats = Object.values(store.memoStats());
      const declared = stats.reduce((n, s) => n + s.budget, 0);
      assert(stats.every((s) => s.bytes <= s.budget));
      assert(declared > 0);
    } finally {
      directory.close();
    }
  }
});
