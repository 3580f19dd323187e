// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import { importSnapshot, openSource } from "../../../core/import/build/import.ts";
import {
  hashToken,
  newToken,
  SessionError,
  SessionLockedError,
  SessionStore,
  sessionStorePath,
} from "../../../core/sessions/mod.ts";
import { FIXTURE_CSV } from "../../_fixture.ts";
import { spawn } from "../../_run.ts";
import {
  assert,
  assertEquals,
  assertMatch,
  assertNotStrictEquals,
  assertRejects,
  assertStrictEquals,
  assertThrows,
} from "../../_assert.ts";

const DAY = 86_400_000;

async function tempStore(): Promise<
  { dir: string; path: string; [Symbol.asyncDispose](): Promise<void> }
> {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-sessions-" });
  return {
    dir,
    path: `${dir}/clubs.sessions.db`,
    async [Symbol.asyncDispose]() {
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("sessionStorePath() puts the store beside the database", () => {
  assertStrictEquals(sessionStorePath("data/clubs.db"), "data/clubs.sessions.db");
  assertStrictEquals(sessionStorePath("/srv/x/clubs.DB"), "/srv/x/clubs.sessions.db");
  assertStrictEquals(sessionStorePath("/srv/clubs.sqlite"), "/srv/clubs.sqlite.sessions.db");
  assertNotStrictEquals(sessionStorePath("clubs.db"), "clubs.db");
});

Deno.test("create() then lookup() finds the session until it expires", async () => {
  await using tmp = await tempStore();
  const store = SessionStore.writer(tmp.path);
  const now = Date.UTC(2025, 0, 1);
  const { token, session } = store.create({ tier: "member", ttlMs: DAY, label: "alice", now });
  assertEquals(session, {
    id: session.id,
    tier: "member",
    label: "alice",
    createdAt: now,
    expiresAt: now + DAY,
    revokedAt: null,
  });
  assertMatch(session.id, /^[0-9a-f]{10}$/);
  assertEquals(store.lookup(token, now + 1), session);
  assertEquals(store.lookup(token, now + DAY - 1), session);
  assertStrictEquals(store.lookup(token, now + DAY), null, "expired at expiresAt");
  store.close();
});

Deno.test("lookup() of unknown, malformed or tampered tokens is null", async () => {
  await using tmp = await tempStore();
  const store = SessionStore.writer(tmp.path);
  const { token } = store.create({ tier: "free", ttlMs: DAY });
  assertStrictEquals(store.lookup(newToken()), null);
  assertStrictEquals(store.lookup(""), null);
  assertStrictEquals(store.lookup("Bearer " + token), null);
  assertStrictEquals(store.lookup(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A")), null);
  assertStrictEquals(store.lookup(token + "x"), null);
  store.close();
});

Deno.test("the store keeps only the token's hash, never the token", async () => {
  await using tmp = await tempStore();
  const store = SessionStore.writer(tmp.path);
  const { token } = store.create({ tier: "member", ttlMs: DAY, label: "bob" });
  store.close();
  const bytes = await Deno.readFile(tmp.path);
  const text = new TextDecoder("latin1").decode(bytes);
  assert(!text.includes(token), "token in the file");
  assert(!text.includes(token.slice(4)), "token body in the file");
  const db = new DatabaseSync(tmp.path, { readOnly: true });
  const row = db.prepare("SELECT * FROM sessions").get() as Record<string, unknown>;
  db.close();
  assertEquals(row.token_hash, hashToken(token));
  assert(!Object.values(row).includes(token));
});

Deno.test("the store file is readable by its owner only", async () => {
  await using tmp = await tempStore();
  SessionStore.writer(tmp.path).close();
  assertStrictEquals((await Deno.stat(tmp.path)).mode! & 0o777, 0o600);
});

Deno.test("revoke() by token or by id; a revoked session is no session", async () => {
  await using tmp = await tempStore();
  const store = SessionStore.writer(tmp.path);
  const a = store.create({ tier: "member", ttlMs: DAY });
  const b = store.create({ tier: "free", ttlMs: DAY });
  const byToken = store.revoke(a.token, 1234);
  assertStrictEquals(byToken?.id, a.session.id);
  assertStrictEquals(byToken?.revokedAt, 1234);
  assertStrictEquals(store.lookup(a.token), null);
  assertStrictEquals(store.lookup(b.token)?.id, b.session.id, "others unaffected");
  assertStrictEquals(store.revoke(b.session.id, 5678)?.revokedAt, 5678);
  assertStrictEquals(store.lookup(b.token), null);
  assertStrictEquals(store.revoke(a.token, 9999)?.revokedAt, 1234, "first revocation kept");
  assertStrictEquals(store.revoke("0000000000"), null);
  assertStrictEquals(store.revoke(newToken()), null);
  store.close();
});

Deno.test("list() shows every session, oldest first, without tokens", async () => {
  await using tmp = await tempStore();
  const store = SessionStore.writer(tmp.path);
  const a = store.create({ tier: "member", ttlMs: DAY, now: 1000 });
  const b = store.create({ tier: "free", ttlMs: DAY, now: 2000, label: "x" });
  store.revoke(a.session.id, 3000);
  const list = store.list();
  assertEquals(list.map((s) => s.id), [a.session.id, b.session.id]);
  assertStrictEquals(list[0]!.revokedAt, 3000);
  assert(!JSON.stringify(list).includes(a.token));
  assert(!JSON.stringify(list).includes(b.token));
  store.close();
});

Deno.test("create() rejects a bad tier or lifetime", async () => {
  await using tmp = await tempStore();
  const store = SessionStore.writer(tmp.path);
  assertThrows(() => store.create({ tier: "gold" as "free", ttlMs: DAY }), SessionError);
  assertThrows(() => store.create({ tier: "free", ttlMs: 0 }), SessionError);
  assertThrows(() => store.create({ tier: "free", ttlMs: 1.5 }), SessionError);
  assertEquals(store.list(), []);
  store.close();
});

Deno.test("a reader with no store file: nobody has a session, and nothing is created", async () => {
  await using tmp = await tempStore();
  const reader = SessionStore.reader(tmp.path);
  assertStrictEquals(reader.lookup(newToken()), null);
  assertEquals(reader.list(), []);
  await assertRejects(Deno.stat(tmp.path), Deno.errors.NotFound);
  reader.close();
});

Deno.test("a reader cannot change the store", async () => {
  await using tmp = await tempStore();
  SessionStore.writer(tmp.path).close();
  const reader = SessionStore.reader(tmp.path);
  assertThrows(() => reader.create({ tier: "free", ttlMs: DAY }), /opened read-only/);
  assertThrows(() => reader.revoke("abc"), SessionError);
  reader.close();
});

Deno.test("a reader sees sessions created, and revoked, after it opened", async () => {
  await using tmp = await tempStore();
  const reader = SessionStore.reader(tmp.path);
  assertStrictEquals(reader.lookup(newToken()), null, "no file yet");
  const writer = SessionStore.writer(tmp.path);
  const { token, session } = writer.create({ tier: "member", ttlMs: DAY });
  assertStrictEquals(reader.lookup(token)?.id, session.id, "file that appeared");
  const second = writer.create({ tier: "free", ttlMs: DAY });
  assertStrictEquals(reader.lookup(second.token)?.tier, "free", "row added to an open file");
  writer.revoke(token);
  assertStrictEquals(reader.lookup(token), null, "revocation counts at once");
  writer.close();
  reader.close();
});

Deno.test("a reader follows a store file that was replaced", async () => {
  await using tmp = await tempStore();
  const first = SessionStore.writer(tmp.path);
  const old = first.create({ tier: "member", ttlMs: DAY });
  first.close();
  const reader = SessionStore.reader(tmp.path, { checkEveryMs: 50 });
  assert(reader.lookup(old.token));
  await Deno.remove(tmp.path);
  const second = SessionStore.writer(tmp.path);
  const fresh = second.create({ tier: "free", ttlMs: DAY });
  second.close();
  await new Promise((r) => setTimeout(r, 60));
  assertStrictEquals(reader.lookup(old.token), null);
  assertStrictEquals(reader.lookup(fresh.token)?.tier, "free");
  reader.close();
});

Deno.test("a reader of a file that is not a session store throws SessionError", async () => {
  await using tmp = await tempStore();
  await Deno.writeTextFile(
    tmp.path,
    "this is not a database, just text that is long enough ".repeat(20),
  );
  const reader = SessionStore.reader(tmp.path);
  assertThrows(() => reader.lookup(newToken()), SessionError);
  reader.close();
});

Deno.test("sessions survive a re-import of the club database beside them", async () => {
  await using tmp = await tempStore();
  const dbPath = `${tmp.dir}/clubs.db`;
  await importSnapshot(openSource(FIXTURE_CSV), { dbPath });
  const store = SessionStore.writer(sessionStorePath(dbPath));
  const { token } = store.create({ tier: "member", ttlMs: DAY });
  store.close();
  await importSnapshot(openSource(FIXTURE_CSV), { dbPath });
  const reader = SessionStore.reader(sessionStorePath(dbPath));
  assertStrictEquals(reader.lookup(token)?.tier, "member");
  reader.close();
  // Nothing else left beside them but the import's lock file, which stays by design.
  const files = [...Deno.readDirSync(tmp.dir)].map((e) => e.name)
    .filter((name) => !name.endsWith(".import-lock")).sort();
  assertEquals(files, ["clubs.db", "clubs.sessions.db"]);
});

/** Another process that holds the store's write lock until `release()`. */
async function holdWriteLock(path: string) {
  const child = spawn([
    "eval",
    `import { DatabaseSync } from "node:sqlite";
     const db = new DatabaseSync(${JSON.stringify(path)});
     db.exec("BEGIN EXCLUSIVE");
     console.log("locked");
     for await (const _ of Deno.stdin.readable) { /* until the parent closes stdin */ }
     db.exec("COMMIT");`,
  ], { stdin: "piped", stderr: "null" });
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const first = await reader.read();
  assertStrictEquals(first.value?.trim(), "locked");
  return {
    async release() {
      await child.stdin.close();
      await child.status;
      await reader.cancel(); // the decoded stream holds stdout: cancelling it closes both
    },
  };
}

Deno.test("a reader never waits for another process's write lock", async () => {
  await using t = await tempStore();
  const writer = SessionStore.writer(t.path);
  const seen = writer.create({ tier: "member", ttlMs: DAY }).token;
  const unseen = writer.create({ tier: "free", ttlMs: DAY }).token;
  writer.close();
  const reader = SessionStore.reader(t.path);
  try {
    assertStrictEquals(reader.lookup(seen)?.tier, "member");
    const lock = await holdWriteLock(t.path);
    try {
      const started = performance.now();
      // Looked up a moment ago: the same answer, from memory.
      assertStrictEquals(reader.lookup(seen)?.tier, "member");
      // Never looked up: no answer rather than a wait for the lock.
      assertThrows(() => reader.lookup(unseen), SessionLockedError);
      assertThrows(() => reader.lookup(unseen), SessionLockedError);
      // The old reader waited 2 s (busy_timeout) per lookup.
      const ms = performance.now() - started;
      assert(ms < 1_000, `${ms} ms`);
    } finally {
      await lock.release();
    }
    assertStrictEquals(reader.lookup(unseen)?.tier, "free");
  } finally {
    reader.close();
  }
});
