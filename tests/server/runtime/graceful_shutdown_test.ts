// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * SIGTERM (and SIGHUP, which `serve` takes as the same graceful stop) lets
 * a request whose body is still arriving finish: its handler reads the
 * whole body and answers as usual, then `serve` exits 0.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { assertMatch, assertStrictEquals } from "../../_assert.ts";
import { serveChild } from "./_serve_child.ts";
import { readToEnd } from "../_helpers.ts";

const encoder = new TextEncoder();
interface SlowPost {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `post` to a fresh `serve`: the head and the first bytes of the body,
 * then `signal`, then (after a pause) the rest; resolves to the raw answer
 * and the exit code.
 */
async function postAcrossSigterm(
  workers: number,
  post: (port: number) => SlowPost,
  signal: Deno.Signal = "SIGTERM",
): Promise<{ answer: string; code: number; lines: string[] }> {
  const s = await serveChild(["--workers", String(workers)]);
  let signalled = false;
  let code: number | null = null;
  let answer = "";
  try {
    const { path, headers, body } = post(s.port);
    const bytes = encoder.encode(body);
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${s.port}`,
      `Content-Length: ${bytes.length}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ].join("\r\n");
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
    await conn.write(encoder.encode(`${head}\r\n\r\n`));
    await conn.write(bytes.subarray(0, 8));
    // The handler is running and waiting for the rest of the body.
    await sleep(300);
    s.child.kill(signal);
    signalled = true;
    await sleep(300);
    await conn.write(bytes.subarray(8));
    answer = await readToEnd(conn, 10_000);
  } finally {
    // A second SIGTERM would end it at once: the first one is being handled.
    code = await s.stop(signalled ? null : "SIGTERM");
  }
  return { answer, code, lines: s.lines };
}

/** An MCP `tools/list` call. */
function mcpCall(port: number): SlowPost {
  return {
    path: "/api/mcp",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Origin: `http://127.0.0.1:${port}`,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  };
}

for (const workers of [1, 2]) {
  Deno.test(`SIGTERM during an MCP call's body (--workers ${workers}): the call is answered, then serve exits 0`, async () => {
    const { answer, code, lines } = await postAcrossSigterm(workers, mcpCall);
    assertMatch(answer, /^HTTP\/1\.1 200 OK\r\n/, `${answer}\n${lines.join("\n")}`);
    assertMatch(answer, /"search_clubs"/);
    assertStrictEquals(code, 0, lines.join("\n"));
  });
}

Deno.test("SIGHUP is a graceful stop: an MCP call whose body is still arriving is answered, then serve exits 0", async () => {
  const { answer, code, lines } = await postAcrossSigterm(1, mcpCall, "SIGHUP");
  assertMatch(answer, /^HTTP\/1\.1 200 OK\r\n/, `${answer}\n${lines.join("\n")}`);
  assertMatch(answer, /"search_clubs"/);
  // Answered while draining: the client is told the connection ends with it.
  assertMatch(answer, /\r\nconnection: close\r\n/i);
  assertStrictEquals(code, 0, lines.join("\n"));
});

Deno.test("SIGTERM during a sign-in form's body: the whole form is read and answered, then serve exits 0", async () => {
  const { answer, code, lines } = await postAcrossSigterm(1, (port) => ({
    path: "/sign-in",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://127.0.0.1:${port}`,
    },
    // The token comes after SIGTERM: the answer quoting it shows the body was read whole.
    body: "next=%2F&token=not-a-session-token",
  }));
  // The answer to a token that is no session, not a 500 for a cut body.
  assertMatch(answer, /^HTTP\/1\.1 400 Bad Request\r\n/, `${answer}\n${lines.join("\n")}`);
  assertMatch(answer, /That token is not a live session/);
  assertStrictEquals(code, 0, lines.join("\n"));
});
