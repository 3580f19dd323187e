// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import {
  checkPerConnectionServing,
  connectionCap,
  type ConnectionLimits,
  REQUIRED_DENO,
  serveConnections,
  type ServeHandler,
} from "../../../server/runtime/connections.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { spawn } from "../../_run.ts";

const MAIN = fileURLToPath(new URL("../../../main.ts", import.meta.url));
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const FAST: ConnectionLimits = { maxConnections: 50, idleTimeoutMs: 300, requestTimeoutMs: 600 };

/** A server over `handler`; every log line kept. */
function start(limits: Partial<ConnectionLimits> = {}, handler?: ServeHandler) {
  const lines: string[] = [];
  const server = serveConnections({
    listener: Deno.listen({ hostname: "127.0.0.1", port: 0 }),
    handler: handler ?? (async (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/slow") await new Promise((r) => setTimeout(r, 1_500));
      return new Response("ok");
    }),
    limits: { ...FAST, ...limits },
    log: (l) => lines.push(l),
  });
  return { server, lines, port: server.addr.port };
}

/** Reads a connection until the server closes it; resolves with what it sent. */
async function readToEnd(conn: Deno.Conn): Promise<string> {
  const buf = new Uint8Array(16_384);
  let text = "";
  try {
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += decoder.decode(buf.subarray(0, n));
    }
  } catch {
    // A reset is a close too.
  }
  try {
    conn.close();
  } catch { /* closed */ }
  return text;
}

async function get(port: number, path = "/"): Promise<string> {
  const client = Deno.createHttpClient({});
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      client,
      signal: AbortSignal.timeout(5_000),
    });
    return await res.text();
  } finally {
    client.close();
  }
}

Deno.test("This Deno serves per connection (so the limits below are in force)", () => {
  checkPerConnectionServing();
});

const WITHOUT_API = fileURLToPath(
  new URL("./_without_serve_on_connection.ts", import.meta.url),
);

for (const workers of ["1", "2"]) {
  Deno.test(`serve --workers ${workers} refuses to start on a Deno without serveHttpOnConnection, naming the Deno it needs`, async () => {
    const fx = await sharedFixture();
    const child = spawn(
      ["run", "-A", WITHOUT_API, "serve", "--db", fx.path, "--port", "0", "--workers", workers],
      { stdout: "null" },
    );
    // Bounded: a Deno.serve fallback would serve until killed.
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const out = await child.output();
    clearTimeout(timer);
    const r = { code: out.code, stderr: decoder.decode(out.stderr) };
    assertStrictEquals(r.code, 1, r.stderr);
    assertMatch(r.stderr, /serveHttpOnConnection/);
    assertMatch(r.stderr, new RegExp(`Deno ${REQUIRED_DENO.replaceAll(".", "\\.")}`));
    // It never served, not even with Deno.serve.
    assert(!/Listening on/.test(r.stderr), r.stderr);
  });
}

