/**
 * How the OpenAPI document states sessions: the two ways of presenting
 * one (its `securitySchemes`), the operations that read one, and the
 * prose both use.
 *
 * @module
 */
import { SESSION_COOKIE } from "../../core/model/mod.ts";
import { SESSION_TIERS } from "../../core/sessions/mod.ts";
import type { Json } from "./schemas.ts";

/** What a site session is and how a caller presents it. */
export const SESSION_TEXT =
  `A site session is a token created with \`main.ts session create --tier ${
    SESSION_TIERS.join("|")
  }\`, sent as \`Authorization: Bearer <token>\` or as the cookie \`${SESSION_COOKIE}=<token>\` (the bearer token wins when both are sent). A missing, unknown, expired or revoked token is no session: the call still succeeds, as an anonymous one.`;

/** Anonymous (`{}`) or either way of presenting a session. */
export const SESSION_SECURITY = [{}, { session_bearer: [] }, { session_cookie: [] }];

/** The document's `components.securitySchemes`: a bearer token or the session cookie. */
export function securitySchemes(): Json {
  return {
    session_bearer: {
      type: "http",
      scheme: "bearer",
      description: `Optional. ${SESSION_TEXT}`,
    },
    session_cookie: {
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE,
      description: `Optional. ${SESSION_TEXT}`,
    },
  };
}
