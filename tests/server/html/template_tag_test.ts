/**
 * Every template literal that builds HTML in the website's and the
 * profile's and problem pages' code uses the escaping tag (`markup`,
 * server/html/template.ts), and every `raw()` left says why it is safe
 * (issue 36). Read on Deno's own parse of each file (`Deno.lint`).
 */
import { assert, assertEquals } from "../../_assert.ts";

const ROOT = new URL("../../../", import.meta.url);
const DIRS = ["server/html", "server/site"];
const FILES = [
  "server/routes/profile.ts",
  "server/routes/profile_page.ts",
  "server/routes/problems.ts",
];

/** A tag, closing tag, comment or doctype starts: `<p`, `</p`, `<!`. */
const TAG_START = /<[a-zA-Z\/!]/;

/** Reports each template literal with an interpolated value and a tag in its text, not tagged `markup`. */
const plugin: Deno.lint.Plugin = {
  name: "templates",
  rules: {
    "untagged-html": {
      create(context) {
        return {
          TemplateLiteral(node) {
            if (node.expressions.length === 0) return;
            if (!node.quasis.some((q) => TAG_START.test(q.raw))) return;
            const parent = node.parent;
            if (
              parent.type === "TaggedTemplateExpression" && parent.tag.type === "Identifier" &&
              parent.tag.name === "markup"
            ) return;
            context.report({ node, message: "HTML built without the markup tag" });
          },
        };
      },
    },
  },
};

function untagged(path: string, text: string): string[] {
  return Deno.lint.runPlugin(plugin, path, text).map((d) => {
    const line = text.slice(0, d.range[0]).split("\n").length;
    return `${path}:${line}`;
  });
}

async function pageFiles(): Promise<string[]> {
  const paths = [...FILES];
  for (const dir of DIRS) {
    for await (const e of Deno.readDir(new URL(dir, ROOT))) {
      if (e.isFile && e.name.endsWith(".ts")) paths.push(`${dir}/${e.name}`);
    }
  }
  return paths.sort();
}

Deno.test("the check finds HTML built by a plain template, and only that", () => {
  assertEquals(untagged("a.ts", "const a = 1; const x = `<p>${a}</p>`;"), ["a.ts:1"]);
  assertEquals(untagged("a.ts", "const a = 1; const x = `\n</li>${a}`;"), ["a.ts:1"]);
  assertEquals(untagged("a.ts", "const a = 1; const x = markup`<p>${a}</p>`;"), []);
  // No value in it, or no tag: nothing to escape.
  assertEquals(untagged("a.ts", "const x = `<svg></svg>`;"), []);
  assertEquals(untagged("a.ts", "const a = 1; const x = `${a} < ${a}: /clubs?q=${a}`;"), []);
});

Deno.test("every template of the pages that builds HTML escapes by default", async () => {
  const found: string[] = [];
  const paths = await pageFiles();
  assert(paths.length > 20, "the page files were read");
  for (const path of paths) {
    found.push(...untagged(path, await Deno.readTextFile(new URL(path, ROOT))));
  }
  assertEquals(found, []);
});

Deno.test("every raw() of the pages says on its line or the one before why it is safe", async () => {
  const unexplained: string[] = [];
  for (const path of await pageFiles()) {
    const lines = (await Deno.readTextFile(new URL(path, ROOT))).split("\n");
    lines.forEach((line, i) => {
      // Code, not a doc comment's example.
      if (/^\s*\*/.test(line) || !/\braw\(/.test(line)) return;
      const said = [lines[i - 1] ?? "", line, lines[i + 1] ?? ""].some((l) =>
        /\/\/.*\braw\(\) is safe/.test(l)
      );
      if (!said) unexplained.push(`${path}:${i + 1}`);
    });
  }
  assertEquals(unexplained, []);
});
