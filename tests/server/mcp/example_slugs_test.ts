/**
 * Every club the MCP documentation, the `mcp` help or a tool description
 * names as an example is a club of the bundled snapshot (data/clubs.csv.gz),
 * so a reader or a model that tries the example finds it.
 */
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../../_assert.ts";
import { mcpCommand } from "../../../cli/mcp.ts";
import { toolListing } from "../../../server/mcp/listing.ts";
import { TOOLS } from "../../../server/mcp/server.ts";

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** The slugs of the bundled snapshot (the third column of every record). */
async function bundledSlugs(): Promise<Set<string>> {
  const file = await Deno.open(root("data/clubs.csv.gz"));
  const text = await new Response(file.readable.pipeThrough(new DecompressionStream("gzip")))
    .text();
  // A slug is [a-z0-9-] and never quoted, so `…,slug,` after the id and the name finds it.
  const slugs = new Set<string>();
  for (const m of text.matchAll(/^[0-9a-f-]{36},(?:"(?:[^"]|"")*"|[^,\n]*),([a-z0-9-]+),/gm)) {
    slugs.add(m[1]!);
  }
  return slugs;
}

/** Slugs a text gives as examples: in profile links, as `slug` values, and quoted after "slug". */
function exampleSlugs(text: string): string[] {
  const found = [
    ...text.matchAll(/\/clubs\/([a-z0-9-]+)/g),
    ...text.matchAll(/\\?"slug\\?"\s*:\s*\\?"([a-z0-9-]+)/g),
    ...text.matchAll(/slug[^"\n]{0,20}"([a-z0-9]+(?:-[a-z0-9]+)+)\\?"/gi),
  ].map((m) => m[1]!);
  return [...new Set(found)];
}

Deno.test("the example clubs of the MCP docs, help and tool descriptions are in the bundled data", async () => {
  const slugs = await bundledSlugs();
  assert(slugs.size > 30_000, `read ${slugs.size} slugs`);
  const sources: Record<string, string> = {
    "docs/mcp.md": await Deno.readTextFile(root("docs/mcp.md")),
    "main.ts mcp --help": mcpCommand.usage,
    "tools/list": JSON.stringify(toolListing(TOOLS)),
  };
  const named = Object.entries(sources).flatMap(([where, text]) =>
    exampleSlugs(text).map((slug) => ({ where, slug }))
  );
  // The examples are found where they are known to be.
  assert(named.some((n) => n.where === "docs/mcp.md"), JSON.stringify(named));
  const getClub = toolListing(TOOLS).tools.find((t) => t.name === "get_club")!;
  assertEquals(exampleSlugs(JSON.stringify(getClub.inputSchema)), [
    "amelia-island-country-club-amelia-island",
  ]);
  assertEquals(named.filter((n) => !slugs.has(n.slug)), []);
});
