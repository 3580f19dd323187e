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
