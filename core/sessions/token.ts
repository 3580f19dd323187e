/**
 * Session tokens: how one is made, the one way it is hashed, and how hashes
 * are compared. Every store keeps only the SHA-256 of a token (the SQLite
 * file as bytes, Redis as {@link hexOf} those bytes), so a copy of a store
 * lets nobody in.
 *
 * A token is `cds_` followed by 43 base64url characters (32 random bytes,
 * 256 bits). It is shown once, when the session is created.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashToken, isTokenShaped, newToken, sameHash } from "./token.ts";
 * const token = newToken();
 * assert.ok(isTokenShaped(token));
 * assert.ok(sameHash(hashToken(token), hashToken(token)));
 * ```
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Every token starts with this, so a leaked one is easy to recognise and grep for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newToken, TOKEN_PREFIX } from "./token.ts";
 * assert.ok(newToken().startsWith(TOKEN_PREFIX));
 * ```
 */
export const TOKEN_PREFIX = "cds_";

/** `cds_` + base64url of 32 bytes (43 characters, no padding). */
const TOKEN_SHAPE = /^cds_[A-Za-z0-9_-]{43}$/;

/**
 * A new random token: `cds_` + base64url of 32 random bytes (256 bits).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newToken } from "./token.ts";
 * assert.equal(newToken().length, 47);
 * ```
 */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return TOKEN_PREFIX + btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Whether a string has the shape of a token. Anything else is no session,
 * without a store read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isTokenShaped, newToken } from "./token.ts";
 * assert.ok(isTokenShaped(newToken()));
 * assert.equal(isTokenShaped("hello"), false);
 * ```
 */
export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/**
 * The SHA-256 of a token: all a store ever keeps of it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashToken } from "./token.ts";
 * assert.equal(hashToken("cds_x").length, 32);
 * ```
 */
export function hashToken(token: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(token, "utf8").digest());
}

/**
 * Bytes as lowercase hex: a token hash as Redis keeps it, a session id.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hexOf } from "./token.ts";
 * assert.equal(hexOf(new Uint8Array([0, 255])), "00ff");
 * ```
 */
export function hexOf(bytes: Uint8Array): string {
  let hex = "";
  for (const b of bytes) hex += b.toString(16).padStart(2, "0");
  return hex;
}

/**
 * Whether two token hashes are equal, in time that does not depend on how
 * much of them matches. A store finds a session by the hash's index; this
 * final check keeps every code path's timing independent of the token.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashToken, sameHash } from "./token.ts";
 * assert.equal(sameHash(hashToken("cds_a"), hashToken("cds_b")), false);
 * ```
 */
export function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
