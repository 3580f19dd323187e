// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * Clients that reset their connection (RST, SO_LINGER 0) before the server
 * accepted it make `accept` fail for that connection only: the accept loop
 * must go on at once, not back off. Deno cannot send an RST; its `node:net`
 * can (`socket.resetAndDestroy()`).
 */
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { serveConnections } from "../../../server/runtime/connections.ts";
import { assert, assertStrictEquals } from "../../_assert.ts";
import { serveChild } from "./_serve_child.ts";

const RESETS = 100;
const PROBES = 5;
const PROBE_MS = 1_000;

/** Opens `n` connections to `port` and resets each once connected; resolves to how many were reset. */
async function resetConnections(port: number, n: number): Promise<number> {
  let reset = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => {
        socket.resetAndDestroy();
        reset++;
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve());
    });
  const all = Promise.all(Array.from({ length: n }, one));
  await Promise.race([all, sleep(10_000)]);
  return reset;
}

/** Fetches `path` `PROBES` times in a row, each on a new connection; resolves to each one's ms. */
async function probe(port: number, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const client = Deno.createHttpClient({});
    const t0 = performance.now();
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        client,
        signal: AbortSignal.timeout(PROBE_MS),
      });
      await res.body?.cancel();
      assertStrictEquals(res.status, 200);
    } catch (e) {
      throw new Error(
        `probe ${i + 1} got no answer in ${PROBE_MS} ms after ${RESETS} resets: ${e}`,
      );
    } finally {
      client.close();
    }
    times.push(performance.now() - t0);
  }
  return times;
}

Deno.test("100 connections reset before accept do not slow the accept loop: the next clients are answered at once", async () => {
  // Bound, not yet accepting: the resets land in the kernel's backlog, as
  // they do while a busy server is between two accepts.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  assertStrictEquals(await resetConnections(port, RESETS), RESETS);
  const lines: string[] = [];
  const server = serveConnections({
    listener,
    handler: () => new Response("ok"),
    limits: { maxConnections: 500, idleTimeoutMs: 5_000, requestTimeoutMs: 5_000 },
    log: (l) => lines.push(l),
  });
  try {
    const times = await probe(port, "/");
    assert(times.every((ms) => ms < PROBE_MS), times.join(", "));
    const stats = server.stats();
    // Every reset did reach accept as a failure (so the path above was taken).
    assertStrictEquals(stats.acceptFailed, RESETS);
    assertStrictEquals(stats.fdExhausted, 0);
    // Logged once, not once per failure.
    assertStrictEquals(
      lines.filter((l) => l.startsWith("accept failed:")).length,
      1,
      lines.join("\n"),
    );
  } finally {
    await server.shutdown();
  }
});

for (const workers of [1, 2]) {
  Deno.test(`serve --workers ${workers} answers within 1 s after 100 clients reset their connections`, async () => {
    const s = await serveChild(["--workers", String(workers)]);
    let code: number | null = null;
    try {
      // Frozen, it accepts nothing: the kernel completes the handshakes and
      // queues the resets in the backlog.
      s.child.kill("SIGSTOP");
      let reset: number;
      try {
        reset = await resetConnections(s.port, RESETS);
      } finally {
        s.child.kill("SIGCONT");
      }
      assertStrictEquals(reset, RESETS);
      const times = await probe(s.port, "/api/v1/clubs?limit=1");
      assert(times.every((ms) => ms < PROBE_MS), times.join(", "));
    } finally {
      code = await s.stop();
    }
    assertStrictEquals(code, 0, s.lines.join("\n"));
  });
}
