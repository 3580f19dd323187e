// Test tier: integration (a whole app over a built database; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import { Directory } from "../../../core/store/directory.ts";
import type { ClubStore } from "../../../core/store/store.ts";
import { VERSION } from "../../../core/model/mod.ts";
import { PROBE_CACHE_MS, readinessCheck } from "../../../server/routes/health.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { fixture } from "../../_fixture.ts";
import { from, testApp } from "../_helpers.ts";
import { assertMatchesSchema } from "../_openapi.ts";
import { undocumented } from "../openapi/_documented.ts";

/** A directory that counts the reads the probes make of it. */
class CountingDirectory extends Directory {
  reads = 0;
  opens = 0;
  override current() {
    this.opens++;
    return super.current();
  }
  override read<T>(fn: (store: ClubStore) => T): T {
    this.reads++;
    return super.read(fn);
  }
}

async function probe(app: ReturnType<typeof testApp>, path: string, init: RequestInit = {}) {
  const url = `http://127.0.0.1:8000${path}`;
  const res = await app.request(url, init, from("192.0.2.7"));
  const why = undocumented(init.method ?? "GET", url, res.clone());
  assertStrictEquals(why, null, why ?? "");
  return res;
}

Deno.test("GET /healthz answers 200 without touching the database", async () => {
  const directory = new CountingDirectory("/nonexistent/clubs.db");
  const app = testApp(directory);
  const res = await probe(app, "/healthz");
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "application/json");
  assertStrictEquals(res.headers.get("cache-control"), "no-store");
  assert(res.headers.get("x-request-id"));
  const body = await res.json();
  assertEquals(body, { status: "ok", version: VERSION });
  assertMatchesSchema(body, "Liveness");
  assertStrictEquals(directory.opens + directory.reads, 0);
});

Deno.test("GET /readyz answers 200 with the version, snapshot and checks when the snapshot answers", async () => {
  await using fx = await fixture();
  const app = testApp(fx.directory);
  const res = await probe(app, "/readyz");
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("cache-control"), "no-store");
  const body = await res.json();
  assertMatchesSchema(body, "Readiness");
  assertStrictEquals(body.ready, true);
  assertStrictEquals(body.version, VERSION);
  assertStrictEquals(body.snapshot.clubs, 30);
  assertMatch(body.snapshot.imported_at, /^\d{4}-\d\d-\d\dT/);
  assertEquals(body.checks, { database: { state: "ok", detail: "30 clubs" } });
  assertEquals(body.not_ready, []);
  // Without Redis stores there is nothing else to report.
  assert(!("sessions" in body.checks) && !("rate_limit_store" in body.checks));
  const head = await probe(app, "/readyz", { method: "HEAD" });
  assertStrictEquals(head.status, 200);
  assertStrictEquals(await head.text(), "");
});

