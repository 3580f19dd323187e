// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { runMain } from "./_run.ts";
import { COMMANDS } from "../cli/commands.ts";
import config from "../deno.json" with { type: "json" };
import { assert, assertEquals } from "./_assert.ts";

Deno.test("main.ts --help lists every command with examples", async () => {
  const r = await runMain(["--help"]);
  assertEquals(r.code, 0);
  for (const c of ["serve", "query", "import", "mcp", "session"]) {
    assert(r.stdout.includes(`  ${c}`), c);
  }
  assert(r.stdout.includes("Examples:"));
});

Deno.test("main.ts rejects an unknown command with exit 2, the error and a pointer to --help", async () => {
  const r = await runMain(["frobnicate"]);
  assertEquals(r.code, 2);
  assert(r.stderr.startsWith('error: unknown command "frobnicate"'));
  assertEquals(r.stderr.split("\n")[1], 'Run "main.ts --help" for the commands.');
  assertEquals(r.stderr.trimEnd().split("\n").length, 2, r.stderr);
  const near = await runMain(["qurey"]);
  assertEquals(
    near.stderr,
    'error: unknown command "qurey" (did you mean query?)\nRun "main.ts --help" for the commands.\n',
  );
});

Deno.test("a usage error prints the error and one line pointing to --help, for every command", async () => {
  const typo = await runMain(["query", "--tpye", "golf"]);
  assertEquals(typo.code, 2);
  assertEquals(
    typo.stderr,
    `error: unknown flag '--tpye' (did you mean --type?)\nRun "main.ts query --help" for the options.\n`,
  );
  assertEquals(typo.stdout, "");
  for (const { name } of COMMANDS) {
    const r = await runMain([name, "--no-such-flag"]);
    assertEquals(r.code, 2, name);
    assertEquals(r.stdout, "", name);
    const lines = r.stderr.trimEnd().split("\n");
    assert(lines[0]!.startsWith("error: unknown flag '--no-such-flag'"), r.stderr);
    // serve keeps it on one line (a service's log gets one line per failure).
    if (name === "serve") {
      assertEquals(lines, [`${lines[0]!.split(" (see ")[0]} (see "main.ts serve --help")`]);
    } else assertEquals(lines, [lines[0], `Run "main.ts ${name} --help" for the options.`]);
  }
});

Deno.test("main.ts <cmd> --help prints that command's usage", async () => {
  for (const c of ["serve", "query", "import", "mcp", "session"]) {
    const r = await runMain([c, "--help"]);
    assertEquals(r.code, 0);
    assert(r.stdout.startsWith(`Usage: main.ts ${c}`), r.stdout);
  }
});

Deno.test("main.ts --help and each command show the registry's one summary", async () => {
  const r = await runMain(["--help"]);
  for (const entry of COMMANDS) {
    const command = await entry.load();
    assertEquals(command.name, entry.name);
    assertEquals(command.summary, entry.summary);
    assert(r.stdout.includes(`  ${entry.name.padEnd(8)} ${entry.summary}\n`), entry.name);
  }
});

Deno.test("--version prints deno.json's version, on main.ts and on a command", async () => {
  for (const args of [["--version"], ["query", "--version"], ["session", "list", "--version"]]) {
    const r = await runMain(args);
    assertEquals(r.code, 0, args.join(" "));
    assertEquals(r.stdout, `clubdir ${config.version}\n`);
  }
});
