/**
 * The OpenAPI 3.0.0 description served at `/openapi.json` (docs/api.md#the-openapi-document),
 * assembled from its parts, built once per support address and frozen.
 *
 * Nothing here restates a field by hand: component schemas are generated
 * from the zod schemas in `core/schema/` (schemas.ts), error responses
 * from the problem registry in `core/model/problems.ts`
 * (_problem_responses.ts), and parameter rules from the constants the
 * search itself uses (_parameters.ts). A field or a problem code added
 * there shows up here on the next start. Each path item is built in
 * `paths/`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openApiDocument } from "./document.ts";
 * const doc = openApiDocument();
 * assert.equal(doc.openapi, "3.0.0");
 * ```
 * @module
 */
import { asciiJson } from "../../core/model/mod.ts";
import { DEFAULT_SUPPORT_EMAIL } from "../config.ts";
import { HEADERS } from "./headers.ts";
import { info } from "./info.ts";
import { clubsPath, unknownPaths } from "./paths/clubs.ts";
import { changesPath } from "./paths/changes.ts";
import { mcpPath } from "./paths/mcp.ts";
import { documentPath, indexPath } from "./paths/meta.ts";
import { problemListPath, problemPagePath } from "./paths/problems.ts";
import { profilePath } from "./paths/profiles.ts";
import { healthzPath, readyzPath } from "./paths/probes.ts";
import { componentSchemas, type Json } from "./schemas.ts";
import { securitySchemes } from "./_sessions.ts";

function build(supportEmail: string): Json {
  // Built in this order (the paths, then `info`, then the components), as ever.
  const clubs = clubsPath();
  const unknown = unknownPaths();
  const profile = profilePath();
  const index = indexPath();
  const document = documentPath();
  const problemList = problemListPath();
  const problemPage = problemPagePath();
  const mcp = mcpPath();
  const healthz = healthzPath();
  const readyz = readyzPath();
  // Added after the others: built last, so nothing before it changes.
  const changes = changesPath();
  const mcpChanges = mcpPath("changes");
  return {
    openapi: "3.0.0",
    info: info(supportEmail),
    servers: [{ url: "/", description: "This server" }],
    // No operation needs credentials; the ones that read a session say so.
    security: [],
    tags: [
      { name: "clubs", description: "The supported REST endpoint." },
      { name: "profiles", description: "Club profile pages." },
      { name: "problems", description: "Documentation of error codes." },
      { name: "mcp", description: "The MCP server." },
      { name: "meta", description: "This description." },
      { name: "probes", description: "Liveness and readiness, for load balancers." },
    ],
    "x-unknown-paths": unknown,
    paths: {
      "/": index,
      "/api/v1/clubs": clubs,
      "/api/v1/changes": changes,
      "/clubs/{slug}": profile,
      "/openapi.json": document,
      "/problems": problemList,
      "/problems/{code}": problemPage,
      "/api/mcp": mcp,
      "/api/mcp/changes": mcpChanges,
      "/healthz": healthz,
      "/readyz": readyz,
    },
    components: {
      schemas: componentSchemas(),
      headers: HEADERS,
      securitySchemes: securitySchemes(),
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Documents by support address: one per app configuration, a handful at most. */
const documents = new Map<string, { doc: Json; json: string | null }>();

/**
 * The OpenAPI document, built once per support address (named as the
 * contact) and frozen: clone it (`structuredClone`) before handing it to
 * tools that dereference in place.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openApiDocument } from "./document.ts";
 * assert.equal((openApiDocument().info as { version: string }).version, "1.2.0");
 * ```
 */
export function openApiDocument(
  supportEmail: string = DEFAULT_SUPPORT_EMAIL,
): Record<string, unknown> {
  let entry = documents.get(supportEmail);
  if (!entry) {
    entry = { doc: deepFreeze(build(supportEmail)), json: null };
    documents.set(supportEmail, entry);
  }
  return entry.doc;
}

/**
 * The document as JSON text, serialized once, for the `/openapi.json` route.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openApiJson } from "./document.ts";
 * assert.equal(JSON.parse(openApiJson("help@clubs.example")).info.contact.email, "help@clubs.example");
 * ```
 */
export function openApiJson(supportEmail: string = DEFAULT_SUPPORT_EMAIL): string {
  openApiDocument(supportEmail);
  const entry = documents.get(supportEmail)!;
  // ASCII keeps the 200 KB text a one-byte string: sent about 4x faster.
  return entry.json ??= asciiJson(entry.doc);
}
