/**
 * The cluster test's rolling restart: keep-alive clients send requests one
 * after another on long-lived connections, some through nginx and some
 * straight to one replica, while that replica gets SIGTERM, drains, exits
 * and is started again. A request is failed when it was sent and got no
 * answer (the connection closed or was reset first, or no answer in time)
 * or got a 5xx. A client told `Connection: close` opens a new connection
 * for its next request; one whose connection is refused (the replica is
 * down) waits a moment and tries again: nothing was sent, nothing is lost.
 *
 * The clients speak HTTP/1.1 on raw sockets rather than through `fetch`, so
 * a dropped request is seen as one: a pooling client library may resend it
 * quietly on a new connection.
 *
 * @example
 * ```ts ignore
 * import { keepAliveClients } from "./keepalive.ts";
 * const stop = new AbortController();
 * const running = keepAliveClients({ targets: [{ name: "nginx", port: 18080, clients: 4 }], stop: stop.signal });
 * // … SIGTERM a replica, start it again …
 * stop.abort();
 * (await running).nginx.failed; // 0
 * ```
 * @module
 */
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Where the clients go.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { KeepAliveOptions } from "./keepalive.ts";
 * const o: KeepAliveOptions = { targets: [{ name: "direct", port: 18001, clients: 2 }], stop: AbortSignal.abort() };
 * assert.equal(o.targets[0]!.clients, 2);
 * ```
 */
export interface KeepAliveOptions {
  /** Each target: a name for the results, a loopback port, and how many clients. */
  targets: { name: string; port: number; clients: number }[];
  /** The clients finish the request they are on and stop when this aborts. */
  stop: AbortSignal;
  /** The longest wait for one answer (ms; default 10,000). */
  answerTimeoutMs?: number;
}

/**
 * What the clients of one target saw.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { KeepAliveResult } from "./keepalive.ts";
 * const r: KeepAliveResult = { sent: 10, answered: 10, failed: 0, failures: {}, toldToClose: 1,
 *   connections: 2, refused: 3, reused: 8, slowestMs: 12 };
 * assert.equal(r.sent, r.answered + r.failed);
 * ```
 */
