/**
 * The component schemas of the OpenAPI document, derived from the zod
 * schemas of `core/schema/` (and {@link ProblemSchema} below): nothing
 * restates a field by hand. Also the JSON Schema helpers the rest of the
 * document uses ({@link schemaOf}, {@link ref}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { componentSchemas } from "./schemas.ts";
 * assert.ok(Object.keys(componentSchemas()).includes("ClubList"));
 * ```
 * @module
 */
import { z } from "zod";
import {
  ChangeListSchema,
  ClubListSchema,
  ClubSchema,
  FeeViewSchema,
} from "../../core/schema/mod.ts";
import { type ProblemCode, PROBLEMS } from "../../core/model/mod.ts";
import { LivenessSchema, ReadinessSchema } from "../routes/health.ts";

/** A JSON object of the document, as it is being built. */
export type Json = Record<string, unknown>;

/**
 * Every registered problem code, in registry order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PROBLEM_CODES } from "./schemas.ts";
 * assert.ok(PROBLEM_CODES.includes("not_found"));
 * ```
 */
export const PROBLEM_CODES = Object.keys(PROBLEMS) as [ProblemCode, ...ProblemCode[]];

/**
 * The body of every error (docs/api.md#errors-in-the-contract, RFC 9457), sent as
 * `application/problem+json`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ProblemSchema } from "./schemas.ts";
 * assert.equal(ProblemSchema.shape.code.parse("not_found"), "not_found");
 * ```
 */
export const ProblemSchema = z.object({
  type: z.url().describe(
    "`{base_url}/problems/<code>`, a page that explains the code.",
  ),
  title: z.string().describe("Short summary."),
  status: z.int().min(400).max(599).describe("HTTP status."),
  detail: z.string().describe("What went wrong with this request."),
  code: z.enum(PROBLEM_CODES).describe("Stable code to branch on."),
  hint: z.string().describe("How to fix the request."),
  instance: z.string().optional().describe(
    "The path called; `/api/v1` for an unknown `/api/v1` path.",
  ),
});

/**
 * An error body.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Problem, ProblemSchema } from "./schemas.ts";
 * const p: Problem = { type: "https://x.example/problems/not_found", title: "Not found",
 *   status: 404, detail: "No club has the slug \"x\".", code: "not_found", hint: "…" };
 * assert.equal(ProblemSchema.safeParse(p).success, true);
 * ```
 */
export type Problem = z.infer<typeof ProblemSchema>;

// MCP bodies are described generically: the MCP server owns their details.
const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.int(), z.string()]).optional().describe(
    "Request id; leave it out for a notification.",
  ),
  method: z.string().describe(
    "`tools/list`, `tools/call` (params: `name`, `arguments`), `initialize`, …",
  ),
  params: z.record(z.string(), z.unknown()).optional(),
}).loose().describe("A JSON-RPC 2.0 request.");

const JsonRpcResponseSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.unknown().describe("The request's id; null when the request could not be read."),
  result: z.record(z.string(), z.unknown()).optional().describe("Present on success."),
  error: z.object({
    code: z.int(),
    message: z.string(),
    data: z.unknown().optional(),
  }).optional().describe("Present on failure."),
}).loose().describe("A JSON-RPC 2.0 response.");

/**
 * zod's OpenAPI 3.0 output, made valid for strict 3.0 tooling: drops the
 * `$id`s that registry output carries and the safe-integer bounds of
 * `z.int()`, and lists `null` in the `enum` of a nullable enum, since in 3.0
 * `enum` still restricts the value when `nullable` is true.
 */
function fix(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fix);
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$id") continue;
    // z.int() bounds every integer to the safe range: an artifact, not a rule.
    if (k === "maximum" && v === Number.MAX_SAFE_INTEGER) continue;
    if (k === "minimum" && v === Number.MIN_SAFE_INTEGER) continue;
    out[k] = fix(v);
  }
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) {
    out.enum = [...out.enum, null];
  }
  return out;
}

