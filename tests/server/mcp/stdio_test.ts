// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { sharedFixture } from "../../_fixture.ts";
import {
  Client,
  FEE_KEY,
  initialize,
  keysDeep,
  type Mode,
  modern,
  negotiation,
  StdioClientTransport,
  toolCall,
} from "./_helpers.ts";
import { assert, assertEquals } from "../../_assert.ts";
import { run, spawn } from "../../_run.ts";

const ENTRY = fileURLToPath(new URL("./_stdio_entry.ts", import.meta.url));
const DATA = fileURLToPath(new URL("../../../data", import.meta.url));
const fx = await sharedFixture();

/** The narrowest permissions that serve a given database file (see cli/mcp.ts). */
const narrow = (db: string) => ["run", "--no-prompt", `--allow-read=${db}`, ENTRY, "--db", db];

/** Runs the stdio server on `input`; stdin then closes. */
function pipe(args: string[], input: string, env: Record<string, string> = {}) {
  return run(args, { stdin: input, env });
}

for (
  const [mode, era] of [["legacy", "legacy"], ["auto", "modern"], ["pinned", "modern"]] as const
) {
  Deno.test(`the SDK client (${mode}) drives the stdio server: list, search, get`, async () => {
    await driveStdio(mode, era);
  });
}

async function driveStdio(mode: Mode, era: "legacy" | "modern") {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: [...narrow(fx.path), "--base-url", "https://clubs.example", "--name", "Stdio Clubs"],
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (b: Uint8Array) => stderr += new TextDecoder().decode(b));
  const client = new Client({ name: "stdio-test", version: "1.0.0" }, negotiation(mode));
  try {
    await client.connect(transport);
    assertEquals(client.getProtocolEra(), era);
    assertEquals(client.getServerVersion()?.title, "Stdio Clubs");
    assertEquals((await client.listTools()).tools.length, 5);
    const found = await client.callTool({ name: "search_clubs", arguments: { q: "royal" } });
    const page = found.structuredContent as { total: number; clubs: { url: string }[] };
    assertEquals(page.total, 2);
    assertEquals(page.clubs[0]!.url, "https://clubs.example/clubs/royal-st-georges");
    const club = await client.callTool({ name: "get_club", arguments: { slug: "seminole" } });
    assertEquals([...keysDeep(club.structuredContent)].filter((k) => FEE_KEY.test(k)), []);
    const bad = await client.callTool({ name: "search_clubs", arguments: { limit: 0 } });
    assertEquals(bad.isError, true);
  } finally {
    await client.close();
  }
  assertEquals(stderr, "");
}

Deno.test("piped requests are all answered before the server exits at end of input", async () => {
  const input = [
    toolCall("get_directory_stats", {}, 1),
    { jsonrpc: "2.0", method: "notifications/initialized" },
    toolCall("get_club", { slug: "cosmos" }, 2),
    { jsonrpc: "2.0", id: 3, method: "tools/list" },
  ].map((m) => JSON.stringify(m) + "\n").join("") + "this line is not JSON\n";
  const r = await pipe(narrow(fx.path), input);
  assertEquals(r.code, 0, r.stderr);
  // stdout is the protocol channel: nothing but JSON-RPC answers, one per line.
  const lines = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  assertEquals(lines.map((m) => m.id).sort(), [1, 2, 3]);
  for (const m of lines) assertEquals(m.jsonrpc, "2.0");
  const stats = lines.find((m) => m.id === 1).result.structuredContent;
  assertEquals(stats.total, 30);
});

Deno.test("piped 2026-07-28 requests are answered: server/discover, then a tool call", async () => {
  const input = [
    modern("server/discover", {}, 1).message,
    modern("tools/call", { name: "get_club", arguments: { slug: "cosmos" } }, 2).message,
  ].map((m) => JSON.stringify(m) + "\n").join("");
  const r = await pipe(narrow(fx.path), input);
  assertEquals(r.code, 0, r.stderr);
  const [discover, club] = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l))
    .sort((a, b) => a.id - b.id);
  assertEquals(discover.result.supportedVersions, ["2026-07-28"]);
  assertEquals(discover.result.capabilities, { tools: { listChanged: false } });
  assertEquals(club.result.structuredContent.slug, "cosmos");
});

