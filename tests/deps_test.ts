import { fileURLToPath } from "node:url";
import { type LockFile, npmSpecifiers, productLock, productLockText } from "./deps.ts";
import { assertEquals, assertThrows } from "./_assert.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const json = async (path: string) => JSON.parse(await Deno.readTextFile(`${ROOT}${path}`));

async function* productFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* productFiles(path);
    else if (e.name.endsWith(".ts")) yield path;
  }
}

Deno.test("deno.lock is dev.lock pruned to the product's imports (deno task deps)", async () => {
  assertEquals(await productLockText(), await Deno.readTextFile(`${ROOT}deno.lock`));
});

Deno.test("dev.json holds every product import as deno.json does, and its compiler settings", async () => {
  const product = await json("deno.json");
  const dev = await json("dev.json");
  for (const [name, target] of Object.entries(product.imports)) {
    assertEquals(dev.imports[name], target, `dev.json's "${name}"`);
  }
  assertEquals(dev.compilerOptions, product.compilerOptions);
  assertEquals(dev.unstable, product.unstable);
});

Deno.test("product code imports only packages deno.json names", async () => {
  const { imports } = await json("deno.json");
  const missing: string[] = [];
  const bare = /(?:from\s+|import\()\s*"((?:@[^/"]+\/)?[^/".][^/"]*)(?:\/[^"]*)?"/g;
  for (const dir of ["core", "server", "cli"]) {
    for await (const file of productFiles(dir)) {
      for (const m of (await Deno.readTextFile(`${ROOT}${file}`)).matchAll(bare)) {
        const name = m[1]!;
        if (name.startsWith("node:") || name in imports) continue;
        missing.push(`${file}: ${name}`);
      }
    }
  }
  assertEquals(missing, []);
});

Deno.test("productLock() keeps a package's dependencies and names one it cannot find", () => {
  const dev: LockFile = {
    version: "5",
    specifiers: { "npm:a@1.0.0": "1.0.0", "npm:t@2.0.0": "2.0.0" },
    npm: {
      "a@1.0.0": { dependencies: ["b"] },
      "b@3.0.0_c@1.0.0": { dependencies: ["c"] },
      "c@1.0.0": {},
      "t@2.0.0": {},
    },
  };
  assertEquals(productLock(dev, npmSpecifiers({ a: "npm:a@1.0.0" })), {
    version: "5",
    specifiers: { "npm:a@1.0.0": "1.0.0" },
    npm: {
      "a@1.0.0": { dependencies: ["b"] },
      "b@3.0.0_c@1.0.0": { dependencies: ["c"] },
      "c@1.0.0": {},
    },
    workspace: { dependencies: ["npm:a@1.0.0"] },
  });
  assertThrows(() => productLock(dev, ["npm:z@1.0.0"]), /does not resolve npm:z@1\.0\.0/);
});
