// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { resolveServe } from "../../cli/serve.ts";
import {
  assert,
  assertEquals,
  assertMatch,
  assertNotStrictEquals,
  assertStrictEquals,
} from "../_assert.ts";
import { sharedFixture } from "../_fixture.ts";
import { DEFAULT_SETTINGS } from "../../server/options.ts";
import { startServer } from "../../server/runtime/mod.ts";
import { MAIN, run as runDeno, spawn } from "../_run.ts";

const fx = await sharedFixture();
const decoder = new TextDecoder();

/** A `main.ts serve` subprocess, read until its "Listening on" line. */
interface Served {
  child: Deno.ChildProcess;
  base: string;
  startupMs: number;
  /** Every stderr line so far (keeps filling while the server runs). */
  lines: string[];
  /** Sends a signal and resolves to the exit code once stderr is drained. */
  stop(signal?: Deno.Signal): Promise<number>;
}

async function serve(
  args: string[],
  options: { env?: Record<string, string>; denoFlags?: string[] } = {},
): Promise<Served> {
  const started = performance.now();
  const child = spawn(["run", "-A", ...(options.denoFlags ?? []), MAIN, "serve", ...args], {
    env: options.env,
  });
  const lines: string[] = [];
  const listening = Promise.withResolvers<string>();
  const drained = (async () => {
    let buffered = "";
    for await (const chunk of child.stderr) {
      buffered += decoder.decode(chunk, { stream: true });
      let nl;
      while ((nl = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        lines.push(line);
        const m = /^\d{4}-\d\d-\d\dT[\d:.]+Z Listening on (http:\/\/[^/]+)\//.exec(line);
        if (m) listening.resolve(m[1]!);
      }
    }
    listening.reject(new Error(`serve exited before listening:\n${lines.join("\n")}`));
  })();
  const stdout = new Response(child.stdout).text();
  const timer = setTimeout(() => listening.reject(new Error("no Listening line in 10 s")), 10_000);
  let base: string;
  try {
    base = await listening.promise;
  } catch (e) {
    child.kill("SIGKILL");
    await Promise.all([child.status, drained, stdout]);
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const startupMs = performance.now() - started;
  return {
    child,
    base,
    startupMs,
    lines,
    async stop(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      const [status, , out] = await Promise.all([child.status, drained, stdout]);
      assertStrictEquals(out, "", "serve writes nothing to stdout");
      return status.code;
    },
  };
}

/** Runs `main.ts serve` expecting it to exit by itself. */
function run(args: string[], env: Record<string, string> = {}, denoFlags: string[] = []) {
  return runDeno(["run", "-A", ...denoFlags, MAIN, "serve", ...args], { env });
}

/** GET over a fresh connection (so SO_REUSEPORT can spread requests); body read. */
async function fetchFresh(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const client = Deno.createHttpClient({});
  try {
    const res = await fetch(url, { ...init, client });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } finally {
    client.close();
  }
}

Deno.test("serve --help prints the options and examples and exits 0", async () => {
  const r = await run(["--help"]);
  assertStrictEquals(r.code, 0);
  assert(r.stdout.startsWith("Usage: main.ts serve [options]"));
  for (
    const flag of [
      "--db",
      "--port",
      "--hostname",
      "--base-url",
      "--rate-limit",
      "--name",
      "--trust-proxy",
      "--quiet",
      "--workers",
      "--support-email",
      "--max-connections",
    ]
  ) {
    assert(r.stdout.includes(flag), flag);
  }
  assert(r.stdout.includes("Examples:"));
});

for (
  const [args, env, named] of [
    [["--port", "abc"], {}, "--port"],
    [["--port", "70000"], {}, "--port"],
    [["--rate-limit", "5"], {}, "--rate-limit"],
    [["--workers", "0"], {}, "--workers"],
    [["--trust-proxy=11"], {}, "--trust-proxy"],
    [[], { CLUBDIR_TRUST_PROXY: "maybe" }, "CLUBDIR_TRUST_PROXY"],
    [["--max-connections", "0"], {}, "--max-connections"],
    [["--base-url", "ftp://x.example"], {}, "--base-url"],
    [["--name", "Clubs\u00e9"], {}, "--name"],
    [["--support-email", "nobody"], {}, "--support-email"],
    [["--nope"], {}, "--nope"],
    [[], { CLUBDIR_PORT: "abc" }, "CLUBDIR_PORT"],
    [[], { CLUBDIR_QUIET: "maybe" }, "CLUBDIR_QUIET"],
  ] as [string[], Record<string, string>, string][]
) {
  Deno.test(`serve ${args.join(" ") || JSON.stringify(env)} fails with one line naming ${named}, exit 2`, async () => {
    const r = await run(["--db", fx.path, ...args], env);
    assertStrictEquals(r.code, 2);
    const lines = r.stderr.trimEnd().split("\n");
    assertStrictEquals(lines.length, 1, r.stderr);
    assertMatch(lines[0]!, /^error: /);
    assert(lines[0]!.includes(named), lines[0]);
  });
}

Deno.test("serve starts fast, logs each request to stderr and exits 0 on SIGTERM", async () => {
  const s = await serve(["--db", fx.path, "--port", "0"]);
  let code: number;
  try {
    assertMatch(
      s.lines.at(-1)!,
      /^\d{4}-\d\d-\d\dT[\d:.]+Z Listening on http:\/\/127\.0\.0\.1:\d+\/ \(30 clubs, snapshot \S+\)$/,
    );
    assert(s.startupMs < 5_000, `${s.startupMs} ms`);
    const res = await fetchFresh(`${s.base}/api/v1/clubs?state=FL`, {
      headers: { "x-request-id": "cli-test-7" },
    });
    assertStrictEquals(res.status, 200);
    assertStrictEquals(res.headers.get("x-total-clubs"), "3");
    assertStrictEquals(res.headers.get("x-data-source"), "Club Directory");
    // The log line is written right after the answer.
    for (let i = 0; i < 50 && !s.lines.some((l) => l.includes("cli-test-7")); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const line = s.lines.find((l) => l.includes("cli-test-7"));
    // Client, method, path (no query), status, duration, bytes, user agent, request id.
    assertMatch(
      line ?? "",
      / 127\.0\.0\.1 GET \/api\/v1\/clubs 200 \d+\.\dms \d+B "Deno\/[^"]+" cli-test-7$/,
    );
  } finally {
    code = await s.stop("SIGTERM");
  }
  assertStrictEquals(code, 0);
});

Deno.test("serve exits 0 on SIGINT", async () => {
  const s = await serve(["--db", fx.path, "--port", "0", "--quiet"]);
  assertStrictEquals(await s.stop("SIGINT"), 0);
  assert(s.lines.every((l) => !/ GET /.test(l)));
});

Deno.test("serve reads its settings from CLUBDIR_* variables", async () => {
  const s = await serve([], {
    env: {
      CLUBDIR_DB: fx.path,
      CLUBDIR_PORT: "0",
      CLUBDIR_RATE_LIMIT: "off",
      CLUBDIR_NAME: "Test Clubs",
      CLUBDIR_BASE_URL: "https://clubs.example/",
      CLUBDIR_QUIET: "1",
    },
  });
  try {
    const res = await fetchFresh(`${s.base}/api/v1/clubs?limit=5`);
    assertStrictEquals(res.headers.get("x-data-source"), "Test Clubs");
    assertStrictEquals(res.headers.get("ratelimit"), "limit=120, remaining=120, reset=60");
    // The links are on the configured base URL (next first; first and last follow).
    assertStrictEquals(
      res.headers.get("link")?.split(", ")[0],
      '<https://clubs.example/api/v1/clubs?limit=5&page=2>; rel="next"',
    );
  } finally {
    assertStrictEquals(await s.stop(), 0);
  }
});

Deno.test("serve --workers 2 serves from both workers and shares one rate limit", async () => {
  const s = await serve(
    ["--db", fx.path, "--port", "0", "--workers", "2", "--rate-limit", "30/60"],
    {},
  );
  try {
    assertMatch(s.lines.at(-1)!, /\(30 clubs, snapshot \S+, 2 workers\)$/);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await fetchFresh(`${s.base}/api/v1/clubs?limit=1`)).status);
    }
    // Exactly the limit across both workers, not twice the limit.
    assertStrictEquals(statuses.filter((x) => x === 200).length, 30);
    assertStrictEquals(statuses.filter((x) => x === 429).length, 10);
    for (let i = 0; i < 50 && s.lines.filter((l) => / GET /.test(l)).length < 40; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const served = s.lines.filter((l) => / GET /.test(l));
    assertStrictEquals(served.length, 40);
    // Each worker's lines say which it is, after the time.
    assert(served.some((l) => /^\S+ \[w1\] /.test(l)), "worker 1 served");
    assert(served.some((l) => /^\S+ \[w2\] /.test(l)), "worker 2 served");
  } finally {
    assertStrictEquals(await s.stop(), 0);
  }
});

