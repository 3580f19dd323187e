// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { UsageError } from "../../cli/args.ts";
import { parseDuration } from "../../cli/session.ts";
import { hashToken, SessionStore } from "../../core/sessions/mod.ts";
import { FIXTURE_CSV } from "../_fixture.ts";
import { hasTerminal, runAtTerminal, runMain } from "../_run.ts";
import stringWidth from "string-width";
import { assert, assertEquals, assertMatch, assertStrictEquals, assertThrows } from "../_assert.ts";

const DAY = 86_400_000;

async function tempDir(): Promise<{ dir: string; [Symbol.asyncDispose](): Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-cli-session-" });
  return { dir, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

function lookup(path: string, token: string) {
  const store = SessionStore.reader(path);
  try {
    return store.lookup(token);
  } finally {
    store.close();
  }
}

Deno.test("parseDuration() reads minutes, hours and days", () => {
  assertStrictEquals(parseDuration("90m"), 90 * 60_000);
  assertStrictEquals(parseDuration("12h"), 12 * 3_600_000);
  assertStrictEquals(parseDuration("30d"), 30 * DAY);
  assertStrictEquals(parseDuration("3650d"), 3650 * DAY);
});

Deno.test("parseDuration() refuses anything else with a UsageError", () => {
  for (const bad of ["", "30", "d", "0d", "1y", "1.5h", "-1d", "3651d", "30 d", "30D"]) {
    assertThrows(() => parseDuration(bad), UsageError, bad);
  }
});

Deno.test("session create prints the token as the only, last line of stdout", async () => {
  await using t = await tempDir();
  const db = `${t.dir}/clubs.db`;
  const before = Date.now();
  const r = await runMain([
    "session",
    "create",
    "--tier",
    "member",
    "--db",
    db,
    "--label",
    "alice",
  ]);
  assertStrictEquals(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assertStrictEquals(lines.length, 1);
  const token = lines.at(-1)!;
  assertMatch(token, /^cds_[A-Za-z0-9_-]{43}$/);
  assertMatch(r.stderr, /Created member session [0-9a-f]{10} \(alice\) in .*clubs\.sessions\.db/);
  assertMatch(r.stderr, /Authorization: Bearer <token>/);
  const session = lookup(`${t.dir}/clubs.sessions.db`, token)!;
  assertStrictEquals(session.tier, "member");
  assertStrictEquals(session.label, "alice");
  // Default lifetime: 30 days.
  assert(Math.abs(session.expiresAt - session.createdAt - 30 * DAY) < 1000);
  assert(session.createdAt >= before - 1000);
});

Deno.test("session create --expires-in and --tier free", async () => {
  await using t = await tempDir();
  const r = await runMain([
    "session",
    "create",
    "--tier",
    "free",
    "--expires-in",
    "12h",
    "--db",
    `${t.dir}/clubs.db`,
  ]);
  assertStrictEquals(r.code, 0, r.stderr);
  const session = lookup(`${t.dir}/clubs.sessions.db`, r.stdout.trim())!;
  assertStrictEquals(session.tier, "free");
  assertStrictEquals(session.expiresAt - session.createdAt, 12 * 3_600_000);
});

Deno.test("session --sessions PATH overrides the store beside --db", async () => {
  await using t = await tempDir();
  const path = `${t.dir}/elsewhere.db`;
  const r = await runMain(["session", "create", "--tier", "free", "--sessions", path]);
  assertStrictEquals(r.code, 0, r.stderr);
  assertStrictEquals(lookup(path, r.stdout.trim())?.tier, "free");
  const list = await runMain(["session", "list", "--sessions", path]);
  assertMatch(list.stdout, /\bfree\b/);
});

Deno.test("session uses $CLUBDIR_DB like serve when --db is not given", async () => {
  await using t = await tempDir();
  const env = { CLUBDIR_DB: `${t.dir}/env.db` };
  const r = await runMain(["session", "create", "--tier", "member"], { env });
  assertStrictEquals(r.code, 0, r.stderr);
  assertStrictEquals(lookup(`${t.dir}/env.sessions.db`, r.stdout.trim())?.tier, "member");
});

Deno.test("session list shows ids, tiers and states, never a token or its hash", async () => {
  await using t = await tempDir();
  const db = `${t.dir}/clubs.db`;
  const a = (await runMain(["session", "create", "--tier", "member", "--db", db, "--label", "a"]))
    .stdout.trim();
  const b = (await runMain(["session", "create", "--tier", "free", "--db", db])).stdout.trim();
  assertStrictEquals((await runMain(["session", "revoke", a, "--db", db])).code, 0);
  const r = await runMain(["session", "list", "--db", db]);
  assertStrictEquals(r.code, 0, r.stderr);
  const [head, ...rows] = r.stdout.trimEnd().split("\n");
  assertMatch(head!, /^ID\s+TIER\s+ACCESS\s+CREATED\s+EXPIRES\s+STATE\s+LABEL$/);
  assertStrictEquals(rows.length, 2);
  assertMatch(rows[0]!, /^[0-9a-f]{10}\s+member\s+exact\s+\S+Z\s+\S+Z\s+revoked\s+a$/);
  assertMatch(rows[1]!, /^[0-9a-f]{10}\s+free\s+band\s+\S+Z\s+\S+Z\s+active$/);
  for (const token of [a, b]) {
    assert(!r.stdout.includes(token) && !r.stderr.includes(token));
    assert(!r.stdout.includes(token.slice(4, 14)));
    const hex = Array.from(hashToken(token), (x) => x.toString(16).padStart(2, "0")).join("");
    assert(!r.stdout.includes(hex.slice(0, 10)), "no part of the hash");
  }
});

Deno.test({
  name: "session list fits the terminal: a long label is cut, then columns give way",
  ignore: !hasTerminal,
  async fn() {
    await using t = await tempDir();
    const db = `${t.dir}/clubs.db`;
    const label = "for the membership secretary of the Royal and Ancient 東京 club";
    await runMain(["session", "create", "--tier", "member", "--db", db, "--label", label]);
    for (const columns of [120, 80, 60]) {
      const { code, lines } = await runAtTerminal(columns, ["session", "list", "--db", db]);
      assertStrictEquals(code, 0, lines.join("\n"));
      assertStrictEquals(lines.length, 2, lines.join("\n"));
      for (const l of lines) assert(stringWidth(l) <= columns, `${columns}: ${l}`);
      assertMatch(lines[1]!, /^[0-9a-f]{10}\s+member\s/);
    }
    const wide = await runAtTerminal(200, ["session", "list", "--db", db]);
    assert(wide.lines[1]!.endsWith(label), wide.lines[1]);
  },
});

Deno.test("session list --format json is an array of the sessions, never a token or its hash", async () => {
  await using t = await tempDir();
  const db = `${t.dir}/clubs.db`;
  const empty = await runMain(["session", "list", "--format", "json", "--db", db]);
  assertStrictEquals(empty.code, 0, empty.stderr);
  assertStrictEquals(empty.stdout, "[]\n");
  assertEquals([...Deno.readDirSync(t.dir)], [], "listing creates no store");
  const a = (await runMain(["session", "create", "--tier", "member", "--db", db, "--label", "a"]))
    .stdout.trim();
  const b = (await runMain(["session", "create", "--tier", "free", "--db", db])).stdout.trim();
  assertStrictEquals((await runMain(["session", "revoke", a, "--db", db])).code, 0);
  const r = await runMain(["session", "list", "--format", "json", "--db", db]);
  assertStrictEquals(r.code, 0, r.stderr);
  const list = JSON.parse(r.stdout) as Record<string, unknown>[];
  const table = await runMain(["session", "list", "--db", db]);
  const ids = table.stdout.trimEnd().split("\n").slice(1).map((l) => l.split(/\s+/)[0]);
  assertEquals(list.map((s) => s.id), ids, "the table's sessions, in its order");
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
  for (const s of list) {
    assertEquals(Object.keys(s), [
      "id",
      "tier",
      "access",
      "created_at",
      "expires_at",
      "revoked_at",
      "state",
      "label",
    ]);
    assertMatch(s.created_at as string, iso);
    assertMatch(s.expires_at as string, iso);
  }
  const [member, free] = list;
  assertEquals([member!.tier, member!.access, member!.state, member!.label], [
    "member",
    "exact",
    "revoked",
    "a",
  ]);
  assertMatch(member!.revoked_at as string, iso);
  assertEquals([free!.tier, free!.access, free!.state, free!.label, free!.revoked_at], [
    "free",
    "band",
    "active",
    null,
    null,
  ]);
  for (const token of [a, b]) {
    assert(!r.stdout.includes(token) && !r.stdout.includes(token.slice(4, 14)));
    const hex = Array.from(hashToken(token), (x) => x.toString(16).padStart(2, "0")).join("");
    assert(!r.stdout.includes(hex.slice(0, 10)), "no part of the hash");
  }
});

Deno.test({
  name: "session list keeps the table on a terminal; --format json there too",
  ignore: !hasTerminal,
  async fn() {
    await using t = await tempDir();
    const db = `${t.dir}/clubs.db`;
    await runMain(["session", "create", "--tier", "free", "--db", db]);
    const table = await runAtTerminal(120, ["session", "list", "--db", db]);
    assertMatch(table.lines[0]!, /ID\s+TIER\s+ACCESS/);
    const json = await runAtTerminal(120, ["session", "list", "--format", "json", "--db", db]);
    assertStrictEquals(JSON.parse(json.lines.join("")).length, 1);
  },
});

Deno.test("session list of a missing store says so and creates nothing", async () => {
  await using t = await tempDir();
  const r = await runMain(["session", "list", "--db", `${t.dir}/clubs.db`]);
  assertStrictEquals(r.code, 0, r.stderr);
  assertMatch(r.stdout, /^No sessions in .*clubs\.sessions\.db\.$/m);
  assertEquals([...Deno.readDirSync(t.dir)], []);
});

Deno.test("session revoke by token or by id; the session stops counting", async () => {
  await using t = await tempDir();
  const db = `${t.dir}/clubs.db`;
  const store = `${t.dir}/clubs.sessions.db`;
  const a = (await runMain(["session", "create", "--tier", "member", "--db", db])).stdout.trim();
  const b = (await runMain(["session", "create", "--tier", "free", "--db", db])).stdout.trim();
  const r = await runMain(["session", "revoke", a, "--db", db]);
  assertStrictEquals(r.code, 0, r.stderr);
  assertMatch(r.stdout, /^Revoked member session [0-9a-f]{10}\.$/m);
  assert(!r.stdout.includes(a));
  assertStrictEquals(lookup(store, a), null);
  assert(lookup(store, b));
  const id = lookup(store, b)!.id;
  const byId = await runMain(["session", "revoke", id, "--db", db]);
  assertStrictEquals(byId.code, 0, byId.stderr);
  assertStrictEquals(lookup(store, b), null);
  const again = await runMain(["session", "revoke", id, "--db", db]);
  assertStrictEquals(again.code, 0);
  assertMatch(again.stdout, /^Already revoked: free session/m);
});

Deno.test("session revoke of an unknown token or a missing store exits 1", async () => {
  await using t = await tempDir();
  const db = `${t.dir}/clubs.db`;
  const missing = await runMain(["session", "revoke", "abc", "--db", db]);
  assertStrictEquals(missing.code, 1);
  assertMatch(missing.stderr, /Cannot revoke: no session store at /);
  await runMain(["session", "create", "--tier", "free", "--db", db]);
  const unknown = await runMain(["session", "revoke", "0123456789", "--db", db]);
  assertStrictEquals(unknown.code, 1);
  assertMatch(unknown.stderr, /Cannot revoke: no session matches "0123456789"/);
});

Deno.test("session mistakes are usage errors: exit 2, the error and a pointer to --help", async () => {
  await using t = await tempDir();
  const db = `${t.dir}/clubs.db`;
  const cases: [string[], RegExp][] = [
    [["session"], /missing the subcommand/],
    [["session", "delete"], /unknown subcommand "delete"/],
    [["session", "list", "--bogus"], /unknown flag/],
    [["session", "create", "--db", db], /--tier is required/],
    [["session", "create", "--tier", "gold", "--db", db], /--tier must be free or member/],
    [["session", "create", "--tier", "free", "--expires-in", "1y", "--db", db], /--expires-in/],
    [["session", "create", "--tier", "free", "--expires-in", "0d", "--db", db], /--expires-in/],
    [["session", "list", "--tier", "free", "--db", db], /--tier applies to "session create"/],
    [["session", "list", "--format", "csv", "--db", db], /--format must be one of table, json/],
    [
      ["session", "create", "--tier", "free", "--format", "json", "--db", db],
      /--format applies to "session list"/,
    ],
    [["session", "create", "extra", "--tier", "free", "--db", db], /unexpected argument/],
    [["session", "revoke", "--db", db], /missing the token or id/],
    [["session", "revoke", "a", "b", "--db", db], /expected one token or id/],
  ];
  for (const [args, message] of cases) {
    const r = await runMain(args);
    assertStrictEquals(r.code, 2, args.join(" "));
    assertMatch(r.stderr, message, args.join(" "));
    assertStrictEquals(r.stderr.trimEnd().split("\n").length, 2, r.stderr);
    assertMatch(r.stderr, /^error: .*\nRun "main\.ts session --help" for the options\.\n$/);
    assertStrictEquals(r.stdout, "");
  }
  assertEquals([...Deno.readDirSync(t.dir)], [], "no store created by a mistake");
});

Deno.test("session --help prints the usage and exits 0", async () => {
  const r = await runMain(["session", "--help"]);
  assertStrictEquals(r.code, 0);
  assertMatch(r.stdout, /^Usage: main\.ts session <create \| list \| revoke>/);
  assertMatch(r.stdout, /Authorization: Bearer <token>/);
  assertMatch(r.stdout, /session=<token>/);
  const main = await runMain(["--help"]);
  assertMatch(main.stdout, /^\s+session\s+create, list and revoke site sessions/m);
});

Deno.test("sessions survive main.ts import of the club database", async () => {
  await using t = await tempDir();
  const db = `${t.dir}/clubs.db`;
  assertStrictEquals((await runMain(["import", FIXTURE_CSV, "--db", db])).code, 0);
  const token = (await runMain(["session", "create", "--tier", "member", "--db", db])).stdout
    .trim();
  const re = await runMain(["import", FIXTURE_CSV, "--db", db]);
  assertStrictEquals(re.code, 0, re.stderr);
  assertStrictEquals(lookup(`${t.dir}/clubs.sessions.db`, token)?.tier, "member");
  const list = await runMain(["session", "list", "--db", db]);
  assertMatch(list.stdout, /\bmember\b.*\bactive\b/);
});
