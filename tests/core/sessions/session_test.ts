import {
  newSessionAttempts,
  SessionError,
  sessionState,
  TIER_ACCESS,
} from "../../../core/sessions/mod.ts";
import { assertEquals, assertMatch, assertStrictEquals, assertThrows } from "../../_assert.ts";

Deno.test("sessionState(): revoked, then expired, else active", () => {
  assertStrictEquals(sessionState({ expiresAt: 100, revokedAt: null }, 99), "active");
  assertStrictEquals(sessionState({ expiresAt: 100, revokedAt: null }, 100), "expired");
  assertStrictEquals(sessionState({ expiresAt: 100, revokedAt: 50 }, 60), "revoked");
});

Deno.test("TIER_ACCESS: free sees bands, member sees exact", () => {
  assertEquals(TIER_ACCESS, { free: "band", member: "exact" });
});

Deno.test("newSessionAttempts(): six tries, each with a fresh id, the same tier and dates", () => {
  const tries = [...newSessionAttempts({ tier: "member", ttlMs: 1_000, label: "al", now: 5 })];
  assertStrictEquals(tries.length, 6);
  assertStrictEquals(new Set(tries.map((t) => t.id)).size, 6);
  for (const t of tries) {
    assertMatch(t.id, /^[0-9a-f]{10}$/);
    assertEquals({ ...t, id: "" }, {
      id: "",
      tier: "member",
      label: "al",
      createdAt: 5,
      expiresAt: 1_005,
      revokedAt: null,
    });
  }
});

Deno.test("newSessionAttempts() refuses a bad tier or lifetime before any try", () => {
  // deno-lint-ignore no-explicit-any
  assertThrows(() => newSessionAttempts({ tier: "gold" as any, ttlMs: 1 }).next(), SessionError);
  assertThrows(() => newSessionAttempts({ tier: "free", ttlMs: 0 }).next(), SessionError);
  assertThrows(() => newSessionAttempts({ tier: "free", ttlMs: 1.5 }).next(), SessionError);
});
