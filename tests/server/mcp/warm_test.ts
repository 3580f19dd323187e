// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { assert, assertEquals } from "../../_assert.ts";
import { warmUp } from "../../../server/mcp/warm.ts";
import { WARM_CALLS } from "../../../server/mcp/server.ts";
import { mcpApp, MODERN, openDirectory, post, toolCall } from "./_helpers.ts";
import { sharedFixture } from "../../_fixture.ts";

interface Sent {
  headers: Headers;
  message: { method: string; params: Record<string, unknown> };
}

Deno.test("warmUp sends tools/list and each call once in each era, as their clients do", async () => {
  const sent: Sent[] = [];
  await warmUp(async (req) => {
    sent.push({ headers: req.headers, message: await req.json() });
    return new Response("{}");
  }, [{ name: "search_clubs", arguments: { page: 0 } }]);
  assertEquals(sent.map((s) => s.message.method), [
    "tools/list",
    "tools/call",
    "tools/list",
    "tools/call",
  ]);
  const [legacyList, legacyCall, modernList, modernCall] = sent;
  assertEquals(legacyList!.headers.get("mcp-protocol-version"), null);
  assertEquals(legacyCall!.message.params, { name: "search_clubs", arguments: { page: 0 } });
  assertEquals(modernList!.headers.get("mcp-method"), "tools/list");
  assertEquals(modernCall!.headers.get("mcp-protocol-version"), MODERN);
  assertEquals(modernCall!.headers.get("mcp-name"), "search_clubs");
  const meta = modernCall!.message.params._meta as Record<string, unknown>;
  assertEquals(meta["io.modelcontextprotocol/protocolVersion"], MODERN);
});

Deno.test("a warm-up that fails is logged, never thrown", async () => {
  const lines: string[] = [];
  await warmUp(() => Promise.reject(new Error("boom")), [], (line) => lines.push(line));
  assertEquals(lines.length, 1);
  assert(lines[0]!.includes("warm-up failed") && lines[0]!.includes("boom"), lines[0]);
});

Deno.test("the start-up calls are answered from their arguments, as tool errors, without logging", async () => {
  const fx = await sharedFixture();
  const errors: string[] = [];
  const app = mcpApp(openDirectory(fx.path), { errorLog: (line) => errors.push(line) });
  for (const call of WARM_CALLS) {
    const { result } = await (await post(app, toolCall(call.name, call.arguments))).json();
    assertEquals(result.isError, true);
  }
  assertEquals(errors, []);
});
