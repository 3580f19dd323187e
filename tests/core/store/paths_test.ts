import { fileURLToPath } from "node:url";
import { BUNDLED_SNAPSHOT, DEFAULT_DB_PATH } from "../../../core/store/mod.ts";
import { assertEquals, assertStrictEquals } from "../../_assert.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory && !e.name.startsWith(".") && e.name !== "node_modules") yield* tsFiles(path);
    else if (e.isFile && e.name.endsWith(".ts")) yield path;
  }
}

Deno.test("the default database is data/clubs.db in the project, whatever the environment says", () => {
  assertStrictEquals(DEFAULT_DB_PATH, `${ROOT}data/clubs.db`);
  assertStrictEquals(BUNDLED_SNAPSHOT, `${ROOT}data/clubs.csv.gz`);
});

Deno.test("core/ reads no environment: the CLI reads CLUBDIR_* and passes paths down", async () => {
  const reads: string[] = [];
  for await (const file of tsFiles("core")) {
    const text = await Deno.readTextFile(`${ROOT}${file}`);
    if (/\bDeno\.env\b|\bprocess\.env\b/.test(text)) reads.push(file);
  }
  assertEquals(reads, []);
});