/**
 * The OpenAPI 3.0 schema of one zod schema, as a request reads it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { schemaOf } from "./schemas.ts";
 * assert.deepStrictEqual(schemaOf(z.int().min(1)), { type: "integer", minimum: 1 });
 * ```
 */
export function schemaOf(schema: z.ZodType): Json {
  return fix(z.toJSONSchema(schema, { target: "openapi-3.0", io: "input" })) as Json;
}

/**
 * A reference to a component schema.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ref } from "./schemas.ts";
 * assert.deepStrictEqual(ref("Club"), { $ref: "#/components/schemas/Club" });
 * ```
 */
export const ref = (name: string): { $ref: string } => ({
  $ref: `#/components/schemas/${name}`,
});

/**
 * The document's `components.schemas`: the club shapes, the problem body
 * and the JSON-RPC bodies, with response schemas opened
 * ({@link RESPONSE_SCHEMAS}) and `Problem.code` a string.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { componentSchemas } from "./schemas.ts";
 * assert.equal(componentSchemas().Problem!.description, "The body of every error (RFC 9457).");
 * ```
 */
export function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  registry.add(ClubListSchema, { id: "ClubList" });
  registry.add(ChangeListSchema, { id: "ChangeList" });
  registry.add(ClubSchema, { id: "Club" });
  registry.add(FeeViewSchema, { id: "FeeView" });
  registry.add(ProblemSchema, { id: "Problem" });
  registry.add(JsonRpcRequestSchema, { id: "JsonRpcRequest" });
  registry.add(JsonRpcResponseSchema, { id: "JsonRpcResponse" });
  registry.add(LivenessSchema, { id: "Liveness" });
  registry.add(ReadinessSchema, { id: "Readiness" });
  const out = z.toJSONSchema(registry, {
    target: "openapi-3.0",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const schemas = fix(out.schemas) as Record<string, Json>;
  schemas.ClubList!.description = "Body of a 200 from `GET /api/v1/clubs`.";
  schemas.Club!.description =
    "One club. Every field is present; a nullable field holds null when the listing has no value.";
  schemas.FeeView!.description =
    "One fee as this caller may see it. `label` is present for `band` and `exact`; `estimate` for `band`.";
  schemas.Problem!.description = "The body of every error (RFC 9457).";
  for (const name of RESPONSE_SCHEMAS) schemas[name] = openResponseSchema(schemas[name]) as Json;
  const code = (schemas.Problem!.properties as Record<string, Json>).code!;
  // Not an enum: a code added within v1 must not fail validation. The known
  // ones are listed in prose (and as the enum of `/problems/{code}`'s parameter).
  const { enum: known, ...rest } = code;
  (schemas.Problem!.properties as Record<string, Json>).code = {
    ...rest,
    description: `${rest.description} The codes known to this version: ${
      (known as string[]).map((c) => `\`${c}\``).join(", ")
    } (each explained at \`/problems/<code>\`). More may be added within v1: treat an unknown code by \`status\`.`,
  };
  return schemas;
}

/**
 * The component schemas of response bodies. They are open (see
 * `EVOLUTION_TEXT` in info.ts): a member added within v1 must not fail a
 * client that validates what it receives.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RESPONSE_SCHEMAS } from "./schemas.ts";
 * assert.ok(RESPONSE_SCHEMAS.includes("Club"));
 * ```
 */
export const RESPONSE_SCHEMAS = [
  "ClubList",
  "Club",
  "FeeView",
  "Problem",
  "JsonRpcResponse",
  "Liveness",
  "Readiness",
] as const;

/**
 * A response schema with every object opened: zod's output closes each
 * object (`additionalProperties: false`), which would make any added member
 * a breaking change for clients that validate.
 */
function openResponseSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openResponseSchema);
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "additionalProperties" && v === false) continue;
    out[k] = openResponseSchema(v);
  }
  return out;
}
