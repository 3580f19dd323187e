// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import fc from "fast-check";
import { assert, assertEquals } from "../../_assert.ts";
import { McpServer } from "../../../server/mcp/sdk.ts";
import { portableSchema, toolListing } from "../../../server/mcp/listing.ts";
import { TOOLS } from "../../../server/mcp/server.ts";
import { Client, InMemoryTransport } from "./_helpers.ts";

/** Every value anywhere in a JSON value whose key is `key`, with its path. */
function findKey(value: unknown, key: string, path = "$"): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => findKey(v, key, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === key ? [[`${path}.${k}`, v] as [string, unknown]] : []),
    ...findKey(v, key, `${path}.${k}`),
  ]);
}

/** What the SDK itself lists for the same tools, from a plain McpServer. */
async function sdkListing() {
  const plain = new McpServer({ name: "plain", version: "0" });
  for (const t of TOOLS) plain.registerTool(t.name, t.config, () => ({ content: [] }));
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "compare", version: "0" });
  await Promise.all([plain.connect(serverSide), client.connect(clientSide)]);
  try {
    return JSON.parse(JSON.stringify(await client.listTools()));
  } finally {
    await client.close();
    await plain.close();
  }
}

Deno.test("the cached tools/list is the SDK's own listing made portable", async () => {
  const sdk = await sdkListing();
  const ours = JSON.parse(JSON.stringify(toolListing(TOOLS)));
  assertEquals(
    ours.tools.map((t: { name: string }) => t.name),
    sdk.tools.map((t: { name: string }) => t.name),
  );
  for (const [i, t] of sdk.tools.entries()) {
    assertEquals(ours.tools[i].inputSchema, portableSchema(t.inputSchema, "input"), t.name);
    assertEquals(ours.tools[i].outputSchema, portableSchema(t.outputSchema, "output"), t.name);
    assertEquals(
      { ...ours.tools[i], inputSchema: null, outputSchema: null },
      { ...t, inputSchema: null, outputSchema: null },
    );
  }
  // Built once: the same object every time.
  assert(toolListing(TOOLS) === toolListing(TOOLS));
});

Deno.test("tools/list is portable: single-type schemas, no $schema, no safe-integer noise", () => {
  const listing = toolListing(TOOLS);
  // What inspector --strict warns about: a `type` that is an array.
  assertEquals(findKey(listing, "type").filter(([, v]) => Array.isArray(v)), []);
  assertEquals(findKey(listing, "$schema"), []);
  const bounds = [...findKey(listing, "maximum"), ...findKey(listing, "minimum")];
  assertEquals(bounds.filter(([, v]) => Math.abs(v as number) === Number.MAX_SAFE_INTEGER), []);
  for (const t of listing.tools) {
    assertEquals(t.inputSchema.type, "object", t.name);
    assertEquals(t.outputSchema?.type, "object", t.name);
  }
});

Deno.test("tools/list stays small: what models see under 4 KB, rules included", () => {
  const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
  const listing = toolListing(TOOLS);
  // Hosts show models the names, descriptions and input schemas.
  const shown = listing.tools.map(({ outputSchema: _, ...t }) => t);
  assert(size(shown) < 4 * 1024, `models see ${size(shown)} bytes`);
  // The output schemas (both row shapes of search_clubs, what is always
  // there) are for clients that check results.
  const bytes = size({ jsonrpc: "2.0", id: 1, result: listing });
  assert(bytes < 12 * 1024, `tools/list is ${bytes} bytes`);
  const search = listing.tools[0]!;
  const text = JSON.stringify(search);
  // The rules a model needs: groups, places by name or code, paging.
  const rules = ["country_club", "GB", "FL", "next_page", "has_more", "detail", "fuzzy", "words"];
  for (const rule of rules) {
    assert(text.includes(rule), rule);
  }
});

Deno.test("get_club's output schema still lists its description property", () => {
  const getClub = toolListing(TOOLS).tools.find((t) => t.name === "get_club")!;
  const props = getClub.outputSchema!.properties as Record<string, unknown>;
  assert("description" in props && "type" in props && "url" in props);
});

Deno.test("portableSchema() splits type arrays into anyOf and keeps annotations outside", () => {
  assertEquals(
    portableSchema({ type: ["string", "null"], maxLength: 5, description: "d" }),
    { description: "d", anyOf: [{ type: "string", maxLength: 5 }, { type: "null" }] },
  );
  assertEquals(
    portableSchema({ type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    { type: "integer", minimum: 1 },
  );
  // Output schemas lose limits and descriptions, never properties that share
  // their names, nor what is always there.
  assertEquals(
    portableSchema({
      type: "object",
      description: "x",
      properties: { description: { type: "string", maxLength: 3 }, pattern: { type: "string" } },
      required: ["description"],
      additionalProperties: false,
    }, "output"),
    {
      type: "object",
      properties: { description: { type: "string" }, pattern: { type: "string" } },
      required: ["description"],
    },
  );
});

Deno.test("portableSchema() never leaves a type array, whatever the schema", () => {
  const schema = fc.letrec((tie) => ({
    node: fc.record({
      type: fc.oneof(
        fc.constantFrom("string", "integer", "boolean", "object", "array"),
        fc.uniqueArray(fc.constantFrom("string", "integer", "null", "boolean"), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
      description: fc.option(fc.string(), { nil: undefined }),
      minimum: fc.option(fc.integer(), { nil: undefined }),
      properties: fc.option(fc.dictionary(fc.string(), tie("node")), {
        nil: undefined,
        depthSize: "small",
      }),
      items: fc.option(tie("node"), { nil: undefined, depthSize: "small" }),
    }, { requiredKeys: ["type"] }),
  })).node;
  fc.assert(fc.property(schema, fc.constantFrom("input", "output"), (s, io) => {
    const out = portableSchema(JSON.parse(JSON.stringify(s)), io as "input" | "output");
    return findKey(out, "type").every(([, v]) => typeof v === "string");
  }));
});
