// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * The SDK v2 client against the whole app on a real socket, in each way it
 * picks a protocol era: `legacy` (2025, `initialize`), `auto` (probes with
 * `server/discover`, which this server answers, so it gets 2026-07-28) and
 * pinned to 2026-07-28 (no fallback: it fails unless the server offers it).
 */
import { assert, assertEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { testApp } from "../_helpers.ts";
import { Client, type Mode, MODERN, negotiation } from "./_helpers.ts";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const fx = await sharedFixture();

const EXPECTED: Record<Mode, { era: string; version: string }> = {
  legacy: { era: "legacy", version: "2025-11-25" },
  auto: { era: "modern", version: MODERN },
  pinned: { era: "modern", version: MODERN },
};

for (const mode of ["legacy", "auto", "pinned"] as const) {
  Deno.test(`the SDK v2 client (${mode}) lists and calls the tools on a real server`, async () => {
    const app = testApp(fx.directory);
    await using server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr }),
    );
    const url = new URL(`http://127.0.0.1:${server.addr.port}/api/mcp`);
    const client = new Client({ name: "clubdir-test", version: "1.0.0" }, negotiation(mode));
    try {
      await client.connect(new StreamableHTTPClientTransport(url));
      assertEquals(client.getProtocolEra(), EXPECTED[mode].era);
      assertEquals(client.getNegotiatedProtocolVersion(), EXPECTED[mode].version);
      assertEquals(client.getServerCapabilities(), { tools: { listChanged: false } });
      assertEquals(client.getServerVersion()?.name, "clubdir");

      const { tools } = await client.listTools();
      assertEquals(tools.map((t) => t.name), [
        "search_clubs",
        "get_club",
        "list_club_types",
        "list_locations",
        "get_directory_stats",
      ]);
      for (const t of tools) {
        assertEquals(t.annotations, { readOnlyHint: true, openWorldHint: false }, t.name);
        assert(t.outputSchema, t.name);
      }
      // The client checks structuredContent against the listed outputSchema.
      const found = await client.callTool({
        name: "search_clubs",
        arguments: { type: "golf", state: "FL" },
      });
      const page = found.structuredContent as { total: number; clubs: { url: string }[] };
      assertEquals(page.total, 2);
      assertEquals(page.clubs[1]!.url, `https://clubs.example/clubs/seminole`);
      const club = await client.callTool({
        name: "get_club",
        arguments: { slug: page.clubs[1]!.url },
      });
      assertEquals((club.structuredContent as { name: string }).name, "Seminole Golf Club");
    } finally {
      await client.close();
    }
  });
}
