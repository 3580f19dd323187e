/**
 * The usage blocks of docs/cli.md are each command's own `--help` text,
 * copied between `<!-- usage:NAME -->` and `<!-- /usage -->` markers, so
 * the manual can never document a flag the command lacks or miss one it
 * has. `deno task docs` rewrites them; `tests/docs/docs_test.ts` fails when
 * they differ.
 *
 * @example
 * ```ts ignore
 * import { renderUsageBlocks } from "./_usage.ts";
 * const text = renderUsageBlocks(await Deno.readTextFile("docs/cli.md"), await usageTexts());
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";
import { COMMANDS } from "../../cli/commands.ts";

/** Path of the command-line manual. */
export const CLI_DOC = fileURLToPath(new URL("../../docs/cli.md", import.meta.url));

/** Each command's `--help` text, by command name (in the registry's order). */
export async function usageTexts(): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const entry of COMMANDS) texts.set(entry.name, (await entry.load()).usage);
  return texts;
}

const BLOCK = /<!-- usage:([a-z]+) -->\n[\s\S]*?<!-- \/usage -->/g;

/**
 * `doc` with every usage block replaced by the current text of its command.
 * Throws naming a block whose command does not exist, or a command with no block.
 */
export function renderUsageBlocks(doc: string, texts: Map<string, string>): string {
  const seen = new Set<string>();
  const out = doc.replace(BLOCK, (_all, name: string) => {
    const text = texts.get(name);
    if (text === undefined) {
      throw new Error(`docs/cli.md has a usage block for "${name}", no such command`);
    }
    seen.add(name);
    return `<!-- usage:${name} -->\n\n\`\`\`text\n${text}\n\`\`\`\n\n<!-- /usage -->`;
  });
  const missing = [...texts.keys()].filter((n) => !seen.has(n));
  if (missing.length > 0) {
    throw new Error(`docs/cli.md has no usage block for ${missing.join(", ")}`);
  }
  return out;
}

if (import.meta.main) {
  const doc = await Deno.readTextFile(CLI_DOC);
  const next = renderUsageBlocks(doc, await usageTexts());
  if (next !== doc) await Deno.writeTextFile(CLI_DOC, next);
  console.log(
    next === doc
      ? "docs/cli.md: usage blocks already current"
      : "docs/cli.md: usage blocks rewritten",
  );
}