Deno.test("GET /readyz answers 503 naming what is wrong, never a path: missing, corrupt, another layout", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const cases: [string, (path: string) => void, string][] = [
      ["missing", () => {}, "database: the database file is missing"],
      [
        "corrupt",
        (p) => Deno.writeTextFileSync(p, "not a database ".repeat(400)),
        "database: the database file cannot be read (corrupt, or not a database; see the server log)",
      ],
      ["another layout", (p) => {
        const db = new DatabaseSync(p);
        db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
        db.exec("INSERT INTO meta VALUES ('schema_version', '1')");
        db.close();
      }, "database: the database file is of another layout (import it again)"],
    ];
    for (const [name, make, reason] of cases) {
      const path = `${dir}/${name.replace(" ", "_")}.db`;
      make(path);
      const directory = new Directory(path);
      try {
        const res = await probe(testApp(directory), "/readyz");
        assertStrictEquals(res.status, 503, name);
        const text = await res.text();
        assert(!text.includes(dir), `${name}: the body names no path: ${text}`);
        const body = JSON.parse(text);
        assertMatchesSchema(body, "Readiness");
        assertStrictEquals(body.ready, false);
        assertStrictEquals(body.snapshot, null);
        assertStrictEquals(body.checks.database.state, "failed");
        assertEquals(body.not_ready, [reason], name);
        // Liveness is not readiness: the process still answers.
        assertStrictEquals((await probe(testApp(directory), "/healthz")).status, 200);
      } finally {
        directory.close();
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readiness is checked at most once a second, and follows the file: removed, then back", async () => {
  await using fx = await fixture();
  const directory = new CountingDirectory(fx.path, { checkEveryMs: 0 });
  let now = 1_000_000;
  const app = testApp(directory, { now: () => now });
  const status = async () => (await probe(app, "/readyz")).status;
  try {
    assertStrictEquals(await status(), 200);
    for (let i = 0; i < 50; i++) assertStrictEquals(await status(), 200);
    assertStrictEquals(directory.reads, 1, "50 probes within a second: one check");
    const saved = `${fx.dir}/saved.db`;
    await Deno.rename(fx.path, saved);
    now += PROBE_CACHE_MS - 1;
    assertStrictEquals(await status(), 200, "still the kept result");
    now += 1;
    assertStrictEquals(await status(), 503, "a new check: the file is gone");
    await Deno.rename(saved, fx.path);
    now += PROBE_CACHE_MS;
    assertStrictEquals(await status(), 200, "back");
    assertStrictEquals(directory.reads, 3);
  } finally {
    directory.close();
  }
});

Deno.test("the probes are exempt from the rate limit and kept out of the access log", async () => {
  await using fx = await fixture();
  const lines: string[] = [];
  const app = testApp(fx.directory, {
    rateLimit: { limit: 2, windowSeconds: 60 },
    log: (line) => lines.push(line),
  });
  for (let i = 0; i < 20; i++) {
    for (const path of ["/healthz", "/readyz"]) {
      const res = await probe(app, path);
      assertStrictEquals(res.status, 200);
      assertStrictEquals(res.headers.get("ratelimit"), null, "not counted, so no RateLimit");
      await res.body?.cancel();
    }
  }
  assertStrictEquals(lines.length, 0, lines.join("\n"));
  // The same client's budget is whole: 2 answers, then 429.
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await probe(app, "/api/v1/clubs?limit=1");
    statuses.push(res.status);
    await res.body?.cancel();
  }
  assertEquals(statuses, [200, 200, 429]);
  assertStrictEquals(lines.length, 3);
  assert(lines.every((l) => l.includes("/api/v1/clubs")));
});

Deno.test("the probes answer GET and HEAD only: other methods get 405 with Allow", async () => {
  await using fx = await fixture();
  const app = testApp(fx.directory);
  for (const path of ["/healthz", "/readyz"]) {
    const res = await probe(app, path, { method: "POST" });
    assertStrictEquals(res.status, 405);
    assertStrictEquals(res.headers.get("allow"), "GET, HEAD");
    await res.body?.cancel();
  }
});

Deno.test("stores backed by Redis are reported, and never make the replica unready (fail open)", () => {
  const fx = { directory: new Directory("/nonexistent/clubs.db") };
  let sessionsOk = true;
  const check = readinessCheck({
    directory: fx.directory,
    stores: {
      sessions: { health: () => ({ ok: sessionsOk, detail: sessionsOk ? "fine" : "away" }) },
      rateLimit: {},
    },
    now: () => (sessionsOk ? 0 : 10_000),
  });
  const first = check().readiness;
  assertEquals(first.checks.sessions, { state: "ok", detail: "fine" });
  assert(!("rate_limit_store" in first.checks), "a store without health() is not listed");
  assertEquals(first.not_ready, ["database: the database file is missing"]);
  sessionsOk = false;
  const second = check().readiness;
  assertEquals(second.checks.sessions, { state: "degraded", detail: "away" });
  // Only the database keeps it out of the pool.
  assertEquals(second.not_ready, ["database: the database file is missing"]);
  fx.directory.close();
});