export interface KeepAliveResult {
  /** Requests written to a connection. */
  sent: number;
  /** Answered 2xx-4xx. */
  answered: number;
  /** Sent and not answered, or answered 5xx. */
  failed: number;
  /** The failures by kind. */
  failures: Record<string, number>;
  /** Answers that said `Connection: close`. */
  toldToClose: number;
  /** Connections opened. */
  connections: number;
  /** Connection attempts refused (the server was not listening): no request sent. */
  refused: number;
  /** Requests sent on a connection that had carried one before. */
  reused: number;
  /** The slowest answer (ms). */
  slowestMs: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Runs the clients until `stop` aborts; their results by target name.
 *
 * @example
 * ```ts ignore
 * const results = await keepAliveClients({ targets, stop: AbortSignal.timeout(3_000) });
 * ```
 */
export async function keepAliveClients(
  options: KeepAliveOptions,
): Promise<Record<string, KeepAliveResult>> {
  const out: Record<string, KeepAliveResult> = {};
  const running: Promise<void>[] = [];
  for (const t of options.targets) {
    const r: KeepAliveResult = out[t.name] = {
      sent: 0,
      answered: 0,
      failed: 0,
      failures: {},
      toldToClose: 0,
      connections: 0,
      refused: 0,
      reused: 0,
      slowestMs: 0,
    };
    for (let i = 0; i < t.clients; i++) running.push(client(t.port, i, r, options));
  }
  await Promise.all(running);
  return out;
}

/** Requests the clients cycle through: cached and uncached pages, a profile, a probe. */
const PATHS = [
  "/api/v1/clubs?limit=2",
  "/api/v1/clubs?limit=5&page=2",
  "/api/v1/clubs?type=golf&limit=3",
  "/readyz",
];

async function client(port: number, n: number, r: KeepAliveResult, o: KeepAliveOptions) {
  const fail = (kind: string) => {
    r.failed++;
    r.failures[kind] = (r.failures[kind] ?? 0) + 1;
  };
  let i = n;
  while (!o.stop.aborted) {
    let conn: Deno.TcpConn;
    try {
      conn = await Deno.connect({ hostname: "127.0.0.1", port });
    } catch (e) {
      if (!(e instanceof Deno.errors.ConnectionRefused)) throw e;
      r.refused++;
      await sleep(50);
      continue;
    }
    r.connections++;
    const carry = { bytes: new Uint8Array(0) };
    try {
      for (let onThis = 0; !o.stop.aborted; onThis++) {
        const path = PATHS[i++ % PATHS.length]!;
        const t0 = performance.now();
        try {
          await conn.write(
            encoder.encode(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
          );
        } catch (e) {
          // The server had closed the connection: the request was lost.
          r.sent++;
          fail(`write: ${(e as Error).name}`);
          break;
        }
        r.sent++;
        if (onThis > 0) r.reused++;
        let res: { status: number; close: boolean } | null;
        try {
          res = await readResponse(conn, carry, o.answerTimeoutMs ?? 10_000);
        } catch (e) {
          fail(`read: ${(e as Error).name}`);
          break;
        }
        if (res === null) {
          fail(`closed without an answer (${path})`);
          break;
        }
        r.slowestMs = Math.max(r.slowestMs, performance.now() - t0);
        if (res.status >= 500) fail(`status ${res.status}`);
        else r.answered++;
        if (res.close) {
          r.toldToClose++;
          break;
        }
      }
    } finally {
      try {
        conn.close();
      } catch { /* closed */ }
    }
  }
}

/**
 * Reads one response from `conn` (a Content-Length or chunked body); null
 * when the connection ends before a whole one arrives. Throws `TimedOut`
 * past `ms`.
 */
async function readResponse(
  conn: Deno.Conn,
  carry: { bytes: Uint8Array },
  ms: number,
): Promise<{ status: number; close: boolean } | null> {
  const deadline = setTimeout(() => {
    try {
      conn.close();
    } catch { /* closed */ }
  }, ms);
  const started = performance.now();
  const buf = new Uint8Array(64 * 1024);
  let data = carry.bytes;
  try {
    for (;;) {
      const parsed = parse(data);
      if (parsed !== null) {
        carry.bytes = data.slice(parsed.length);
        return { status: parsed.status, close: parsed.close };
      }
      let n: number | null;
      try {
        n = await conn.read(buf);
      } catch (e) {
        if (performance.now() - started >= ms) {
          throw new Deno.errors.TimedOut(`no answer in ${ms} ms`);
        }
        throw e;
      }
      if (n === null) return null;
      const next = new Uint8Array(data.length + n);
      next.set(data);
      next.set(buf.subarray(0, n), data.length);
      data = next;
    }
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * One whole response at the start of `data`: its status, whether it closes
 * the connection, and its length in bytes; null while incomplete.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "./keepalive.ts";
 * const bytes = (s: string) => new TextEncoder().encode(s);
 * assert.deepStrictEqual(parse(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")),
 *   { status: 200, close: false, length: 40 });
 * assert.deepStrictEqual(parse(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\no")), null);
 * assert.deepStrictEqual(
 *   parse(bytes("HTTP/1.1 503 X\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n")),
 *   { status: 503, close: true, length: 77 },
 * );
 * ```
 */
export function parse(data: Uint8Array): { status: number; close: boolean; length: number } | null {
  const end = indexOf(data, "\r\n\r\n", 0);
  if (end < 0) return null;
  const head = decoder.decode(data.subarray(0, end));
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection: *close/i.test(head);
  let at = end + 4;
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
    for (;;) {
      const line = indexOf(data, "\r\n", at);
      if (line < 0) return null;
      const size = parseInt(decoder.decode(data.subarray(at, line)), 16);
      at = line + 2 + size + 2;
      if (at > data.length) return null;
      if (size === 0) return { status, close, length: at };
    }
  }
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  at += length;
  return at <= data.length ? { status, close, length: at } : null;
}

/** The index of ASCII `s` in `data` from `from`, or -1. */
function indexOf(data: Uint8Array, s: string, from: number): number {
  const first = s.charCodeAt(0);
  outer: for (let i = data.indexOf(first, from); i >= 0; i = data.indexOf(first, i + 1)) {
    if (i + s.length > data.length) return -1;
    for (let k = 1; k < s.length; k++) if (data[i + k] !== s.charCodeAt(k)) continue outer;
    return i;
  }
  return -1;
}
