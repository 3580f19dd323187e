import { fileURLToPath } from "node:url";
import { DEFAULT_DB_PATH } from "../../../core/store/mod.ts";
import { assertEquals, assertStrictEquals } from "../../_assert.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The one environment read left in `core/` (the deprecated `defaultDbPath`),
 * and the commands that still call it: each adopts `dbOption` from
 * cli/options.ts and leaves this list; when it is empty the function goes.
 */
const ENV_SHIM = {
  file: "core/store/paths.ts",
  callers: ["cli/export.ts", "cli/import.ts", "cli/mcp.ts"],
};

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory && !e.name.startsWith(".") && e.name !== "node_modules") yield* tsFiles(path);
    else if (e.isFile && e.name.endsWith(".ts")) yield path;
  }
}

Deno.test("the default database is data/clubs.db in the project, whatever the environment says", () => {
  assertStrictEquals(DEFAULT_DB_PATH, `${ROOT}data/clubs.db`);
});

Deno.test("core/ reads no environment: the CLI reads CLUBDIR_* and passes paths down", async () => {
  const reads: string[] = [];
  for await (const file of tsFiles("core")) {
    if (file === ENV_SHIM.file) continue;
    if (/\bDeno\.env\b|\bprocess\.env\b/.test(await Deno.readTextFile(`${ROOT}${file}`))) {
      reads.push(file);
    }
  }
  assertEquals(reads, []);
  const callers: string[] = [];
  for (const dir of ["cli", "server", "core", "bench"]) {
    for await (const file of tsFiles(dir)) {
      if (file === ENV_SHIM.file) continue;
      if (/\bdefaultDbPath\(/.test(await Deno.readTextFile(`${ROOT}${file}`))) callers.push(file);
    }
  }
  // No new caller: only those listed may still call it (one that adopted dbOption leaves the list).
  assertEquals(callers.sort(), ENV_SHIM.callers.filter((c) => callers.includes(c)));
});
