/**
 * The test tiers, run by `deno task test:unit`, `test:integration` and
 * `test:e2e` (`deno task test` runs them all at once).
 *
 * A test file is **unit** unless its first line says otherwise:
 * `// Test tier: integration (…)` for real sockets and child processes, or
 * a whole app or a built database (the unit tier stays a quick inner loop),
 * `// Test tier: e2e (…)` for a real browser, Redis, nginx or a compiled
 * binary. The unit tier runs without network and subprocess permissions, so
 * a file that opens a socket or starts a process without saying so fails
 * there instead of slowing the inner loop.
 *
 * @example
 * ```sh
 * deno run --allow-read=tests --allow-run tests/tiers.ts unit --filter "search()"
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";
import { spawn } from "./_run.ts";

/** The tiers, each with the permissions its tests run under. */
export const TIERS = {
  unit: ["--allow-read", "--allow-write", "--allow-env", "--allow-sys"],
  integration: ["-A"],
  e2e: ["-A"],
} as const;

/** A tier's name. */
export type Tier = keyof typeof TIERS;

const ROOT = fileURLToPath(new URL("./", import.meta.url));
/** The configuration tests run under: the product's imports and the test packages (tests/deps.ts). */
const DEV_CONFIG = fileURLToPath(new URL("../dev.json", import.meta.url));
const MARKER = /^\/\/ Test tier: ([a-z0-9]+)\b/;

/**
 * The tier a test file's first line declares; "unit" without a marker.
 * Throws naming the file when the marker names no tier.
 */
export function tierOf(path: string, text: string): Tier {
  const m = MARKER.exec(text);
  if (m === null) return "unit";
  if (!(m[1]! in TIERS)) {
    throw new Error(
      `${path}: "Test tier: ${m[1]}" is not a tier (${Object.keys(TIERS).join(", ")})`,
    );
  }
  return m[1] as Tier;
}

/** Every `*_test.ts` file under tests/ of `tier`, sorted. */
export async function testFiles(tier: Tier): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}${e.name}`;
      if (e.isDirectory) await walk(`${path}/`);
      else if (
        e.name.endsWith("_test.ts") && tierOf(path, await Deno.readTextFile(path)) === tier
      ) {
        found.push(path);
      }
    }
  }
  await walk(ROOT);
  return found.sort();
}

if (import.meta.main) {
  const [tier, ...rest] = Deno.args;
  if (tier === undefined || !(tier in TIERS)) {
    console.error(`usage: tests/tiers.ts <${Object.keys(TIERS).join("|")}> [deno test options]`);
    Deno.exit(2);
  }
  const files = await testFiles(tier as Tier);
  const { code } = await spawn(
    [
      "test",
      "--config",
      DEV_CONFIG,
      "--frozen",
      "--parallel",
      ...TIERS[tier as Tier],
      ...rest,
      ...files,
    ],
    { stdin: "inherit", stdout: "inherit", stderr: "inherit" },
  ).status;
  Deno.exit(code);
}
