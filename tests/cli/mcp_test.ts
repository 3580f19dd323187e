import { fileURLToPath } from "node:url";
import { assertEquals, assertRejects, ok } from "../_assert.ts";
import { UsageError } from "../../cli/args.ts";
import { mcpCommand } from "../../cli/mcp.ts";
import { StoreError } from "../../core/store/store.ts";

// main.ts registers the command; the entry runs it the same way without main.ts.
const ENTRY = fileURLToPath(new URL("../server/mcp/_stdio_entry.ts", import.meta.url));

async function run(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--allow-read", ENTRY, ...args],
    stdin: "null",
    env: { NO_COLOR: "1" },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("mcp --help shows the flags, the permissions and a desktop configuration", async () => {
  const r = await run(["--help"]);
  assertEquals(r.code, 0);
  ok(r.stdout.startsWith("Usage: main.ts mcp"), r.stdout);
  for (const s of ["--db PATH", "--base-url URL", "--name NAME", "Examples:", '"mcpServers"']) {
    ok(r.stdout.includes(s), s);
  }
  ok(r.stdout.includes("--allow-read=") && r.stdout.includes("--allow-env=CLUBDIR_DB"));
  // The configuration block is valid JSON.
  const json = r.stdout.slice(r.stdout.indexOf("{"), r.stdout.lastIndexOf("}") + 1);
  const config = JSON.parse(json);
  assertEquals(config.mcpServers.clubdir.command, "deno");
  ok(config.mcpServers.clubdir.args.includes("mcp"));
});

Deno.test("mcp rejects bad flag values, naming the flag", async () => {
  await assertRejects(() => mcpCommand.run(["--base-url", "ftp://x"]), (e: Error) => {
    ok(e instanceof UsageError);
    ok(e.message.startsWith("--base-url must be an absolute http(s) URL"), e.message);
    return true;
  });
  await assertRejects(() => mcpCommand.run(["--name", "\u0007"]), UsageError);
  await assertRejects(() => mcpCommand.run(["--support-email", "nobody"]), UsageError);
  await assertRejects(() => mcpCommand.run(["--port", "1"]), UsageError);
});

Deno.test("mcp fails at start, before any protocol, when --db cannot be read", async () => {
  await assertRejects(() => mcpCommand.run(["--db", "/nonexistent/clubs.db"]), StoreError);
});
