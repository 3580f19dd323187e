// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * The MCP SDK listens to each request's abort signal. Under Deno's legacy
 * behaviour that signal also aborts after a successful response, and Deno
 * prints a deprecation warning about `request.signal` to the server's log
 * the first time; the project opts into the new behaviour
 * (`"unstable": ["no-legacy-abort"]` in deno.json), so the log stays clean.
 */
import { assert, assertStrictEquals } from "../../_assert.ts";
import { serveChild } from "./_serve_child.ts";
import { modern } from "../mcp/_helpers.ts";

Deno.test("MCP calls of both eras leave no request.signal deprecation warning in serve's log", async () => {
  const s = await serveChild([]);
  let code: number;
  try {
    const url = `http://127.0.0.1:${s.port}/api/mcp`;
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const calls = [
      modern("tools/call", { name: "search_clubs", arguments: { q: "golf" } }),
      modern("tools/list"),
      {
        message: { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} },
        headers: {} as Record<string, string>,
      },
    ];
    for (const call of calls) {
      const res = await fetch(url, {
        method: "POST",
        headers: { ...headers, ...call.headers },
        body: JSON.stringify(call.message),
      });
      const text = await res.text();
      assertStrictEquals(res.status, 200, text);
      assert(text.includes('"result"'), text);
    }
  } finally {
    code = await s.stop();
  }
  const log = s.lines.join("\n");
  assertStrictEquals(code, 0, log);
  assert(!/request\.signal|legacy behavior|deprecat/i.test(log), log);
});
