/**
 * Which representation of `/` a client gets: the website's home page only
 * when the client names `text/html` (browsers do) and does not rank JSON
 * above it; `curl`, scripts and wildcard-only clients keep the JSON index.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wantsHomePage } from "./negotiate.ts";
 * assert.ok(wantsHomePage("text/html,application/xhtml+xml,*\/*;q=0.8"));
 * assert.equal(wantsHomePage("*\/*"), false);
 * ```
 * @module
 */

function weights(accept: string): { html: number; json: number } {
  let html = 0;
  let json = 0;
  // A header longer than this is not a browser's: read its start only.
  for (const part of accept.slice(0, 1000).split(",")) {
    const [range = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    if (range === "text/html" || range === "application/xhtml+xml") html = Math.max(html, q);
    else if (range === "application/json") json = Math.max(json, q);
  }
  return { html, json };
}

/**
 * True when the `Accept` header names HTML at least as highly as JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wantsHomePage } from "./negotiate.ts";
 * assert.equal(wantsHomePage("application/json"), false);
 * assert.equal(wantsHomePage(null), false);
 * ```
 */
export function wantsHomePage(accept: string | null): boolean {
  if (!accept) return false;
  const { html, json } = weights(accept);
  return html > 0 && html >= json;
}
