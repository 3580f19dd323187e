/**
 * The OpenAPI document's `info`: its version, contact and license, and the
 * prose a reader starts with (how v1 evolves, fees and sessions, bands).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { info } from "./info.ts";
 * assert.equal((info("help@clubs.example").contact as { email: string }).email, "help@clubs.example");
 * ```
 * @module
 */
import { VERSION } from "../../core/model/mod.ts";
import { BAND_LADDER } from "../../core/club/mod.ts";
import { SESSION_TEXT } from "./_sessions.ts";
import type { Json } from "./schemas.ts";

/**
 * Version of the description itself (docs/api.md#versioning-in-the-contract), not of the API path: the
 * product version of `deno.json`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OPENAPI_VERSION } from "./info.ts";
 * assert.equal(OPENAPI_VERSION, "1.2.0");
 * ```
 */
export const OPENAPI_VERSION: string = VERSION;

/**
 * The license the description states: none has been granted, so all
 * rights are reserved.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LICENSE } from "./info.ts";
 * assert.equal(LICENSE.name, "Proprietary: all rights reserved");
 * ```
 */
export const LICENSE = { name: "Proprietary: all rights reserved" } as const;

/**
 * How v1 evolves (docs/api.md#versioning), stated in the document and made
 * true by its schemas (see `openResponseSchema` in schemas.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EVOLUTION_TEXT } from "./info.ts";
 * assert.ok(EVOLUTION_TEXT.includes("ignore"));
 * ```
 */
export const EVOLUTION_TEXT =
  "Within v1, responses only grow. A response object (and a problem body) may gain members, and new problem codes may be added: clients must ignore members they do not know, and treat an unknown `code` by its HTTP status (its `title`, `detail` and `hint` still read). So response schemas are open (no `additionalProperties: false`) and `Problem.code` is a string, its known values listed in its description and as the values of the `/problems/{code}` parameter. The values of the other enumerated fields (`fee_access`, `fee_tier`, `waitlist_status`, a fee view's `kind`) are closed in v1; a new value, like removing or renaming a member or changing its type or meaning, ships under a new `/api/vN`. Request parameters are strict: a value outside a parameter's schema is refused with a 400.";

function bandText(): string {
  const edges = BAND_LADDER.map((n) => n.toLocaleString("en-US"));
  return `Bands use one ladder for every fee: ${
    edges.join(", ")
  } and above, in the club's currency. A band label reads like \`$10,000–$25,000\` (lower bound included, upper excluded) or \`$1,000,000+\`; an exact label like \`$12,500\`. \`firstYear\` is the first-year cost: initiation plus a year of dues (annual dues, else twelve monthly dues).`;
}

/**
 * The document's `info`, naming `supportEmail` as the contact (and as
 * where to ask about the license).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { info } from "./info.ts";
 * assert.equal(info("help@clubs.example").title, "Club Directory Service");
 * ```
 */
export function info(supportEmail: string): Json {
  return {
    title: "Club Directory Service",
    version: OPENAPI_VERSION,
    contact: { name: "Support", email: supportEmail },
    // No license has been granted: the support address is where to ask.
    license: { ...LICENSE, url: `mailto:${supportEmail}` },
    description:
      `A read-only directory of private membership clubs worldwide. The supported endpoint is \`GET /api/v1/clubs\`; the other paths are described for completeness and are not supported for building against. The REST API is free and needs no API key and no account; it sends no CORS headers. Errors are RFC 9457 \`application/problem+json\` bodies whose \`code\` is explained at \`/problems/<code>\`.\n\nOnly the operations below are answered. A method a path does not serve answers 405 with \`Allow\` (each path item's description and \`x-refused-methods\`); any other path under \`/api/v1/\` answers 404 \`not_found\` (\`x-unknown-paths\`).\n\n## Evolution\n\n${EVOLUTION_TEXT}\n\n## Fees and sessions\n\n${SESSION_TEXT}\n\n| Caller | \`fee_access\` | fee figures | \`fee_views\` |\n|-|-|-|-|\n| No session | \`locked\` | null | \`locked\` where a figure exists, \`none\` where none is on file |\n| Free session | \`band\` | null | \`band\` (\`estimate: true\` for estimated fees) |\n| Member session | \`exact\` | club-verified figures | \`exact\` for club-verified fees, \`band\` otherwise |\n\n${bandText()}`,
  };
}
