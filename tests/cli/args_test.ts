import { closest, durationMs, parseFlags, UsageError, usageMessage } from "../../cli/args.ts";
import { assertEquals } from "../_assert.ts";

Deno.test("durationMs() reads a whole number and one of the allowed units", () => {
  const units = ["ms", "s", "m", "h", "d"] as const;
  assertEquals(durationMs("1500ms", { units }), 1_500);
  assertEquals(durationMs("10s", { units }), 10_000);
  assertEquals(durationMs(" 90m ", { units }), 90 * 60_000);
  assertEquals(durationMs("12h", { units }), 12 * 3_600_000);
  assertEquals(durationMs("30d", { units }), 30 * 86_400_000);
  assertEquals(durationMs("3", { units, bare: "s" }), 3_000);
});

Deno.test("durationMs() refuses other units, bare numbers without a unit, and fractions", () => {
  const units = ["m", "h", "d"] as const;
  for (const bad of ["", "30", "1s", "1y", "1.5h", "-1d", "30 d", "30D", "d", "1e3m"]) {
    assertEquals(durationMs(bad, { units }), null, bad);
  }
});

Deno.test("closest() finds a flag by prefix or within two edits, else nothing", async () => {
  const known = ["type", "state", "country", "q", "waitlist", "page", "limit", "all", "db"];
  assertEquals(await closest("tpye", known), "type");
  assertEquals(await closest("coun", known), "country");
  assertEquals(await closest("waitlst", known), "waitlist");
  assertEquals(await closest("pgae", known), "page");
  assertEquals(await closest("xyzzy", known), null);
  assertEquals(await closest("zz", known), null);
});

Deno.test("an unknown long flag's usage message says which flag was meant", async () => {
  const spec = { type: { type: "string" }, state: { type: "string" } } as const;
  const message = async (args: string[]) => {
    try {
      parseFlags(args, spec);
    } catch (e) {
      return await usageMessage(e as UsageError);
    }
    return "parsed";
  };
  assertEquals(await message(["--tpye", "golf"]), "unknown flag '--tpye' (did you mean --type?)");
  assertEquals(await message(["--stat=FL"]), "unknown flag '--stat' (did you mean --state?)");
  assertEquals(await message(["--colour", "red"]), "unknown flag '--colour'");
  assertEquals(await message(["-x"]), "unknown flag '-x'");
});

Deno.test("parseFlags() reads --flag value, --flag=value, switches, -h and -- the same as before", () => {
  const spec = { db: { type: "string" }, quiet: { type: "boolean" } } as const;
  assertEquals(parseFlags(["--db", "a.db", "--quiet"], spec).values, { db: "a.db", quiet: true });
  assertEquals(parseFlags(["--db=a=b.db"], spec).values, { db: "a=b.db" });
  assertEquals(parseFlags(["--db", "-1"], spec).values, { db: "-1" });
  assertEquals(parseFlags(["--db", "x", "--db", "y"], spec).values, { db: "y" });
  assertEquals(parseFlags(["-h"], spec).values, { help: true });
  assertEquals(parseFlags(["list", "--", "--quiet"], spec, true), {
    values: {},
    positionals: ["list", "--quiet"],
  });
});

Deno.test("parseFlags() refuses a missing value, a switch with a value and a stray word", () => {
  const spec = { db: { type: "string" }, quiet: { type: "boolean" } } as const;
  const error = (args: string[], positionals = false) => {
    try {
      parseFlags(args, spec, positionals);
    } catch (e) {
      if (e instanceof UsageError) return e.message;
      throw e;
    }
    return "parsed";
  };
  assertEquals(error(["--db"]), "flag '--db' needs a value");
  assertEquals(error(["--db", "--quiet"]), "flag '--db' needs a value");
  assertEquals(error(["--quiet=1"]), "flag '--quiet' does not take a value");
  assertEquals(error(["extra"]), "unexpected argument 'extra'");
  assertEquals(error(["extra", "--bogus"]), "unknown flag '--bogus'");
  assertEquals(error(["--constructor"]), "unknown flag '--constructor'");
});
