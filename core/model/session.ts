/**
 * The session cookie's name (docs/api.md#fee-visibility: a caller presents a site session as
 * `Authorization: Bearer <token>` or as this cookie), defined once: the
 * server reads it, and the OpenAPI document and `main.ts session` quote it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SESSION_COOKIE } from "./session.ts";
 * assert.equal(`${SESSION_COOKIE}=cds_…; Path=/; HttpOnly`, "session=cds_…; Path=/; HttpOnly");
 * ```
 * @module
 */

/** Name of the session cookie. */
export const SESSION_COOKIE = "session";