Deno.test("stdin closing with nothing sent exits 0 at once", async () => {
  const r = await pipe(narrow(fx.path), "");
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stdout, "");
});

Deno.test("the first run builds the default database, logging to stderr only", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-mcp-" });
  try {
    const db = `${dir}/clubs.db`;
    // The narrow flags of the usage text, with the database in a temp dir.
    const args = [
      "run",
      "--no-prompt",
      `--allow-read=${DATA},${dir}`,
      `--allow-write=${dir}`,
      "--allow-env=CLUBDIR_DB",
      ENTRY,
    ];
    const r = await pipe(args, JSON.stringify(toolCall("list_club_types", {}, 9)) + "\n", {
      CLUBDIR_DB: db,
    });
    assertEquals(r.code, 0, r.stderr);
    assert(r.stderr.includes("building it from the bundled snapshot"), r.stderr);
    const answer = JSON.parse(r.stdout);
    assertEquals(answer.id, 9);
    assert(answer.result.structuredContent.total > 30_000);
    Deno.statSync(db);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Reads JSON-RPC answers from a child's stdout, one per line. */
async function* answers(
  stdout: Deno.ChildProcess["stdout"],
): AsyncGenerator<Record<string, unknown>> {
  let buffered = "";
  for await (const text of stdout.pipeThrough(new TextDecoderStream())) {
    buffered += text;
    let nl;
    while ((nl = buffered.indexOf("\n")) >= 0) {
      yield JSON.parse(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
    }
  }
}

/** Writes `bytes` of a JSON string value, 1 MiB at a time, without holding it all. */
async function writeLongLine(w: WritableStreamDefaultWriter<Uint8Array>, bytes: number) {
  const enc = new TextEncoder();
  await w.write(enc.encode(
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":' +
      '{"name":"search_clubs","arguments":{"q":"',
  ));
  const chunk = enc.encode("x".repeat(1024 * 1024));
  for (let sent = 0; sent < bytes; sent += chunk.length) await w.write(chunk);
  await w.write(enc.encode('"}}}\n'));
}

Deno.test("a line over 10 MiB is answered with a JSON-RPC error and the next line is served", async () => {
  const child = spawn(narrow(fx.path), { stdin: "piped", stderr: "null" });
  const deadline = AbortSignal.timeout(60_000);
  const killOnTimeout = () => child.kill("SIGKILL");
  deadline.addEventListener("abort", killOnTimeout);
  const w = child.stdin.getWriter();
  const enc = new TextEncoder();
  const line = (m: unknown) => enc.encode(JSON.stringify(m) + "\n");
  try {
    await w.write(line(initialize("long-line-test")));
    await w.write(line({ jsonrpc: "2.0", method: "notifications/initialized" }));
    // Written while the server reads: it must neither stop nor hold the line.
    const writing = (async () => {
      await writeLongLine(w, 11 * 1024 * 1024);
      await w.write(line({ jsonrpc: "2.0", id: 3, method: "tools/list" }));
    })().catch(() => {}); // a server that exited closed the pipe: the answers say so
    const read = answers(child.stdout);
    const got: Record<string, unknown>[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await read.next();
      if (r.done) break;
      got.push(r.value);
    }
    await writing;
    const [first, error, list] = got;
    assertEquals(got.length, 3, JSON.stringify(got).slice(0, 500));
    assertEquals(first!.id, 1);
    assertEquals(error!.id, null);
    const e = error!.error as { code: number; message: string };
    assert(e.code === -32600 || e.code === -32700, String(e.code));
    assert(e.message.includes("10 MiB"), e.message);
    assertEquals((list!.result as { tools: unknown[] }).tools.length, 5);
    // Still serving: another request is answered, and the end of input ends it.
    await w.write(line({ jsonrpc: "2.0", id: 4, method: "ping" }));
    assertEquals((await read.next()).value, { jsonrpc: "2.0", id: 4, result: {} });
    await w.close();
    assertEquals((await read.next()).done, true);
    assertEquals((await child.status).code, 0);
  } finally {
    deadline.removeEventListener("abort", killOnTimeout);
    try {
      child.kill("SIGKILL");
    } catch { /* already exited */ }
    await child.status;
  }
});
