/**
 * What a site session is, whichever store keeps it (docs/api.md#fee-visibility):
 * a tier, which decides the fee access it grants, a lifetime, and maybe a
 * revocation. A new session is checked and shaped here, once, for every store.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newSessionAttempts, sessionState, TIER_ACCESS } from "./session.ts";
 * const [s] = newSessionAttempts({ tier: "member", ttlMs: 60_000, now: 0 });
 * assert.equal(TIER_ACCESS[s!.tier], "exact");
 * assert.equal(sessionState(s!, 60_000), "expired");
 * ```
 * @module
 */
import type { FeeAccess } from "../club/mod.ts";
import { hexOf } from "./token.ts";

/**
 * Session tiers (docs/api.md#fee-visibility): a free account or a paying member.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SESSION_TIERS } from "./session.ts";
 * assert.ok(SESSION_TIERS.includes("member"));
 * ```
 */
export const SESSION_TIERS = ["free", "member"] as const;

/**
 * A session tier.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SESSION_TIERS, type SessionTier } from "./session.ts";
 * const tier: SessionTier = "free";
 * assert.ok(SESSION_TIERS.includes(tier));
 * ```
 */
export type SessionTier = typeof SESSION_TIERS[number];

/**
 * The fee access each tier grants (docs/api.md#fee-visibility). No session at all is `locked`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TIER_ACCESS } from "./session.ts";
 * assert.equal(TIER_ACCESS.member, "exact");
 * ```
 */
export const TIER_ACCESS: Readonly<Record<SessionTier, FeeAccess>> = {
  free: "band",
  member: "exact",
};

/** Raised when a session store cannot be opened, read or written, or a new session is invalid. */
export class SessionError extends Error {
  /**
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { SessionError } from "./session.ts";
   * assert.equal(new SessionError("Cannot open session store: missing").name, "SessionError");
   * ```
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SessionError";
  }
}

/**
 * One stored session, as `list` shows it: never the token, never its hash.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type SessionInfo, sessionState } from "./session.ts";
 * const s: SessionInfo = { id: "3f9a0c12be", tier: "free", label: null,
 *   createdAt: 0, expiresAt: 86_400_000, revokedAt: null };
 * assert.equal(sessionState(s, 1_000), "active");
 * ```
 */
export interface SessionInfo {
  /** Short random id, safe to print and to pass to `revoke`. */
  id: string;
  tier: SessionTier;
  label: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Milliseconds since the epoch; the session counts as none from then on. */
  expiresAt: number;
  /** Milliseconds since the epoch, or null while not revoked. */
  revokedAt: number | null;
}

/**
 * Whether a session still counts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type SessionState, sessionState } from "./session.ts";
 * const state: SessionState = sessionState({ expiresAt: 10, revokedAt: 5 }, 1);
 * assert.equal(state, "revoked");
 * ```
 */
export type SessionState = "active" | "expired" | "revoked";

/**
 * Whether a session counts at a given time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionState } from "./session.ts";
 * assert.equal(sessionState({ expiresAt: 10, revokedAt: null }, 20), "expired");
 * ```
 */
export function sessionState(
  session: Pick<SessionInfo, "expiresAt" | "revokedAt">,
  now: number,
): SessionState {
  if (session.revokedAt !== null) return "revoked";
  return now >= session.expiresAt ? "expired" : "active";
}

/**
 * What a store's `create` needs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type NewSession, newSessionAttempts } from "./session.ts";
 * const input: NewSession = { tier: "member", ttlMs: 30 * 86_400_000, label: "alice", now: 0 };
 * const [first] = newSessionAttempts(input);
 * assert.equal(first!.label, "alice");
 * assert.equal(first!.expiresAt, 30 * 86_400_000);
 * ```
 */
export interface NewSession {
  tier: SessionTier;
  /** Lifetime in milliseconds, from `now`. */
  ttlMs: number;
  /** A note for `list`, such as who the session is for. */
  label?: string | null;
  /** The current time (ms since the epoch); `Date.now()` unless given. */
  now?: number;
}

/**
 * A new session id: 10 hex characters (40 random bits), safe to print.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newSessionId } from "./session.ts";
 * assert.equal(newSessionId().length, 10);
 * ```
 */
export function newSessionId(): string {
  return hexOf(crypto.getRandomValues(new Uint8Array(5)));
}

/**
 * The stored form of a new session, once per attempt to store it, each
 * with a fresh id: ids are 40 random bits, so a clash with a stored one is
 * rare but possible, and a store tries the next one (six in all). Throws
 * {@link SessionError} at the first step unless the tier and lifetime are valid.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newSessionAttempts } from "./session.ts";
 * const [first] = newSessionAttempts({ tier: "free", ttlMs: 60_000, now: 0 });
 * assert.equal(first!.expiresAt, 60000);
 * ```
 */
export function* newSessionAttempts(input: NewSession): Generator<SessionInfo> {
  if (!SESSION_TIERS.includes(input.tier)) {
    throw new SessionError(
      `Cannot create session: tier must be one of ${SESSION_TIERS.join(", ")}, got "${input.tier}"`,
    );
  }
  if (!Number.isSafeInteger(input.ttlMs) || input.ttlMs <= 0) {
    throw new SessionError(
      `Cannot create session: lifetime must be a positive whole number of ms, got ${input.ttlMs}`,
    );
  }
  const now = input.now ?? Date.now();
  for (let attempt = 0; attempt < 6; attempt++) {
    yield {
      id: newSessionId(),
      tier: input.tier,
      label: input.label ?? null,
      createdAt: now,
      expiresAt: now + input.ttlMs,
      revokedAt: null,
    };
  }
}
