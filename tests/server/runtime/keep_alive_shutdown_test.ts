// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * Keep-alive clients across a SIGTERM: every answer sent while `serve`
 * drains says `Connection: close`, so a client that sends its requests one
 * after another on one connection never has one dropped unanswered; it
 * stops (or would reconnect) when told the connection ends.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { assert, assertStrictEquals } from "../../_assert.ts";
import { serveChild } from "./_serve_child.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What one keep-alive client saw. */
interface ClientResult {
  sent: number;
  answered: number;
  /** The last answer said `Connection: close`. */
  toldToClose: boolean;
}

/** Reads one response (Content-Length bodies only) from `conn`; null when the connection ended first. */
async function readResponse(
  conn: Deno.Conn,
  carry: { bytes: Uint8Array },
): Promise<{ head: string } | null> {
  const buf = new Uint8Array(64 * 1024);
  let data = carry.bytes;
  for (;;) {
    const text = decoder.decode(data);
    const end = text.indexOf("\r\n\r\n");
    if (end >= 0) {
      const head = text.slice(0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      assert(Number.isFinite(length), `no Content-Length in ${head}`);
      // Heads and these bodies are ASCII: characters are bytes.
      const total = end + 4 + length;
      if (data.length >= total) {
        carry.bytes = data.slice(total);
        return { head };
      }
    }
    const n = await conn.read(buf);
    if (n === null) return null;
    const next = new Uint8Array(data.length + n);
    next.set(data);
    next.set(buf.subarray(0, n), data.length);
    data = next;
  }
}

/** Sends requests back to back on one connection until told to close (at most `max`). */
async function keepAliveClient(port: number, max: number): Promise<ClientResult> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const result: ClientResult = { sent: 0, answered: 0, toldToClose: false };
  const carry = { bytes: new Uint8Array(0) };
  try {
    while (result.sent < max) {
      await conn.write(
        encoder.encode(`GET /api/v1/clubs?limit=2 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
      );
      result.sent++;
      const res = await readResponse(conn, carry);
      if (res === null) break;
      assert(res.head.startsWith("HTTP/1.1 200 "), res.head);
      result.answered++;
      if (/\r\nconnection: *close/i.test(res.head)) {
        result.toldToClose = true;
        break;
      }
    }
  } catch (e) {
    // A reset counts as the request lost.
    if (!(e instanceof Deno.errors.ConnectionReset || e instanceof Deno.errors.BrokenPipe)) throw e;
  } finally {
    conn.close();
  }
  return result;
}

for (const workers of [1, 2]) {
  Deno.test(`8 keep-alive clients across a SIGTERM (--workers ${workers}): no request is dropped, each is told to close`, async () => {
    const s = await serveChild(["--workers", String(workers)]);
    let code: number;
    let results: ClientResult[];
    try {
      const clients = Array.from({ length: 8 }, () => keepAliveClient(s.port, 20_000));
      // Under load for a moment, then the signal.
      await sleep(400);
      s.child.kill("SIGTERM");
      results = await Promise.all(clients);
    } finally {
      code = await s.stop(null);
    }
    const detail = `${JSON.stringify(results)}\n${s.lines.join("\n")}`;
    for (const r of results) {
      assertStrictEquals(r.answered, r.sent, `a request went unanswered: ${detail}`);
      assert(r.toldToClose, `a client was never told to close: ${detail}`);
      assert(r.sent > 1, detail);
    }
    assertStrictEquals(code, 0, detail);
  });
}
