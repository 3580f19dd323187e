// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * Over stdio, links are right or absent: `main.ts mcp` without `--base-url`
 * (and no readable `CLUBDIR_BASE_URL`) does not know the site's address, so
 * its answers carry no `url` (compact rows carry the `slug`, which get_club
 * takes) and their text says how to get links; once it was given, every
 * link points there. Unknown arguments are refused here too. Through the
 * SDK client, in each way it picks a protocol era.
 */
import { fileURLToPath } from "node:url";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals } from "../../_assert.ts";
import { Client, keysDeep, type Mode, negotiation, StdioClientTransport } from "./_helpers.ts";
import { outputProblems } from "./_output_schemas.ts";

const ENTRY = fileURLToPath(new URL("./_stdio_entry.ts", import.meta.url));
const fx = await sharedFixture();

type Result = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** A client on `main.ts mcp --db <fixture>` with the narrowest permissions, plus `extra`. */
async function stdioClient(
  mode: Mode,
  { flags = [], args = [], env }: {
    flags?: string[];
    args?: string[];
    env?: Record<string, string>;
  } = {},
): Promise<Client & AsyncDisposable> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: [
      "run",
      "--no-prompt",
      `--allow-read=${fx.path}`,
      ...flags,
      ENTRY,
      "--db",
      fx.path,
      ...args,
    ],
    env: env && { ...Deno.env.toObject(), ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "stdio-links-test", version: "1.0.0" }, negotiation(mode));
  await client.connect(transport);
  return Object.assign(client, { [Symbol.asyncDispose]: () => client.close() });
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Result> {
  return await client.callTool({ name, arguments: args }) as Result;
}

for (const mode of ["legacy", "auto", "pinned"] as const) {
  Deno.test(`stdio without --base-url answers without links and says how to get them (${mode})`, async () => {
    await using client = await stdioClient(mode);
    assert(client.getInstructions()?.includes("--base-url"), client.getInstructions());
    const schemas = new Map(
      (await client.listTools()).tools.map((t) => [t.name, t.outputSchema as object]),
    );

    const found = await call(client, "search_clubs", { state: "FL" });
    const page = found.structuredContent as { clubs: Record<string, unknown>[] };
    assertEquals(page.clubs.map((c) => c.slug), ["club-havana", "riverside-tampa", "seminole"]);
    assertEquals(outputProblems(schemas.get("search_clubs")!, page), []);
    const text = found.content[0]!.text;
    assert(
      text.includes("- Seminole Golf Club (Juno Beach, Florida, United States) slug seminole"),
    );
    assert(text.includes("No profile links") && text.includes("--base-url"), text);
    // No club line carries a made-up link.
    assertEquals(text.split("\n").filter((l) => l.startsWith("- ") && l.includes("http")), []);

    const detail = await call(client, "search_clubs", { state: "FL", detail: true });
    const club = await call(client, "get_club", { slug: "seminole" });
    for (const r of [found, detail, club]) {
      assertEquals(r.isError ?? false, false);
      assert(!keysDeep(r.structuredContent).has("url"), JSON.stringify(r.structuredContent));
      assert(!JSON.stringify(r.structuredContent).includes("http"), "a made-up link");
    }
    // The profile stays whole JSON in the first block; the second says why there is no link.
    assertEquals(JSON.parse(club.content[0]!.text), club.structuredContent);
    assertEquals(club.content.length, 2);
    assert(club.content[1]!.text.includes("--base-url"), club.content[1]!.text);
    assertEquals(outputProblems(schemas.get("get_club")!, club.structuredContent), []);

    // Unknown arguments are refused over stdio too.
    const bad = await call(client, "search_clubs", { name: "Pine Valley" });
    assertEquals(bad.isError, true);
    assert(bad.content[0]!.text.includes('Unknown argument "name"; the arguments are: type,'));
  });
}

Deno.test("stdio links point to --base-url, else to CLUBDIR_BASE_URL when it may be read", async () => {
  const env = { CLUBDIR_BASE_URL: "https://env.example/" };
  const seminole = async (client: Client) =>
    ((await call(client, "search_clubs", { q: "seminole" })).structuredContent as {
      clubs: { url?: string }[];
    }).clubs[0]?.url;
  {
    await using client = await stdioClient("legacy", {
      flags: ["--allow-env=CLUBDIR_BASE_URL"],
      env,
    });
    assertEquals(await seminole(client), "https://env.example/clubs/seminole");
    assert(client.getInstructions()?.includes("Every club carries url"));
  }
  {
    await using client = await stdioClient("pinned", {
      flags: ["--allow-env=CLUBDIR_BASE_URL"],
      args: ["--base-url", "https://flag.example"],
      env,
    });
    assertEquals(await seminole(client), "https://flag.example/clubs/seminole");
  }
  {
    // Not allowed to read it: no prompt (stdin is the protocol), no links.
    await using client = await stdioClient("legacy", { env });
    assertEquals(await seminole(client), undefined);
  }
});
