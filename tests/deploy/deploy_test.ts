// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import {
  cutMidResponse,
  failedRequests,
  mainConf,
  parseLogLine,
  renderSite,
  requiredMain,
  SITE_CONF,
} from "../../bench/cluster/nginx.ts";
import { assert, assertEquals, assertMatch, assertThrows } from "../_assert.ts";
import { run } from "../_run.ts";
import { SERVE_ENV, SERVE_V8_FLAGS, taskEnv, taskV8Flags } from "../../bench/serve_flags.ts";

const UNIT = new URL("../../deploy/systemd/clubdir@.service", import.meta.url);

async function has(command: string, args: string[]): Promise<boolean> {
  try {
    await run(args, { command });
    return true;
  } catch {
    return false;
  }
}

const nginx = (await has("nginx", ["-v"]))
  ? "nginx"
  : (await has("/usr/sbin/nginx", ["-v"]))
  ? "/usr/sbin/nginx"
  : null;
const systemdAnalyze = await has("systemd-analyze", ["--version"]);
if (!nginx) console.warn("skipping the nginx syntax test: nginx is not installed");
if (!systemdAnalyze) console.warn("skipping the unit check: systemd-analyze is not installed");

Deno.test("the shipped nginx config fails over, appends X-Forwarded-For, never retries POST", async () => {
  const conf = await Deno.readTextFile(SITE_CONF);
  // 500 too: a replica whose database cannot be read answers 500 clubs_unavailable (spec §7).
  assertMatch(conf, /proxy_next_upstream error timeout http_500 http_502 http_503 http_504;/);
  assertMatch(conf, /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  assert(!/^\s*proxy_next_upstream[^;]*non_idempotent/m.test(conf), "POSTs are not retried");
  assertMatch(conf, /#\s*hash \$remote_addr consistent;/);
});

Deno.test("renderSite() puts one upstream line per replica and a loopback listen", async () => {
  const site = renderSite(await Deno.readTextFile(SITE_CONF), {
    listenPort: 18080,
    replicas: [18001, 18002],
  });
  const servers = site.match(/^\s*server 127\.0\.0\.1:\d+ [^;]*;$/gm) ?? [];
  assertEquals(servers.map((s) => s.trim().split(/\s+/)[1]), [
    "127.0.0.1:18001",
    "127.0.0.1:18002",
  ]);
  assert(servers.every((s) => s.includes("max_fails=1 fail_timeout=2s")), "parameters kept");
  assertEquals(site.match(/^\s*listen [^;]+;$/gm)?.map((l) => l.trim()), [
    "listen 127.0.0.1:18080;",
  ]);
});

Deno.test({
  name: "nginx accepts the rendered shipped config (nginx -t)",
  ignore: nginx === null,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "clubdir-nginx-" });
    try {
      await Deno.mkdir(`${dir}/tmp`);
      const site = renderSite(await Deno.readTextFile(SITE_CONF), {
        listenPort: 18080,
        replicas: [18001, 18002, 18003],
      });
      await Deno.writeTextFile(`${dir}/site.conf`, site);
      const main = requiredMain(await Deno.readTextFile(SITE_CONF));
      await Deno.writeTextFile(`${dir}/nginx.conf`, mainConf(dir, `${dir}/site.conf`, main));
      const out = await run(["-t", "-p", dir, "-c", `${dir}/nginx.conf`], { command: nginx! });
      const text = out.stderr;
      assertEquals(out.code, 0, text);
      assert(!/\[warn\]/.test(text), text);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "systemd-analyze verifies the unit without a warning",
  ignore: !systemdAnalyze,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "clubdir-unit-" });
    try {
      // A template is verified through an instance of it. The unit runs the
      // Deno an operator installs at /usr/local/bin; verify it against this
      // machine's Deno so the check does not depend on that install.
      const unit = `${dir}/clubdir@8001.service`;
      const text0 = await Deno.readTextFile(UNIT);
      assert(text0.includes("ExecStart=/usr/local/bin/deno "), "the unit runs /usr/local/bin/deno");
      await Deno.writeTextFile(unit, text0.replace("/usr/local/bin/deno", Deno.execPath()));
      const out = await run(["verify", "--man=no", unit], { command: "systemd-analyze" });
      const text = out.stderr + out.stdout;
      assertEquals(text.trim(), "", text);
      assertEquals(out.code, 0);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("the unit runs with least privilege and scoped deno permissions", async () => {
  const unit = await Deno.readTextFile(UNIT);
  for (
    const line of [
      "DynamicUser=yes",
      "ProtectSystem=strict",
      "NoNewPrivileges=yes",
      "ReadWritePaths=/var/lib/clubdir/%i",
      "CapabilityBoundingSet=",
    ]
  ) assert(unit.split("\n").includes(line), line);
  const exec = unit.slice(unit.indexOf("ExecStart=")).split(/(?<!\\)\n/)[0]!;
  assertMatch(exec, /--allow-net=\S+/);
  assertMatch(exec, /--allow-write=\/var\/lib\/clubdir\/%i /);
  assert(!/\s-A\s|--allow-all|--allow-(net|read|write|env)(\s|$)/.test(exec), exec);
});

Deno.test("parseLogLine() reads the cluster test's access log format", () => {
  assertEquals(
    parseLogLine(
      '127.0.0.2 200 "127.0.0.1:18001, 127.0.0.1:18002" "502, 200" 0.004 "/api/v1/clubs"',
    ),
    {
      client: "127.0.0.2",
      status: 200,
      upstreams: ["127.0.0.1:18001", "127.0.0.1:18002"],
      upstreamStatus: "502, 200",
      seconds: 0.004,
      uri: "/api/v1/clubs",
    },
  );
  assertEquals(parseLogLine("garbage"), null);
});

Deno.test("cutMidResponse() tells a response cut after nginx forwarded its headers from one it retried", () => {
  const line = (when: string, port: number) =>
    `2026/11/26 18:40:01 [error] 812#812: *5120 ${when}, client: 127.0.0.1, server: _, request: "GET /api/v1/clubs?type=golf HTTP/1.1", upstream: "http://127.0.0.1:${port}/api/v1/clubs?type=golf", host: "127.0.0.1:40000"`;
  const cut = "upstream prematurely closed connection while reading upstream";
  const reset = "recv() failed (104: Connection reset by peer) while reading upstream";
  const header =
    "upstream prematurely closed connection while reading response header from upstream";
  assert(cutMidResponse(line(cut, 8002), 8002));
  assert(cutMidResponse(line(reset, 8002), 8002));
  // Before the headers: nginx retried it on another replica.
  assert(!cutMidResponse(line(header, 8002), 8002));
  // Another replica's cut response is not the killed one's.
  assert(!cutMidResponse(line(cut, 8001), 8002));
  assert(!cutMidResponse(line(cut, 18002), 8002));
});

Deno.test("failedRequests() excuses only the read errors of responses the killed replica cut", () => {
  const load = (non2xx: number, errorKinds: Record<string, number>) => ({
    non2xx,
    errors: Object.values(errorKinds).reduce((a, n) => a + n, 0),
    errorKinds,
  });
  assertEquals(failedRequests(load(0, { read: 1 }), 1), { failed: 0, cut: 1 });
  // A cut nginx did not log as the killed replica's still fails.
  assertEquals(failedRequests(load(0, { read: 1 }), 0), { failed: 1, cut: 0 });
  // More read errors than cut responses: the rest fail.
  assertEquals(failedRequests(load(0, { read: 3 }), 1), { failed: 2, cut: 1 });
  // Timeouts and non-2xx answers are never excused.
  assertEquals(failedRequests(load(2, { timeout: 1 }), 1), { failed: 3, cut: 0 });
  assertEquals(failedRequests(load(0, {}), 0), { failed: 0, cut: 0 });
});

Deno.test("the unit and the compile task run serve with the serve task's V8 flags", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  assertEquals(taskV8Flags(config, "compile"), SERVE_V8_FLAGS);
  const unit = await Deno.readTextFile(UNIT);
  assertEquals(unit.match(/--v8-flags=\S+/g), [SERVE_V8_FLAGS]);
  assertMatch(SERVE_V8_FLAGS, /--heap-growing-percent=\d+/);
});

Deno.test("the unit sets the environment the serve task sets", async () => {
  const unit = await Deno.readTextFile(UNIT);
  const set = unit.match(/^Environment=.*$/gm)!.flatMap((l) => l.slice(12).split(/\s+/));
  assertEquals(SERVE_ENV, { MALLOC_MMAP_THRESHOLD_: "131072" });
  for (const [k, v] of Object.entries(SERVE_ENV)) assert(set.includes(`${k}=${v}`), `${k}=${v}`);
});

Deno.test("taskEnv() reads the assignments in front of a task's command, and only those", () => {
  const config = { tasks: { t: "A=1 B_2=x/y deno run C=3 main.ts", none: "deno run main.ts" } };
  assertEquals(taskEnv(config, "t"), { A: "1", B_2: "x/y" });
  assertEquals(taskEnv(config, "none"), {});
  assertThrows(() => taskEnv(config, "missing"), /no task "missing"/);
});

Deno.test("the shipped nginx config bounds slow clients and states the worker settings it needs", async () => {
  const conf = await Deno.readTextFile(SITE_CONF);
  const directive = (name: string) =>
    new RegExp(`^\\s*${name}\\s+([^;]+);`, "m").exec(conf)?.[1]?.trim() ?? null;
  assertMatch(conf, /^limit_conn_zone \$binary_remote_addr zone=clubdir_addr:\d+m;/m);
  assertMatch(directive("limit_conn") ?? "", /^clubdir_addr \d+$/);
  assertEquals(directive("client_header_timeout"), "10s");
  assertEquals(directive("client_body_timeout"), "10s");
  assertEquals(directive("reset_timedout_connection"), "on");
  const main = requiredMain(conf);
  // Debian's 768 is what one slowloris client exhausted; a proxied request holds two.
  assert(main.workerConnections >= 4096, `${main.workerConnections}`);
  assert(main.rlimitNofile >= main.workerConnections * 2, `${main.rlimitNofile}`);
  assertThrows(() => requiredMain("server {}"), /no longer states/);
});

Deno.test("the unit waits for /readyz, and every file its install comment names exists", async () => {
  const unit = await Deno.readTextFile(UNIT);
  const post = unit.slice(unit.indexOf("ExecStartPost=")).split(/(?<!\\)\n/)[0]!;
  assertMatch(
    post,
    /^ExecStartPost=-\/usr\/bin\/curl .*--fail.*http:\/\/127\.0\.0\.1:%i\/readyz$/s,
  );
  const named = unit.match(/(?<=\s)(?:[\w.]+\/)+[\w.]+\.ts\b/g) ?? [];
  assert(named.length >= 2, named.join(" "));
  for (const path of named.filter((p) => !p.startsWith("/"))) {
    await Deno.stat(new URL(`../../${path}`, import.meta.url)); // throws when missing
  }
});
