/**
 * The cluster test's slow-client attack: one address (say 127.0.0.2) holds
 * many connections to nginx, each sending a partial request head and one
 * more header line every few seconds, and opens a new one for each the
 * server closes, while probes from another address (127.0.0.1) ask for a
 * page over a fresh connection every half second. The front end holds when
 * every probe is answered. Everything is bounded: the connection count, the
 * duration, each probe's time.
 *
 * @example
 * ```ts ignore
 * import { slowloris } from "./slowloris.ts";
 * const r = await slowloris({ port: 18080, from: "127.0.0.2", connections: 1_600, seconds: 15,
 *   probeUrl: "http://127.0.0.1:18080/api/v1/clubs?limit=1" });
 * r.probes.failed; // 0
 * ```
 * @module
 */
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * What {@link slowloris} does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AttackOptions } from "./slowloris.ts";
 * const o: AttackOptions = { port: 1, from: "127.0.0.2", connections: 10, seconds: 1, probeUrl: "http://127.0.0.1:1/" };
 * assert.ok(o.from.startsWith("127.")); // loopback only
 * ```
 */
export interface AttackOptions {
  /** nginx's loopback port. */
  port: number;
  /** The attacker's loopback address. */
  from: string;
  /** Connections the attacker keeps open. */
  connections: number;
  /** How long the attack lasts (s). */
  seconds: number;
  /** Seconds between two header lines on one connection (default 5). */
  lineEverySeconds?: number;
  /** What the probes fetch (from 127.0.0.1, a fresh connection each). */
  probeUrl: string;
  /** Milliseconds between probes (default 500). */
  probeEveryMs?: number;
  /** A probe's deadline (ms; default 3,000). */
  probeTimeoutMs?: number;
}

/**
 * What the attack and the probes saw.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AttackResult } from "./slowloris.ts";
 * const r: AttackResult = { probes: { sent: 30, answered: 30, failed: 0, slowestMs: 12, failures: {} },
 *   attack: { opened: 1600, peakOpen: 1600, closedByServer: 0, refused: 0, answered: 0, bytesSent: 0 } };
 * assert.equal(r.probes.answered + r.probes.failed, r.probes.sent); // every probe is counted once
 * ```
 */
export interface AttackResult {
  probes: {
    sent: number;
    /** Answered 200. */
    answered: number;
    failed: number;
    slowestMs: number;
    /** Failures by reason (status or error). */
    failures: Record<string, number>;
  };
  attack: {
    /** Connections opened in all. */
    opened: number;
    /** The most open at once. */
    peakOpen: number;
    /** Closed by the server (its head timeout) before the attack ended. */
    closedByServer: number;
    /** Connections that could not be opened. */
    refused: number;
    /** Connections the server answered (it should close them unanswered, or 408/400). */
    answered: number;
    /** Bytes the attacker sent. */
    bytesSent: number;
  };
}

/**
 * Runs the attack and the probes together for `options.seconds`; resolves
 * when both have stopped and every attacking socket is closed.
 *
 * @example
 * ```ts ignore
 * const { probes, attack } = await slowloris(options);
 * ```
 */
export async function slowloris(options: AttackOptions): Promise<AttackResult> {
  const lineMs = (options.lineEverySeconds ?? 5) * 1000;
  const endAt = performance.now() + options.seconds * 1000;
  const attack = {
    opened: 0,
    peakOpen: 0,
    closedByServer: 0,
    refused: 0,
    answered: 0,
    bytesSent: 0,
  };
  /** Connected sockets, and every socket not yet closed. */
  const open = new Set<net.Socket>();
  const all = new Set<net.Socket>();
  let stopping = false;

  const write = (s: net.Socket, text: string) => {
    attack.bytesSent += text.length;
    s.write(text);
  };
  /** One slow client; replaced by a new one when the server closes it. */
  const connect = (n: number) => {
    if (stopping) return;
    const s = net.connect({ host: "127.0.0.1", port: options.port, localAddress: options.from });
    attack.opened++;
    all.add(s);
    let line = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    s.on("connect", () => {
      if (stopping) return void s.destroy();
      open.add(s);
      attack.peakOpen = Math.max(attack.peakOpen, open.size);
      write(s, `GET /api/v1/clubs?slow=${n} HTTP/1.1\r\nHost: clubs.example\r\n`);
      timer = setInterval(() => write(s, `X-Slow-${line++}: ${"a".repeat(8)}\r\n`), lineMs);
    });
    s.on("data", () => {
      attack.answered++;
    });
    s.on("error", () => {});
    s.on("close", () => {
      clearInterval(timer);
      all.delete(s);
      const was = open.delete(s);
      if (!was && !stopping) attack.refused++;
      if (was && !stopping) {
        attack.closedByServer++;
        // As an attacker would: replace it (a moment later, so a server
        // that closes at once does not turn the test into a busy loop).
        setTimeout(() => connect(n), 50);
      }
    });
  };

  // Open them in bursts (1,600 in about a second), as an attacking script does.
  const opening = (async () => {
    for (let i = 0; i < options.connections && !stopping; i++) {
      connect(i);
      if (i % 100 === 99) await sleep(50);
    }
  })();

  const probes = {
    sent: 0,
    answered: 0,
    failed: 0,
    slowestMs: 0,
    failures: {} as Record<string, number>,
  };
  const failed = (why: string) => {
    probes.failed++;
    probes.failures[why] = (probes.failures[why] ?? 0) + 1;
  };
  // Give the attack a head start, then probe until it ends.
  await sleep(1_500);
  while (performance.now() < endAt) {
    const started = performance.now();
    probes.sent++;
    const client = Deno.createHttpClient({ localAddress: "127.0.0.1" });
    try {
      const res = await fetch(options.probeUrl, {
        client,
        signal: AbortSignal.timeout(options.probeTimeoutMs ?? 3_000),
      });
      await res.body?.cancel();
      if (res.status === 200) probes.answered++;
      else failed(`status ${res.status}`);
    } catch (e) {
      failed((e as Error).name === "TimeoutError" ? "timeout" : (e as Error).message.slice(0, 80));
    } finally {
      client.close();
    }
    probes.slowestMs = Math.max(probes.slowestMs, performance.now() - started);
    await sleep(Math.max(0, (options.probeEveryMs ?? 500) - (performance.now() - started)));
  }
  stopping = true;
  await opening;
  for (const s of all) s.destroy();
  // Every socket closed before the next phase starts.
  for (let i = 0; i < 100 && all.size > 0; i++) await sleep(20);
  return { probes, attack };
}
