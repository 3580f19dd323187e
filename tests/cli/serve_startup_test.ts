// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import {
  denoVersionProblem,
  isAddrInUse,
  needsBuild,
  portInUse,
  portInUseMessage,
} from "../../cli/serve_startup.ts";
import { REQUIRED_DENO } from "../../server/runtime/connections.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../_assert.ts";
import { sharedFixture } from "../_fixture.ts";
import { MAIN, run, spawn } from "../_run.ts";

const fx = await sharedFixture();
const ROOT = new URL("../../", import.meta.url);

/** `main.ts serve` expected to stop by itself (a start-up refusal). */
function serve(args: string[], permissions = ["-A"]) {
  return run(["run", ...permissions, MAIN, "serve", ...args]);
}

Deno.test("this Deno is the release serve requires, and CI, the README and the docs name the same one", async () => {
  // CI runs this: a Deno other than the accept loop's fails here, early and by name.
  assertStrictEquals(
    Deno.version.deno,
    REQUIRED_DENO,
    `the tests run on Deno ${Deno.version.deno}, serve requires ${REQUIRED_DENO} (server/runtime/_serve_on_connection.ts): run Deno ${REQUIRED_DENO}, or move REQUIRED_DENO once the runtime tests pass on the new release`,
  );
  assertStrictEquals(denoVersionProblem(), null);
  for (const file of [".ci/run", "README.md"]) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    const named = [...text.matchAll(/deno@(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
    assert(named.length > 0, `${file} names no deno@x.y.z`);
    assertEquals([...new Set(named)], [REQUIRED_DENO], file);
  }
  const deploy = (await Deno.readTextFile(new URL("docs/deploy.md", ROOT))).replace(/\s+/g, " ");
  assertMatch(
    deploy,
    new RegExp(`## The Deno release[^]*Deno ${REQUIRED_DENO.replace(/\./g, "\\.")}`),
  );
});

Deno.test("another Deno is refused with the release serve needs and what to do", () => {
  const problem = denoVersionProblem("2.10.0")!;
  assertMatch(problem, new RegExp(`^serve needs Deno ${REQUIRED_DENO.replace(/\./g, "\\.")} `));
  assertMatch(problem, /this is Deno 2\.10\.0/);
  assertMatch(problem, new RegExp(`deno upgrade --version ${REQUIRED_DENO.replace(/\./g, "\\.")}`));
  assertMatch(problem, /docs\/deploy\.md#the-deno-release/);
});

Deno.test("a busy port is named with its address and --port, exit 1, nothing built or served", async () => {
  using held = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = held.addr.port;
  assert(portInUse("127.0.0.1", port));
  const r = await serve(["--db", fx.path, "--port", String(port)]);
  assertStrictEquals(r.code, 1, r.stderr);
  assertStrictEquals(
    r.stderr.trim(),
    `error: 127.0.0.1:${port} is already in use: stop the other server or choose another --port (or CLUBDIR_PORT)`,
  );
  assert(!r.stderr.includes("os error 98"), r.stderr);
});

Deno.test("a port shared through SO_REUSEPORT is busy too: serve --workers 2 does not join another server", async () => {
  // Another `serve --workers N` binds like this; our workers would share its port silently.
  using held = Deno.listen({ hostname: "127.0.0.1", port: 0, reusePort: true });
  const port = held.addr.port;
  const r = await serve(["--db", fx.path, "--port", String(port), "--workers", "2"]);
  assertStrictEquals(r.code, 1, r.stderr);
  assertMatch(r.stderr, new RegExp(`^error: 127\\.0\\.0\\.1:${port} is already in use: `));
});

Deno.test("isAddrInUse() knows Deno's error and a worker's relayed message, nothing else", () => {
  assert(isAddrInUse(new Deno.errors.AddrInUse("Address already in use (os error 98)")));
  assert(isAddrInUse(new Error("Address already in use (os error 98)")));
  assert(!isAddrInUse(new Deno.errors.AddrNotAvailable("Cannot assign requested address")));
  assert(!isAddrInUse(null));
  assertStrictEquals(portInUse("127.0.0.1", 0), false);
  assertMatch(portInUseMessage("::1", 8080), /^\[::1\]:8080 is already in use/);
});

Deno.test("needsBuild(): the default path always (ensureDatabase decides), a --db path only when no file is there", async () => {
  const dir = await Deno.makeTempDir();
  try {
    assert(needsBuild(fx.path, false));
    assert(!needsBuild(fx.path, true));
    assert(needsBuild(`${dir}/new.db`, true));
    // A file that is there is served as it is, whatever it holds: never replaced.
    await Deno.writeTextFile(`${dir}/corrupt.db`, "not a database");
    assert(!needsBuild(`${dir}/corrupt.db`, true));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("serve --db NEW_PATH builds it from the bundled snapshot, then serves it", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/sub/clubs.db`;
  await Deno.mkdir(`${dir}/sub`);
  const child = spawn(["run", "-A", MAIN, "serve", "--db", db, "--port", "0", "--quiet"]);
  const lines: string[] = [];
  try {
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const until = Date.now() + 120_000;
    while (!/Listening on (http:\/\/\S+)/.test(text) && Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    lines.push(...text.split("\n"));
    const base = /Listening on (http:\/\/\S+)/.exec(text)?.[1];
    assert(base, text);
    assertMatch(text, new RegExp(`No database at ${db}: building it from the bundled snapshot`));
    assertMatch(text, /Built 40,000 clubs in/);
    const res = await fetch(`${base}api/v1/clubs?limit=1`);
    assertStrictEquals(res.status, 200);
    assertStrictEquals(Number(res.headers.get("x-total-clubs")), 40_000);
    await res.body?.cancel();
    reader.releaseLock();
    child.stderr.cancel().catch(() => {});
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await child.stdout.cancel().catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("serve and mcp with a missing --db they may not write beside refuse at once, naming the folder", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const db = `${dir}/clubs.db`;
    const read = `--allow-read=${dir},${new URL("data", ROOT).pathname}`;
    const s = await serve(["--db", db, "--port", "0"], [read, "--allow-net", "--allow-env"]);
    assertStrictEquals(s.code, 1, s.stderr);
    assertMatch(s.stderr, new RegExp(`main\\.ts serve may not write in ${dir}`));
    const m = await run(["run", read, "--allow-env", MAIN, "mcp", "--db", db]);
    assertStrictEquals(m.code, 1, m.stderr);
    assertMatch(m.stderr, new RegExp(`main\\.ts mcp may not write in ${dir}`));
    // Nothing was made there.
    assertEquals([...Deno.readDirSync(dir)], []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("serve --help, mcp --help and docs/deploy.md say a missing --db is built from the bundled snapshot", async () => {
  const s = await serve(["--help"]);
  assertMatch(s.stdout, /--db PATH\s+database, built from the bundled snapshot when missing/);
  const m = await run(["run", "-A", MAIN, "mcp", "--help"]);
  assertMatch(
    m.stdout,
    /Builds\s+the\s+database\s+from\s+the\s+bundled\s+snapshot\s+when\s+it\s+is\s+missing/,
  );
  assertMatch(m.stdout, /a missing PATH is built first/);
  const deploy = (await Deno.readTextFile(new URL("docs/deploy.md", ROOT))).replace(/\s+/g, " ");
  assertMatch(deploy, /the first run builds the database there/);
  assertMatch(deploy, /A `--db` path where no file is gets built from the bundled snapshot/);
});
