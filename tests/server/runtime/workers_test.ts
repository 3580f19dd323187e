// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { DEFAULT_SETTINGS, type ServeSettings } from "../../../server/options.ts";
import { startServer } from "../../../server/runtime/mod.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { spawn } from "../../_run.ts";

const fx = await sharedFixture();
const CRASH_WORKER = new URL("./_crash_worker.ts", import.meta.url);
const SUPERVISE = fileURLToPath(new URL("./_supervise.ts", import.meta.url));

function settings(overrides: Partial<ServeSettings> = {}): ServeSettings {
  return {
    ...DEFAULT_SETTINGS,
    db: fx.path,
    port: 0,
    quiet: true,
    workers: 2,
    rateLimit: "off",
    ...overrides,
  };
}

/** GET over a fresh connection (so SO_REUSEPORT can pick either worker). */
async function fetchFresh(url: string): Promise<number | string> {
  const client = Deno.createHttpClient({});
  try {
    const res = await fetch(url, { client, signal: AbortSignal.timeout(5_000) });
    await res.body?.cancel();
    return res.status;
  } catch (e) {
    return (e as Error).message;
  } finally {
    client.close();
  }
}

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

Deno.test("A worker that dies is restarted on the same port and serving goes on", async () => {
  const lines: string[] = [];
  const running = await startServer({
    settings: settings(),
    supervisor: { workerUrl: CRASH_WORKER },
    log: (l) => lines.push(l),
  });
  try {
    const base = `http://127.0.0.1:${running.addr.port}`;
    assertStrictEquals(await fetchFresh(`${base}/test/crash`), 200);
    await until("the restart", () => lines.some((l) => /^\S+ worker \d restarted$/.test(l)));
    assert(
      lines.some((l) => /^\S+ worker \d died: .*test crash.*; restarting it in 100 ms$/.test(l)),
    );
    // Both workers serve again: many fresh connections, every one answered.
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push(await fetchFresh(`${base}/api/v1/clubs?limit=1`));
    assertEquals(statuses, Array(20).fill(200));
  } finally {
    await running.stop();
  }
});

Deno.test("A worker that keeps dying ends serving with a reason", async () => {
  const running = await startServer({
    settings: settings(),
    supervisor: { workerUrl: CRASH_WORKER, maxRestarts: 0 },
    log: () => {},
  });
  try {
    await fetchFresh(`http://127.0.0.1:${running.addr.port}/test/crash`);
    const reason = await running.failed;
    assertMatch(reason, /^worker \d died 1 times in a minute: .*test crash/);
  } finally {
    await running.stop();
  }
});

Deno.test("A stuck worker makes the process exit 1 instead of hanging", async () => {
  const child = spawn(["run", "-A", SUPERVISE, fx.path], { stdout: "null" });
  const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  try {
    const decoder = new TextDecoder();
    let text = "";
    const reader = child.stderr.getReader();
    let port = "";
    while (!port) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
      port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(text)?.[1] ?? "";
    }
    assert(port, text);
    // A fresh connection per try until one lands on a worker that then hangs.
    const client = Deno.createHttpClient({});
    fetch(`http://127.0.0.1:${port}/test/hang`, { client, signal: AbortSignal.timeout(20_000) })
      .then((r) => r.body?.cancel(), () => {}).finally(() => client.close());
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    const { code } = await child.status;
    assertStrictEquals(code, 1, text);
    assertMatch(text, /error: worker \d has not answered for \d+ s \(stuck\); stopping/);
  } finally {
    clearTimeout(killer);
  }
});
