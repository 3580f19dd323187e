// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * `deno task bench --metrics` and `--metrics-ab` against the real
 * `main.ts serve` (bench/metrics_http.ts): the scrape check passes on what
 * serve counted, fails loudly on a serve without metrics or on a count short
 * of what was sent, waits for the workers' publication with `--workers 2`,
 * and the side-by-side comparison runs under the real wrk.
 */
import { metricsAb, proveMetrics } from "../../bench/metrics_http.ts";
import { freePort } from "../../bench/cluster/procs.ts";
import { loadTool } from "../../bench/wrk.ts";
import { type ServeChild, serveChild } from "../server/runtime/_serve_child.ts";
import { assert, assertEquals, assertRejects } from "../_assert.ts";

/** `n` GETs of the first page, each on its own connection (so workers share them). */
async function hit(origin: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${origin}/api/v1/clubs?limit=1`, { headers: { connection: "close" } });
    await res.body?.cancel();
    assertEquals(res.status, 200);
  }
}

Deno.test("proveMetrics passes on what serve --metrics counted and fails on less or on no metrics", async () => {
  const on = await serveChild(["--metrics"]);
  const off = await serveChild([]);
  try {
    const origin = `http://127.0.0.1:${on.port}`;
    await hit(origin, 5);
    assertEquals(await proveMetrics(origin, 5), 5);
    await assertRejects(
      () => proveMetrics(origin, 10_000),
      Error,
      "requests, fewer than the 10000 the load generator completed",
    );
    await assertRejects(
      () => proveMetrics(`http://127.0.0.1:${off.port}`, 0),
      Error,
      "answered 404: metrics off",
    );
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
});

Deno.test("proveMetrics counts every worker's requests with --workers 2", async () => {
  const s = await serveChild(["--workers", "2", "--metrics"]);
  try {
    const origin = `http://127.0.0.1:${s.port}`;
    await hit(origin, 40);
    assert((await proveMetrics(origin, 40, 2)) >= 40);
  } finally {
    await s.stop();
  }
});

const wrk = await new Deno.Command("wrk", { args: ["--version"], stdout: "null", stderr: "null" })
  .output().then(() => true, () => false);
if (!wrk) {
  console.error("skipping the --metrics-ab test: wrk is not installed (apt-get install wrk)");
}

Deno.test({
  name: "metricsAb loads serve without and with --metrics in turn and checks both",
  ignore: !wrk,
  fn: async () => {
    const scratch = await Deno.makeTempDir({ prefix: "clubdir-metrics-ab-" });
    try {
      const r = await metricsAb<Promise<ServeChild>>({
        tool: await loadTool(() => {}, scratch),
        seconds: 1,
        workers: 1,
        paths: [["first page", "/api/v1/clubs?limit=1"]],
        // serveChild's arguments come last: this --port wins over its --port 0.
        serve: (port, _workers, metrics) =>
          serveChild(["--port", String(port), ...(metrics ? ["--metrics"] : [])]),
        procs: {
          waitReady: async (_url, child) => void await child,
          stop: async (child) => void await (await child).stop(),
          freePort,
        },
        log: () => {},
      });
      assertEquals(r.rows.map((row) => [row.name, row.off.length, row.on.length]), [
        ["first page", 2, 2],
      ]);
      assert(r.completed > r.rows[0]!.on[0]!.requests, "the warm-up and both slices count");
      assert(r.counted >= r.completed);
    } finally {
      await Deno.remove(scratch, { recursive: true });
    }
  },
});
