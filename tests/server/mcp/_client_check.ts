/**
 * CI check (run by .ci/conformance.sh after the conformance suite, against
 * the same `main.ts serve`): the SDK v2 client connects in each way it picks
 * a protocol era, lists the tools and calls search_clubs and get_club. The
 * conformance suite covers only the 2025 era; `auto` must end up on
 * 2026-07-28 here (the server answers `server/discover`), and the pinned
 * mode fails loudly unless the server offers it. Prints one line per mode;
 * exits 1 on the first failure.
 *
 * @example
 * ```sh
 * deno run -A tests/server/mcp/_client_check.ts http://127.0.0.1:8000/api/mcp
 * ```
 * @module
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client, type Mode, MODERN, negotiation } from "./_helpers.ts";

/** The era and version each mode must negotiate with this server. */
const EXPECTED: Record<Mode, string> = {
  legacy: "legacy 2025-11-25",
  auto: `modern ${MODERN}`,
  pinned: `modern ${MODERN}`,
};

/** Connects in `mode`, lists, searches, gets; returns one line to print. */
export async function check(url: URL, mode: Mode): Promise<string> {
  const client = new Client({ name: "clubdir-ci", version: "1.0.0" }, negotiation(mode));
  try {
    await client.connect(new StreamableHTTPClientTransport(url));
    const got = `${client.getProtocolEra()} ${client.getNegotiatedProtocolVersion()}`;
    if (got !== EXPECTED[mode]) throw new Error(`negotiated ${got}, expected ${EXPECTED[mode]}`);
    const { tools } = await client.listTools();
    const found = await client.callTool({
      name: "search_clubs",
      arguments: { type: "golf", state: "FL" },
    });
    const page = found.structuredContent as { total: number; clubs: { url: string }[] };
    if (found.isError || !page.clubs.length) throw new Error("search_clubs found nothing");
    const club = await client.callTool({
      name: "get_club",
      arguments: { slug: page.clubs[0]!.url },
    });
    if (club.isError) throw new Error(`get_club failed: ${JSON.stringify(club.content)}`);
    return `${mode}: ${got}, ${tools.length} tools, search_clubs total ${page.total}, get_club ok`;
  } finally {
    await client.close();
  }
}

if (import.meta.main) {
  const url = new URL(Deno.args[0] ?? "http://127.0.0.1:8000/api/mcp");
  for (const mode of ["legacy", "auto", "pinned"] as const) {
    try {
      console.log(`mcp client ${await check(url, mode)}`);
    } catch (e) {
      console.error(`mcp client ${mode}: FAILED: ${(e as Error).message}`);
      Deno.exit(1);
    }
  }
}
