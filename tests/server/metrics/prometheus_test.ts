// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * `serve --metrics` read by what operators run: a scrape passes
 * `promtool check metrics` (the linter of the Prometheus project), and a
 * real Prometheus (Debian's `prometheus`, which `.ci/run` installs) started
 * here on a free loopback port scrapes `serve --workers 2 --metrics` and
 * answers a query for a counter through its HTTP API. Every wait is bounded.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { serveChild } from "../runtime/_serve_child.ts";
import { freePort, waitForPort } from "../../../bench/cluster/procs.ts";

/** Why the Prometheus tools cannot run here, or null. */
async function toolsMissing(): Promise<string | null> {
  for (const tool of ["prometheus", "promtool"]) {
    try {
      const out = await new Deno.Command(tool, {
        args: ["--version"],
        stdout: "null",
        stderr: "null",
      })
        .output();
      if (!out.success) return `${tool} --version failed`;
    } catch {
      return `${tool} is not installed (apt-get install -y prometheus)`;
    }
  }
  return null;
}

const missing = await toolsMissing();
if (missing) console.error(`skipping the Prometheus tests: ${missing}`);

/** Runs `promtool check metrics` on `text`; its exit code and what it said. */
async function promtoolCheck(text: string): Promise<{ code: number; out: string }> {
  const child = new Deno.Command("promtool", {
    args: ["check", "metrics"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

/** Sends `n` requests to `path`, draining each body. */
async function hit(port: number, path: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { connection: "close" },
    });
    await res.body?.cancel();
    statuses.push(res.status);
  }
  return statuses;
}

Deno.test({
  name:
    "A scrape of serve --metrics passes promtool check metrics and counts requests by route and status",
  ignore: missing !== null,
  fn: async () => {
    const s = await serveChild(["--metrics"]);
    try {
      assertEquals(await hit(s.port, "/api/v1/clubs?limit=1", 3), [200, 200, 200]);
      assertEquals(await hit(s.port, "/clubs/no-such-club", 1), [404]);
      const res = await fetch(`http://127.0.0.1:${s.port}/metrics`);
      const text = await res.text();
      assertStrictEquals(res.status, 200);
      assertStrictEquals(
        res.headers.get("content-type"),
        "text/plain; version=0.0.4; charset=utf-8",
      );
      const lint = await promtoolCheck(text);
      assertStrictEquals(lint.code, 0, `${lint.out}\n${text}`);
      // No lint warnings either (promtool prints them and still exits 0).
      assertStrictEquals(lint.out.trim(), "", lint.out);
      assertMatch(text, /^clubdir_http_requests_total\{route="\/api\/v1\/clubs",code="200"\} 3$/m);
      // A template, never the path sent: the label set stays bounded.
      assertMatch(text, /^clubdir_http_requests_total\{route="\/clubs\/:slug",code="404"\} 1$/m);
      assert(!text.includes("no-such-club"), text);
      assertMatch(
        text,
        /^clubdir_http_request_duration_seconds_count\{route="\/api\/v1\/clubs"\} 3$/m,
      );
      assertMatch(
        text,
        /^clubdir_http_response_bytes_total\{route="\/api\/v1\/clubs"\} [1-9]\d*$/m,
      );
      assertMatch(text, /^clubdir_snapshot_clubs 30$/m);
      assertMatch(text, /^clubdir_connections_open \d+$/m);
      assertMatch(text, /^clubdir_cache_hits_total\{cache="[^"]+"\} \d+$/m);
      assertMatch(text, /^clubdir_worker_restarts_total 0$/m);
      // Another Host (a rebinding name) gets the 404 of a server without metrics.
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      await conn.write(new TextEncoder().encode(
        "GET /metrics HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
      ));
      const answer = new TextDecoder().decode(await readAll(conn));
      assertMatch(answer, /^HTTP\/1\.1 404 /);
      assert(!answer.includes("clubdir_"), answer);
    } finally {
      assertStrictEquals(await s.stop(), 0);
    }
  },
});

async function readAll(conn: Deno.Conn): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(16 * 1024);
  const timer = setTimeout(() => conn.close(), 5_000);
  try {
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
  } catch {
    /* closed by the timer */
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* already closed */ }
  }
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** One instant query through Prometheus' HTTP API: the first sample's value, or null. */
async function query(promPort: number, promql: string): Promise<number | null> {
  const res = await fetch(
    `http://127.0.0.1:${promPort}/api/v1/query?query=${encodeURIComponent(promql)}`,
  );
  const body = await res.json() as {
    status: string;
    data?: { result: { value: [number, string] }[] };
  };
  const first = body.data?.result[0];
  return body.status === "success" && first ? Number(first.value[1]) : null;
}

Deno.test({
  name:
    "A real Prometheus scrapes serve --workers 2 --metrics and answers a query for its request counter",
  ignore: missing !== null,
  fn: async () => {
    const s = await serveChild(["--workers", "2", "--metrics"]);
    const dir = await Deno.makeTempDir({ prefix: "clubdir-prometheus-" });
    const promPort = freePort();
    let prometheus: Deno.ChildProcess | null = null;
    try {
      // Fresh connections, so both workers answer some.
      assertEquals(await hit(s.port, "/api/v1/clubs?limit=2", 12), Array(12).fill(200));
      await Deno.writeTextFile(
        `${dir}/prometheus.yml`,
        [
          "global:",
          "  scrape_interval: 1s",
          "  evaluation_interval: 1s",
          "scrape_configs:",
          "  - job_name: clubdir",
          "    scrape_timeout: 1s",
          "    static_configs:",
          `      - targets: ["127.0.0.1:${s.port}"]`,
          "",
        ].join("\n"),
      );
      prometheus = new Deno.Command("prometheus", {
        args: [
          `--config.file=${dir}/prometheus.yml`,
          `--storage.tsdb.path=${dir}/data`,
          `--web.listen-address=127.0.0.1:${promPort}`,
        ],
        stdout: "null",
        stderr: "null",
      }).spawn();
      await waitForPort(promPort, 20_000, "prometheus");
      // Workers publish their figures every second; Prometheus scrapes every second.
      const promql = 'sum(clubdir_http_requests_total{route="/api/v1/clubs",code="200"})';
      let value: number | null = null;
      const end = Date.now() + 30_000;
      while (Date.now() < end) {
        value = await query(promPort, promql).catch(() => null);
        if (value !== null && value >= 12) break;
        await sleep(250);
      }
      assertStrictEquals(value, 12, `Prometheus answered ${value} for ${promql}`);
      assertStrictEquals(await query(promPort, 'up{job="clubdir"}'), 1);
      assertStrictEquals(await query(promPort, "clubdir_workers"), 2);
    } finally {
      if (prometheus) {
        prometheus.kill("SIGTERM");
        await prometheus.status;
      }
      await Deno.remove(dir, { recursive: true }).catch(() => {});
      assertStrictEquals(await s.stop(), 0);
    }
  },
});
