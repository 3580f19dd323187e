// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { keepAliveClients } from "../../bench/cluster/keepalive.ts";
import { assert, assertStrictEquals } from "../_assert.ts";

/**
 * A server answering `perConnection` requests on each connection, then
 * closing it: saying so on the last answer (`Connection: close`), or not
 * (the bug the rolling restart looks for: the client's next request on it
 * is dropped).
 */
function server(perConnection: number, sayClose: boolean) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns = new Set<Deno.Conn>();
  const handlers: Promise<void>[] = [];
  const close = (conn: Deno.Conn) => {
    try {
      conn.close();
    } catch { /* closed already */ }
  };
  const serving = (async () => {
    for await (const conn of listener) {
      conns.add(conn);
      handlers.push((async () => {
        const buf = new Uint8Array(4096);
        let pending = "";
        try {
          for (let answered = 0; answered < perConnection;) {
            const n = await conn.read(buf);
            if (n === null) break;
            pending += new TextDecoder().decode(buf.subarray(0, n));
            while (pending.includes("\r\n\r\n") && answered < perConnection) {
              pending = pending.slice(pending.indexOf("\r\n\r\n") + 4);
              answered++;
              const last = answered === perConnection && sayClose;
              const body = answered % 2 ? "ok" : "";
              // Both body framings a proxy may use.
              const head = answered % 2
                ? `Content-Length: ${body.length}`
                : "Transfer-Encoding: chunked";
              await conn.write(new TextEncoder().encode(
                `HTTP/1.1 200 OK\r\n${head}\r\n${last ? "Connection: close\r\n" : ""}\r\n${
                  answered % 2 ? body : "0\r\n\r\n"
                }`,
              ));
            }
          }
        } catch {
          /* the client left */
        } finally {
          conns.delete(conn);
          close(conn);
        }
      })());
    }
  })();
  return {
    port: (listener.addr as Deno.NetAddr).port,
    async [Symbol.asyncDispose]() {
      listener.close();
      for (const c of conns) close(c);
      await serving.catch(() => {});
      await Promise.all(handlers);
    },
  };
}

Deno.test("keep-alive clients: an answer saying Connection: close moves them to a new connection, none lost", async () => {
  await using s = server(3, true);
  const results = await keepAliveClients({
    targets: [{ name: "s", port: s.port, clients: 3 }],
    stop: AbortSignal.timeout(300),
  });
  const r = results.s!;
  assertStrictEquals(r.failed, 0, JSON.stringify(r));
  assert(r.sent > 9 && r.answered === r.sent, JSON.stringify(r));
  assert(r.toldToClose >= 3 && r.connections > 3 && r.reused > 0, JSON.stringify(r));
});

Deno.test("keep-alive clients: a connection closed without saying so drops the next request, and it counts as failed", async () => {
  await using s = server(3, false);
  const results = await keepAliveClients({
    targets: [{ name: "s", port: s.port, clients: 2 }],
    stop: AbortSignal.timeout(300),
  });
  const r = results.s!;
  assert(r.failed > 0, JSON.stringify(r));
  assertStrictEquals(r.sent, r.answered + r.failed);
  assertStrictEquals(r.toldToClose, 0);
  assert(
    Object.keys(r.failures).every((k) =>
      /closed without an answer|read: ConnectionReset|write:/.test(k)
    ),
    JSON.stringify(r.failures),
  );
});

Deno.test("keep-alive clients: a refused connection sends nothing and is tried again", async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const results = await keepAliveClients({
    targets: [{ name: "down", port, clients: 1 }],
    stop: AbortSignal.timeout(200),
  });
  const r = results.down!;
  assert(r.refused >= 2, JSON.stringify(r));
  assertStrictEquals(r.sent + r.failed + r.connections, 0);
});
