// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { UsageError } from "../../cli/args.ts";
import { mcpCommand } from "../../cli/mcp.ts";
import { StoreError } from "../../core/store/store.ts";
import { assert, assertEquals, assertRejects } from "../_assert.ts";
import { run } from "../_run.ts";

// main.ts registers the command; the entry runs it the same way without main.ts.
const ENTRY = fileURLToPath(new URL("../server/mcp/_stdio_entry.ts", import.meta.url));

function runEntry(args: string[]) {
  return run(["run", "--no-prompt", "--allow-read", ENTRY, ...args]);
}

Deno.test("mcp --help shows the flags, the permissions and a desktop configuration", async () => {
  const r = await runEntry(["--help"]);
  assertEquals(r.code, 0);
  assert(r.stdout.startsWith("Usage: main.ts mcp"), r.stdout);
  for (const s of ["--db PATH", "--base-url URL", "--name NAME", "Examples:", '"mcpServers"']) {
    assert(r.stdout.includes(s), s);
  }
  assert(r.stdout.includes("--allow-read=") && r.stdout.includes("--allow-env=CLUBDIR_DB"));
  // The configuration block is valid JSON.
  const json = r.stdout.slice(r.stdout.indexOf("{"), r.stdout.lastIndexOf("}") + 1);
  const config = JSON.parse(json);
  assertEquals(config.mcpServers.clubdir.command, "deno");
  assert(config.mcpServers.clubdir.args.includes("mcp"));
});

Deno.test("mcp --help's desktop configuration gives --base-url, and says what no links means", async () => {
  const r = await runEntry(["--help"]);
  const json = r.stdout.slice(r.stdout.indexOf("{"), r.stdout.lastIndexOf("}") + 1);
  const args: string[] = JSON.parse(json).mcpServers.clubdir.args;
  const at = args.indexOf("--base-url");
  assert(at > args.indexOf("mcp") && /^https?:\/\//.test(args[at + 1] ?? ""), args.join(" "));
  assert(r.stdout.includes("answers carry no links"), r.stdout);
  assert(!r.stdout.includes("default: http://127.0.0.1:8000"), "a made-up default site");
  // docs/mcp.md gives the same configuration.
  const doc = await Deno.readTextFile(new URL("../../docs/mcp.md", import.meta.url));
  const block = /```json\n(\{\n {2}"mcpServers"[\s\S]*?)```/.exec(doc)?.[1];
  assert(block, "docs/mcp.md has no desktop configuration");
  assertEquals(JSON.parse(block).mcpServers.clubdir.args, args);
});

Deno.test("mcp rejects a bad CLUBDIR_BASE_URL, naming the variable", async () => {
  const before = Deno.env.get("CLUBDIR_BASE_URL");
  Deno.env.set("CLUBDIR_BASE_URL", "ftp://x");
  try {
    await assertRejects(() => mcpCommand.run([]), (e: Error) => {
      assert(e instanceof UsageError);
      assert(e.message.startsWith("CLUBDIR_BASE_URL must be an absolute http(s) URL"), e.message);
      return true;
    });
  } finally {
    if (before === undefined) Deno.env.delete("CLUBDIR_BASE_URL");
    else Deno.env.set("CLUBDIR_BASE_URL", before);
  }
});

Deno.test("mcp rejects bad flag values, naming the flag", async () => {
  await assertRejects(() => mcpCommand.run(["--base-url", "ftp://x"]), (e: Error) => {
    assert(e instanceof UsageError);
    assert(e.message.startsWith("--base-url must be an absolute http(s) URL"), e.message);
    return true;
  });
  await assertRejects(() => mcpCommand.run(["--name", "\u0007"]), UsageError);
  await assertRejects(() => mcpCommand.run(["--support-email", "nobody"]), UsageError);
  await assertRejects(() => mcpCommand.run(["--port", "1"]), UsageError);
});

Deno.test("mcp fails at start, before any protocol, when --db cannot be read", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // A file that is there is read as it is, never rebuilt: a corrupt one is refused.
    await Deno.writeTextFile(`${dir}/corrupt.db`, "not a database");
    await assertRejects(() => mcpCommand.run(["--db", `${dir}/corrupt.db`]), StoreError);
    assertEquals(await Deno.readTextFile(`${dir}/corrupt.db`), "not a database");
    // A missing one is built, which needs its folder.
    await assertRejects(
      () => mcpCommand.run(["--db", `${dir}/nonexistent/clubs.db`]),
      Error,
      `the folder ${dir}/nonexistent (of ${dir}/nonexistent/clubs.db) does not exist`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
