// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * Arguments a tool does not take are a tool error that names each of them
 * and lists the tool's arguments, for every tool, through the SDK client in
 * both protocol eras (stdio: stdio_links_test.ts). Once they were dropped
 * without a word: `search_clubs {"name": "Pine Valley"}` answered the whole
 * directory.
 */
import { assert, assertEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { unknownArgumentsText } from "../../../server/mcp/arguments.ts";
import { connect, mcpApp } from "./_helpers.ts";
import { SEARCH_PARAMETERS } from "../_helpers.ts";

const fx = await sharedFixture();
const app = mcpApp(fx.directory);
const eras = { legacy: await connect(app, "legacy"), pinned: await connect(app, "pinned") };
globalThis.addEventListener("unload", () => Object.values(eras).forEach((c) => void c.close()));

type Result = { content: { type: string; text: string }[]; isError?: boolean };

/** The arguments each tool takes, as its listed input schema gives them. */
async function listedArguments(client: typeof eras.legacy): Promise<Map<string, string[]>> {
  const { tools } = await client.listTools();
  return new Map(tools.map((t) => [t.name, Object.keys(t.inputSchema.properties ?? {})]));
}

/** Asserts `r` is the unknown-arguments error for `unknown`, listing `valid`. */
function assertRefused(r: Result, unknown: string[], valid: string[], what: string) {
  assertEquals(r.isError, true, what);
  assertEquals(r.content.length, 1, what);
  const text = r.content[0]!.text;
  for (const name of unknown) assert(text.includes(`"${name}"`), `${what}: ${text}`);
  assert(text.includes(unknownArgumentsText(unknown, valid)), `${what}: ${text}`);
  // The list is the schema's own: every argument, nothing else.
  const listed = /the arguments are: ([\w, ]+)$/.exec(text)?.[1]?.split(", ") ?? [];
  assertEquals(listed, valid, what);
}

for (const [era, client] of Object.entries(eras)) {
  Deno.test(`search_clubs refuses name, region and query, naming them (${era})`, async () => {
    const valid = (await listedArguments(client)).get("search_clubs")!;
    assertEquals(valid, [...SEARCH_PARAMETERS, "detail"]);
    for (const args of [{ name: "Pine Valley" }, { region: "Florida" }, { query: "royal" }]) {
      const r = await client.callTool({ name: "search_clubs", arguments: args }) as Result;
      assertRefused(r, Object.keys(args), valid, JSON.stringify(args));
    }
    // Known and unknown together: refused all the same, naming every unknown one.
    const mixed = { q: "royal", name: "Pine Valley", region: "Florida" };
    const r = await client.callTool({ name: "search_clubs", arguments: mixed }) as Result;
    assertRefused(r, ["name", "region"], valid, JSON.stringify(mixed));
    assert(r.content[0]!.text.includes('Unknown arguments "name", "region";'), r.content[0]!.text);
  });

  Deno.test(`every tool refuses an argument it does not take (${era})`, async () => {
    const listed = await listedArguments(client);
    assertEquals(listed.size, 5);
    for (const [name, valid] of listed) {
      const r = await client.callTool({ name, arguments: { bogus: 1 } }) as Result;
      assertRefused(r, ["bogus"], valid, name);
      if (valid.length === 0) assert(r.content[0]!.text.endsWith("it takes no arguments"), name);
    }
  });
}

Deno.test("every listed input schema says additionalProperties: false", async () => {
  const { tools } = await eras.legacy.listTools();
  for (const t of tools) assertEquals(t.inputSchema.additionalProperties, false, t.name);
});

Deno.test("unknownArgumentsText() names each argument, then the valid ones", () => {
  assertEquals(
    unknownArgumentsText(["name"], ["q", "city"]),
    'Unknown argument "name"; the arguments are: q, city',
  );
  assertEquals(
    unknownArgumentsText(["a", 'b"c'], []),
    'Unknown arguments "a", "b\\"c"; it takes no arguments',
  );
});
