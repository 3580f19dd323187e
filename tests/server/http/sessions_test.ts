import { newToken, type SessionInfo, SessionStore } from "../../../core/sessions/mod.ts";
import {
  requestToken,
  sessionAccess,
  sessionErrorLog,
  sessionPrefetch,
} from "../../../server/http/sessions.ts";
import { assertMatch, assertStrictEquals } from "../../_assert.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 1);

function req(headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/v1/clubs", { headers });
}

async function withStore(): Promise<{
  writer: SessionStore;
  reader: SessionStore;
  member: string;
  free: string;
  [Symbol.asyncDispose](): Promise<void>;
}> {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-access-" });
  const path = `${dir}/clubs.sessions.db`;
  const writer = SessionStore.writer(path);
  const member = writer.create({ tier: "member", ttlMs: DAY, now: NOW }).token;
  const free = writer.create({ tier: "free", ttlMs: DAY, now: NOW }).token;
  const reader = SessionStore.reader(path);
  return {
    writer,
    reader,
    member,
    free,
    async [Symbol.asyncDispose]() {
      writer.close();
      reader.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("requestToken() reads a bearer token, any case of the scheme", () => {
  assertStrictEquals(requestToken(req({ authorization: "Bearer cds_abc" })), "cds_abc");
  assertStrictEquals(requestToken(req({ authorization: "bearer cds_abc" })), "cds_abc");
  assertStrictEquals(requestToken(req({ authorization: "  BEARER   cds_abc  " })), "cds_abc");
});

Deno.test("requestToken() reads the session cookie among others", () => {
  assertStrictEquals(requestToken(req({ cookie: "session=cds_abc" })), "cds_abc");
  assertStrictEquals(requestToken(req({ cookie: "a=1; session=cds_abc; b=2" })), "cds_abc");
  assertStrictEquals(requestToken(req({ cookie: 'session="cds_abc"' })), "cds_abc");
  assertStrictEquals(requestToken(req({ cookie: "xsession=cds_abc" })), null);
  assertStrictEquals(requestToken(req({ cookie: "session=" })), null);
});

Deno.test("requestToken() prefers the bearer token to the cookie", () => {
  assertStrictEquals(
    requestToken(req({ authorization: "Bearer cds_a", cookie: "session=cds_b" })),
    "cds_a",
  );
});

Deno.test("requestToken() ignores other schemes and falls back to the cookie", () => {
  assertStrictEquals(requestToken(req({ authorization: "Basic dXNlcjpwdw==" })), null);
  assertStrictEquals(
    requestToken(req({ authorization: "Basic dXNlcjpwdw==", cookie: "session=cds_b" })),
    "cds_b",
  );
  assertStrictEquals(requestToken(req({ authorization: "Bearer" })), null);
  assertStrictEquals(requestToken(req()), null);
});

Deno.test("sessionAccess(): member → exact, free → band, by bearer and by cookie", async () => {
  await using s = await withStore();
  const access = sessionAccess(s.reader, () => NOW + 1);
  assertStrictEquals(access(req({ authorization: `Bearer ${s.member}` })), "exact");
  assertStrictEquals(access(req({ cookie: `session=${s.member}` })), "exact");
  assertStrictEquals(access(req({ authorization: `Bearer ${s.free}` })), "band");
  assertStrictEquals(access(req({ cookie: `theme=dark; session=${s.free}` })), "band");
});

Deno.test("sessionAccess(): no, unknown or malformed token → locked", async () => {
  await using s = await withStore();
  const access = sessionAccess(s.reader, () => NOW + 1);
  assertStrictEquals(access(req()), "locked");
  assertStrictEquals(access(req({ authorization: `Bearer ${newToken()}` })), "locked");
  assertStrictEquals(access(req({ cookie: `session=${newToken()}` })), "locked");
  assertStrictEquals(access(req({ authorization: "Bearer member" })), "locked");
  assertStrictEquals(access(req({ authorization: `Bearer ${s.member}x` })), "locked");
});

Deno.test("sessionAccess(): an expired token → locked", async () => {
  await using s = await withStore();
  let now = NOW + DAY - 1;
  const access = sessionAccess(s.reader, () => now);
  assertStrictEquals(access(req({ authorization: `Bearer ${s.member}` })), "exact");
  now = NOW + DAY;
  assertStrictEquals(access(req({ authorization: `Bearer ${s.member}` })), "locked");
  assertStrictEquals(access(req({ cookie: `session=${s.free}` })), "locked");
});

Deno.test("sessionAccess(): a revoked token → locked from the next request", async () => {
  await using s = await withStore();
  const access = sessionAccess(s.reader, () => NOW + 1);
  assertStrictEquals(access(req({ authorization: `Bearer ${s.member}` })), "exact");
  s.writer.revoke(s.member);
  assertStrictEquals(access(req({ authorization: `Bearer ${s.member}` })), "locked");
  assertStrictEquals(access(req({ authorization: `Bearer ${s.free}` })), "band");
});

Deno.test("sessionAccess(): an invalid bearer does not fall back to a valid cookie", async () => {
  await using s = await withStore();
  const access = sessionAccess(s.reader, () => NOW + 1);
  assertStrictEquals(
    access(req({ authorization: `Bearer ${newToken()}`, cookie: `session=${s.member}` })),
    "locked",
  );
});

Deno.test("sessionAccess(null) and a missing store file → locked", () => {
  assertStrictEquals(sessionAccess(null)(req({ authorization: `Bearer ${newToken()}` })), "locked");
  const missing = SessionStore.reader("/nonexistent/dir/clubs.sessions.db");
  assertStrictEquals(
    sessionAccess(missing)(req({ authorization: `Bearer ${newToken()}` })),
    "locked",
  );
});

Deno.test("sessionAccess(): an unreadable store → locked, and the error is reported", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/clubs.sessions.db`;
    await Deno.writeTextFile(path, "not a database ".repeat(100));
    const errors: string[] = [];
    const access = sessionAccess(
      SessionStore.reader(path),
      Date.now,
      (e) => errors.push(e.message),
    );
    assertStrictEquals(access(req({ authorization: `Bearer ${newToken()}` })), "locked");
    assertStrictEquals(errors.length, 1);
    assertMatch(errors[0]!, /^Cannot (open|read) session store/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("sessionAccess(): a request without a token never touches the store", () => {
  let lookups = 0;
  const spy = {
    lookup() {
      lookups++;
      return null;
    },
    close() {},
  };
  const access = sessionAccess(spy);
  assertStrictEquals(access(req({})), "locked");
  assertStrictEquals(access(req({ cookie: "theme=dark; lang=en" })), "locked");
  assertStrictEquals(access(req({ authorization: "Basic dXNlcjpwYXNz" })), "locked");
  assertStrictEquals(lookups, 0);
  access(req({ authorization: `Bearer ${newToken()}` }));
  assertStrictEquals(lookups, 1);
});

Deno.test("sessionErrorLog() writes a repeated failure once a minute, with the count", () => {
  let t = 0;
  const lines: string[] = [];
  const onError = sessionErrorLog((l) => lines.push(l), 60_000, () => t);
  for (let i = 0; i < 1_000; i++) onError(new Error('Session store "x" is locked'));
  assertStrictEquals(lines.length, 1);
  onError(new Error('Cannot read session store "x": disk I/O error'));
  assertStrictEquals(lines.length, 2);
  t = 61_000;
  onError(new Error('Session store "x" is locked'));
  assertStrictEquals(lines.length, 3);
  assertMatch(lines[2]!, /anonymous \(999 more like it since the last report\)$/);
});

/** A store that learns a token only when asked about it (like a Redis copy before its poll). */
function laggingStore() {
  const known = new Map<string, SessionInfo>();
  const asked: string[] = [];
  return {
    asked,
    lookup: (token: string) => known.get(token) ?? null,
    prefetch(token: string): Promise<void> | undefined {
      if (known.has(token)) return undefined;
      asked.push(token);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          known.set(token, {
            id: "3f9a0c12be",
            tier: "member",
            label: null,
            createdAt: 0,
            expiresAt: Date.now() + DAY,
            revokedAt: null,
          });
          resolve();
        }, 5)
      );
    },
    close() {},
  };
}

Deno.test("sessionPrefetch(): a token the store does not know is looked up before the app reads it", async () => {
  const store = laggingStore();
  const access = sessionAccess(store);
  const before = sessionPrefetch(store)!;
  const token = newToken();
  assertStrictEquals(access(req({ cookie: `session=${token}` })), "locked", "not known yet");
  await before(req({ cookie: `session=${token}` }));
  assertStrictEquals(access(req({ cookie: `session=${token}` })), "exact");
  assertStrictEquals(store.asked.length, 1);
});

Deno.test("sessionPrefetch(): no token, or a known one, goes straight through", async () => {
  const store = laggingStore();
  const before = sessionPrefetch(store)!;
  assertStrictEquals(before(req()), undefined, "no promise to wait for");
  const token = newToken();
  await before(req({ authorization: `Bearer ${token}` }));
  assertStrictEquals(before(req({ authorization: `Bearer ${token}` })), undefined);
  assertStrictEquals(store.asked.length, 1);
});

Deno.test("sessionPrefetch(): a store without prefetch (the SQLite file) needs no hook", async () => {
  await using s = await withStore();
  assertStrictEquals(sessionPrefetch(s.reader), undefined);
});