Deno.test("Silent, half-sent and idle keep-alive connections are closed after the idle timeout", async () => {
  const { server, port } = start();
  try {
    const silent = await Deno.connect({ hostname: "127.0.0.1", port });
    const half = await Deno.connect({ hostname: "127.0.0.1", port });
    await half.write(encoder.encode("GET / HTTP/1.1\r\nHost: x\r\n"));
    const used = await Deno.connect({ hostname: "127.0.0.1", port });
    await used.write(encoder.encode("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    // Trickling a header byte at a time does not keep a request head alive.
    const trickle = await Deno.connect({ hostname: "127.0.0.1", port });
    const dripping = setInterval(() => trickle.write(encoder.encode("X")).catch(() => {}), 50);
    const [a, b, c, d] = (await Promise.all([silent, half, used, trickle].map(readToEnd))) as [
      string,
      string,
      string,
      string,
    ];
    clearInterval(dripping);
    assertStrictEquals(a, "");
    assertStrictEquals(b, "");
    assertMatch(c, /^HTTP\/1\.1 200 OK/);
    assertStrictEquals(d, "");
    const stats = server.stats();
    assertStrictEquals(stats.idleTimedOut, 4);
    // The server still answers.
    assertStrictEquals(await get(port), "ok");
  } finally {
    await server.shutdown();
  }
});

Deno.test("A request outliving the request timeout has its connection closed", async () => {
  const { server, port } = start();
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(encoder.encode("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"));
    assertStrictEquals(await readToEnd(conn), "");
    assertStrictEquals(server.stats().requestTimedOut, 1);
    // A body sent too slowly is the same: the request never completes.
    const reader = start({}, async (req) => new Response(await req.text()));
    const body = await Deno.connect({ hostname: "127.0.0.1", port: reader.port });
    await body.write(encoder.encode("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab"));
    assertStrictEquals(await readToEnd(body), "");
    assertStrictEquals(reader.server.stats().requestTimedOut, 1);
    await reader.server.shutdown();
  } finally {
    await server.shutdown();
  }
});

Deno.test("Accepted connections are served with TCP_NODELAY, as Deno.serve serves them", async () => {
  // A response goes out as two writes (head, then body): with Nagle's
  // algorithm on, the body's last segment would wait for the client's
  // acknowledgement of the head.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const noDelay: (boolean | undefined)[] = [];
  const accept = listener.accept.bind(listener);
  listener.accept = async () => {
    const conn = await accept();
    const set = conn.setNoDelay.bind(conn);
    conn.setNoDelay = (on?: boolean) => {
      noDelay.push(on);
      set(on);
    };
    return conn;
  };
  const server = serveConnections({
    listener,
    handler: () => new Response("ok"),
    limits: FAST,
    log: () => {},
  });
  try {
    assertStrictEquals(await get(server.addr.port), "ok");
    assertEquals(noDelay, [true]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("A shutdown still answers a request whose head arrived before its handler ran", async () => {
  const { server, port } = start();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  for (let i = 0; i < 100 && server.stats().open === 0; i++) await sleep(10);
  assertStrictEquals(server.stats().open, 1);
  // Written and shut down in one turn: the handler cannot have run yet.
  await conn.write(encoder.encode("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
  const stopped = server.shutdown();
  const answer = await readToEnd(conn);
  await stopped;
  assertMatch(answer, /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok$/);
});

Deno.test("At the cap the longest-idle connection makes room; when all are busy the new one is refused", async () => {
  const { server, port, lines } = start({ maxConnections: 3, idleTimeoutMs: 60_000 });
  try {
    const idle = [];
    for (let i = 0; i < 3; i++) idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    const closed = idle.map(readToEnd);
    // A fourth client is served: the longest-idle connection was closed for it.
    assertStrictEquals(await get(port), "ok");
    assertStrictEquals(await closed[0], "");
    assertStrictEquals(server.stats().evicted, 1);
    assert(lines.some((l) => l.startsWith("connection cap reached (3)")));
    // Three slow requests keep every slot busy: the next client is refused.
    for (const c of idle.slice(1)) c.close();
    await Promise.all(closed);
    const busy = [];
    for (let i = 0; i < 3; i++) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port });
      await c.write(encoder.encode("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"));
      busy.push(c);
    }
    await new Promise((r) => setTimeout(r, 100));
    const refused = await Deno.connect({ hostname: "127.0.0.1", port });
    await refused.write(encoder.encode("GET / HTTP/1.1\r\nHost: x\r\n\r\n")).catch(() => 0);
    assertStrictEquals(await readToEnd(refused), "");
    assertStrictEquals(server.stats().refused, 1);
    for (const c of busy) c.close();
  } finally {
    await server.shutdown();
  }
});

Deno.test("A server stays up through 2,000 idle connections and serves once they are gone", async () => {
  const { server, port } = start({ maxConnections: 500, idleTimeoutMs: 500 });
  try {
    const conns: Deno.Conn[] = [];
    for (let i = 0; i < 2_000; i++) {
      conns.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    }
    await Promise.all(conns.map(readToEnd));
    const stats = server.stats();
    assertStrictEquals(stats.accepted, 2_000);
    assertStrictEquals(stats.evicted + stats.idleTimedOut, 2_000);
    assertStrictEquals(await get(port), "ok");
  } finally {
    await server.shutdown();
  }
});

Deno.test("connectionCap() fits the descriptor limit and splits it between workers", () => {
  assertStrictEquals(connectionCap(null, 1, null), 4096);
  assertStrictEquals(connectionCap(null, 1, 256), 156);
  assertStrictEquals(connectionCap(null, 2, 256), 78);
  assertStrictEquals(connectionCap(1000, 2, 256), 500);
  assertStrictEquals(connectionCap(null, 4, 50), 1);
});

const fx = await sharedFixture();

/** Starts `serve` under `ulimit -n 256`; resolves once it listens. */
async function serveUnderUlimit(args: string[]) {
  const child = new Deno.Command("bash", {
    args: [
      "-c",
      `ulimit -n 256 && exec "$0" run -A "$1" serve --db "$2" --port 0 --quiet --rate-limit off ${
        args.join(" ")
      }`,
      Deno.execPath(),
      MAIN,
      fx.path,
    ],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const lines: string[] = [];
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const pump = (async () => {
    let buffered = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      const parts = buffered.split("\n");
      buffered = parts.pop()!;
      lines.push(...parts);
    }
  })();
  const end = performance.now() + 15_000;
  let port = 0;
  while (!port && performance.now() < end) {
    port = Number(
      lines.map((l) => /^\d{4}-\d\d-\d\dT[\d:.]+Z Listening on http:\/\/[^:]+:(\d+)\//.exec(l)?.[1])
        .find(Boolean),
    );
    await new Promise((r) => setTimeout(r, 25));
  }
  assert(port, lines.join("\n"));
  return {
    port,
    lines,
    async stop() {
      child.kill("SIGTERM");
      const status = await child.status;
      await pump;
      return status.code;
    },
  };
}

/** Opens `n` connections (or as many as the client can), holds them `ms`, closes them. */
async function flood(port: number, n: number): Promise<Deno.Conn[]> {
  const conns: Deno.Conn[] = [];
  for (let i = 0; i < n; i++) {
    try {
      conns.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    } catch {
      break;
    }
  }
  return conns;
}

Deno.test("serve under ulimit -n 256 survives 400 connections at its default cap", async () => {
  const s = await serveUnderUlimit([]);
  let code: number | null = null;
  try {
    const conns = await flood(s.port, 400);
    assertStrictEquals(conns.length, 400);
    // New clients are still answered: the longest-idle connections made room.
    assertMatch(await get(s.port, "/api/v1/clubs?limit=1"), /"total":30/);
    for (const c of conns) c.close();
    assert(
      s.lines.some((l) => /^\S+ connection cap reached \(156\)/.test(l)),
      s.lines.join("\n"),
    );
  } finally {
    code = await s.stop();
  }
  assertStrictEquals(code, 0);
});

Deno.test("serve past its fd limit (ulimit -n 256, --max-connections 1000) keeps running and recovers", async () => {
  const s = await serveUnderUlimit(["--max-connections", "1000"]);
  let code: number | null = null;
  try {
    const conns = await flood(s.port, 400);
    // The kernel queues what the server cannot accept; wait for it to run out.
    const end = performance.now() + 10_000;
    while (
      !s.lines.some((l) => /^\S+ out of file descriptors/.test(l)) && performance.now() < end
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert(s.lines.some((l) => /^\S+ out of file descriptors/.test(l)), s.lines.join("\n"));
    for (const c of conns) c.close();
    // Once connections close, it accepts and answers again.
    assertMatch(await get(s.port, "/api/v1/clubs?limit=1"), /"total":30/);
    const outOfFds = s.lines.filter((l) => /^\S+ out of file descriptors/.test(l));
    assertStrictEquals(outOfFds.length, 1, "logged once per shortage");
    assertMatch(outOfFds[0]!, /connection cap lowered to \d+ for now$/);
  } finally {
    code = await s.stop();
  }
  assertStrictEquals(code, 0);
});