Deno.test("resolveServe() prefers a flag to its variable and fills defaults", () => {
  const env: Record<string, string> = { CLUBDIR_PORT: "9000", CLUBDIR_RATE_LIMIT: "10/1" };
  const r = resolveServe(["--port", "8080", "--db", "x.db", "--trust-proxy"], (n) => env[n]);
  assertNotStrictEquals(r, "help");
  if (r === "help") return;
  assertStrictEquals(r.explicitDb, true);
  assertEquals(r.settings, {
    db: "x.db",
    port: 8080,
    hostname: "127.0.0.1",
    baseUrl: null,
    rateLimit: { limit: 10, windowSeconds: 1 },
    name: "Club Directory",
    trustProxy: 1,
    quiet: false,
    logFormat: "text",
    metrics: false,
    holdJson: true,
    workers: 1,
    supportEmail: "support@clubdir.example",
    sessions: null,
    rateLimitStore: null,
    allowedHosts: null,
    maxConnections: null,
  });
  const d = resolveServe([], (n) => ({ CLUBDIR_DB: "/tmp/env.db" } as Record<string, string>)[n]);
  assert(d !== "help" && d.settings.db === "/tmp/env.db" && !d.explicitDb);
});

Deno.test("--lean or CLUBDIR_LEAN=1 keeps club JSON on disk; a served page is the same bytes", async () => {
  const held = (args: string[], env: Record<string, string> = {}) => {
    const r = resolveServe(["--db", "x.db", ...args], (n) => env[n]);
    return r === "help" ? null : r.settings.holdJson;
  };
  assertStrictEquals(held([]), true);
  assertStrictEquals(held(["--lean"]), false);
  assertStrictEquals(held([], { CLUBDIR_LEAN: "1" }), false);
  const bodies: string[] = [];
  for (const holdJson of [true, false]) {
    const running = await startServer({
      settings: { ...DEFAULT_SETTINGS, db: fx.path, port: 0, quiet: true, holdJson },
    });
    try {
      const port = running.addr.port;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/clubs?type=golf`);
      bodies.push(await res.text());
    } finally {
      await running.stop();
    }
  }
  assertStrictEquals(bodies[0], bodies[1]);
  assert(bodies[0]!.includes('"total":13'), bodies[0]);
});

Deno.test("--trust-proxy takes an optional hop count (default 1), also from CLUBDIR_TRUST_PROXY", () => {
  const hops = (args: string[], env: Record<string, string> = {}) => {
    const r = resolveServe(["--db", "x.db", ...args], (n) => env[n]);
    return r === "help" ? null : r.settings.trustProxy;
  };
  assertStrictEquals(hops([]), 0);
  assertStrictEquals(hops(["--trust-proxy"]), 1);
  assertStrictEquals(hops(["--trust-proxy", "--quiet"]), 1);
  assertStrictEquals(hops(["--trust-proxy", "2"]), 2);
  assertStrictEquals(hops(["--trust-proxy=3"]), 3);
  assertStrictEquals(hops([], { CLUBDIR_TRUST_PROXY: "1" }), 1);
  assertStrictEquals(hops([], { CLUBDIR_TRUST_PROXY: "yes" }), 1);
  assertStrictEquals(hops([], { CLUBDIR_TRUST_PROXY: "2" }), 2);
  assertStrictEquals(hops(["--trust-proxy", "0"], { CLUBDIR_TRUST_PROXY: "2" }), 0);
});
