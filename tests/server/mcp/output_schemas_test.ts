// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * The output schemas `tools/list` gives say what every answer holds: each
 * lists what is always there (`required`, from the tools' zod schemas), so
 * `{}` validates against none of them, and `search_clubs` describes both of
 * its row shapes, compact and `detail: true`. Real answers, in both eras and
 * without links, validate against them (Ajv, as a client would check).
 */
import { assert, assertEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { COMPACT_FIELDS } from "../../../server/mcp/club_rows.ts";
import { buildServer } from "../../../server/mcp/server.ts";
import { Client, connect, InMemoryTransport, keysDeep, mcpApp } from "./_helpers.ts";
import { outputProblems } from "./_output_schemas.ts";

const fx = await sharedFixture();
const app = mcpApp(fx.directory);
const eras = { legacy: await connect(app, "legacy"), pinned: await connect(app, "pinned") };
globalThis.addEventListener("unload", () => Object.values(eras).forEach((c) => void c.close()));

type Json = Record<string, unknown>;
type Schema = Json & { properties?: Record<string, Json>; required?: string[]; anyOf?: Schema[] };

/** Each tool's listed output schema, by name. */
async function outputSchemas(client: Client): Promise<Map<string, Schema>> {
  const { tools } = await client.listTools();
  return new Map(tools.map((t) => [t.name, t.outputSchema as Schema]));
}

/** Calls that between them give every shape of answer each tool has. */
const CALLS: [string, Json][] = [
  ["search_clubs", { state: "FL" }],
  ["search_clubs", { state: "FL", detail: true }],
  ["search_clubs", { q: "royl" }], // nothing found: suggestions
  ["search_clubs", { page: 99 }], // past the last page: no clubs
  ["get_club", { slug: "seminole" }],
  ["list_club_types", {}],
  ["list_locations", {}],
  ["list_locations", { country: "US" }],
  ["list_locations", { country: "Narnia" }], // not in the snapshot
  ["get_directory_stats", {}],
];

/** What `client` answers to each of {@link CALLS}, with what its listed output schema finds wrong in it. */
async function answers(client: Client) {
  const schemas = await outputSchemas(client);
  const out = [];
  for (const [name, args] of CALLS) {
    const r = await client.callTool({ name, arguments: args });
    const problems = outputProblems(schemas.get(name)!, r.structuredContent);
    out.push({ what: `${name} ${JSON.stringify(args)}`, r, problems });
  }
  return out;
}

Deno.test("every output schema lists what is always there, so {} validates against none", async () => {
  const schemas = await outputSchemas(eras.legacy);
  assertEquals(schemas.size, 5);
  for (const [name, schema] of schemas) {
    assert(outputProblems(schema, {}).length > 0, `{} passes ${name}'s output schema`);
    const required = schema.required ?? schema.anyOf?.flatMap((b) => b.required ?? []) ?? [];
    assert(required.length > 0, name);
  }
  assertEquals(schemas.get("search_clubs")!.required, [
    "clubs",
    "total",
    "page",
    "limit",
    "has_more",
    "next_page",
  ]);
  assertEquals(schemas.get("list_locations")!.anyOf!.map((b) => b.required), [
    ["countries"],
    ["country", "regions"],
  ]);
  for (const name of ["list_club_types", "get_directory_stats"]) {
    const s = schemas.get(name)!;
    assertEquals(s.required, Object.keys(s.properties!), name);
  }
  // A profile has every field but its link, which a server without a site address leaves out.
  const club = schemas.get("get_club")!;
  assertEquals(club.required, Object.keys(club.properties!).filter((k) => k !== "url"));
});

Deno.test("search_clubs' output schema describes both rows: compact and detail", async () => {
  const schemas = await outputSchemas(eras.legacy);
  const rows = (schemas.get("search_clubs")!.properties!.clubs as Schema).items as Schema;
  const [compact, detail] = rows.anyOf!;
  assertEquals(rows.anyOf!.length, 2);
  assertEquals(Object.keys(compact!.properties!), [...COMPACT_FIELDS, "slug"]);
  assertEquals(compact!.required, COMPACT_FIELDS.filter((f) => f !== "url"));
  // A detail row is get_club's profile.
  assertEquals(detail, schemas.get("get_club"));

  const page = (await eras.legacy.callTool({
    name: "search_clubs",
    arguments: { state: "FL", detail: true },
  })).structuredContent as { clubs: Json[] };
  const full = page.clubs[0]!;
  assertEquals(outputProblems(detail!, full), []);
  const row = Object.fromEntries(COMPACT_FIELDS.map((f) => [f, full[f]]));
  assertEquals(outputProblems(compact!, row), []);
  assert(outputProblems(detail!, row).length > 0, "a compact row passes as a full profile");
});

for (const [era, client] of Object.entries(eras)) {
  Deno.test(`real answers validate against the listed output schemas (${era})`, async () => {
    for (const { what, r, problems } of await answers(client)) {
      assert(!r.isError, what);
      assertEquals(problems, [], what);
    }
  });
}

Deno.test("answers without links (no site address) validate too, with slugs and no url", async () => {
  const server = buildServer({
    directory: fx.directory,
    baseUrl: null,
    name: "No Links",
    version: "9.9.9",
    supportEmail: "help@clubs.example",
    errorLog: (line) => {
      throw new Error(line);
    },
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "no-links", version: "0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    for (const { what, r, problems } of await answers(client)) {
      assert(!r.isError, what);
      assertEquals(problems, [], what);
      assert(!keysDeep(r.structuredContent).has("url"), what);
    }
    const page = (await client.callTool({ name: "search_clubs", arguments: { state: "FL" } }))
      .structuredContent as { clubs: Json[] };
    assertEquals(page.clubs.map((c) => c.slug), ["club-havana", "riverside-tampa", "seminole"]);
  } finally {
    await client.close();
    await server.close();
  }
});
