/**
 * Reading Markdown the way GitHub shows it: prose outside fenced code, and
 * the anchors of its headings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { anchorsOf } from "./_markdown.ts";
 * assert.deepStrictEqual([...anchorsOf("# Serving\n## `GET /healthz`\n")], ["serving", "get-healthz"]);
 * ```
 * @module
 */

/** Markdown outside fenced code blocks. */
export function prose(text: string): string {
  return text.split(/^```.*$/m).filter((_, i) => i % 2 === 0).join("\n");
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}
