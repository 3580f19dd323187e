/**
 * The `tools/list` result, built once from the tools' zod schemas and kept.
 * The SDK converts every schema again on each `tools/list`, though they never
 * change. The conversion is the SDK's own (zod's Standard JSON Schema hook at
 * the SDK's target, draft 2020-12, as an object root), then made portable and
 * small, since every client sends the listing to its model:
 *
 * - zod writes a nullable field as `type: ["string", "null"]`, legal but
 *   refused or mangled by clients that map tool schemas onto a single-`type`
 *   dialect (inspector `--strict` warns): each becomes single-type `anyOf`
 *   branches;
 * - zod's safe-integer bounds (`±9007199254740991`) say nothing: dropped;
 * - `$schema` names draft 2020-12, MCP's default dialect: dropped;
 * - output schemas keep their structure (properties, types, enums, and in
 *   `required` which fields are always present, so a client can rely on
 *   them and an empty object does not pass) but not the storage limits
 *   (lengths, patterns, ranges, no extra properties): a result always meets
 *   them (the SDK checks each one against the full zod schema before sending
 *   it). Nor their descriptions: hosts give models the input schemas, so
 *   what a result means is said in the tool's description, once.
 *
 * @example
 * ```ts ignore
 * import { toolListing } from "./listing.ts";
 * server.server.setRequestHandler("tools/list", () => toolListing(TOOLS));
 * ```
 * @module
 */
import type { z } from "zod";
import type { ListToolsResult, ToolAnnotations } from "./sdk.ts";

/** The parts of a tool the listing shows. */
export interface ListedTool {
  name: string;
  config: {
    title: string;
    description: string;
    inputSchema: z.ZodObject;
    outputSchema: z.ZodType;
    annotations: ToolAnnotations;
  };
}

type Json = Record<string, unknown>;

/** Keywords that describe a value rather than constrain it: they stay on the `anyOf`. */
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "deprecated"]);

/** What an output schema leaves out (see the module documentation). */
const OUTPUT_ONLY_DROPS = new Set([
  "description",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
  "additionalProperties",
]);

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A JSON Schema with every `type` array split into single-type `anyOf`
 * branches (constraints go with the branches, annotations stay outside),
 * without safe-integer bounds or `$schema`, and for an `output` schema
 * without value limits or descriptions. Returns a new object; the input is unchanged.
 */
export function portableSchema(schema: unknown, io: "input" | "output" = "input"): unknown {
  if (Array.isArray(schema)) return schema.map((s) => portableSchema(s, io));
  if (schema === null || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    // `undefined` is how a zod `meta` takes a generated keyword back out.
    if (v === undefined || k === "$schema" || (io === "output" && OUTPUT_ONLY_DROPS.has(k))) {
      continue;
    }
    if ((k === "maximum" && v === SAFE) || (k === "minimum" && v === -SAFE)) continue;
    // Property names are data, not keywords: never drop one called "maximum".
    out[k] = k === "properties" && v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, portableSchema(s, io)]))
      : portableSchema(v, io);
  }
  if (!Array.isArray(out.type)) return out;
  const outer: Json = {};
  const inner: Json = {};
  for (const [k, v] of Object.entries(out)) {
    if (k !== "type") (ANNOTATIONS.has(k) ? outer : inner)[k] = v;
  }
  outer.anyOf = (out.type as string[]).map((type) =>
    type === "null" ? { type } : { type, ...inner }
  );
  return outer;
}

/** A tool schema as the SDK lists it: zod's own JSON Schema, always an object root. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const json = schema["~standard"].jsonSchema[io]({ target: "draft-2020-12" }) as Json;
  return portableSchema({ type: "object", ...json }, io) as Json;
}

const cache = new WeakMap<readonly ListedTool[], ListToolsResult>();

/** The `tools/list` result for `tools`, computed on the first call for that array. */
export function toolListing(tools: readonly ListedTool[]): ListToolsResult {
  let listing = cache.get(tools);
  if (!listing) {
    listing = {
      tools: tools.map(({ name, config }) => ({
        name,
        title: config.title,
        description: config.description,
        inputSchema: jsonSchema(config.inputSchema, "input"),
        annotations: config.annotations,
        outputSchema: jsonSchema(config.outputSchema, "output"),
      })),
    } as ListToolsResult;
    cache.set(tools, listing);
  }
  return listing;
}
