/**
 * Problem hints in the words of the command line: the registry's hints
 * (core/model/problems.ts) speak REST (`GET /api/v1/clubs?page=1&limit=50`);
 * `query` says the same with flags (`main.ts query --page 1 --limit 50`),
 * so every search error, present and future, gets a hint a terminal user
 * can type.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cliHint } from "./hints.ts";
 * assert.equal(
 *   cliHint("Send page as a whole number from 1: GET /api/v1/clubs?page=1&limit=50", "page"),
 *   "Send --page as a whole number from 1: main.ts query --page 1 --limit 50",
 * );
 * ```
 * @module
 */

const REST_CALL = /GET \/api\/v1\/clubs(?:\?(\S*[^\s.,;:)]))?/g;

/** `GET /api/v1/clubs?a=1&b=x,y` as `main.ts query --a 1 --b x,y`. */
function asCommand(_: string, query: string | undefined): string {
  const flags = [...new URLSearchParams(query ?? "")].map(([k, v]) =>
    v === "" ? `--${k}` : `--${k} ${/^[\w.,:@/+-]+$/.test(v) ? v : JSON.stringify(v)}`
  );
  return ["main.ts query", ...flags].join(" ");
}

/**
 * The hint with REST calls written as `main.ts query` command lines and
 * the parameter `param` named as its flag.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cliHint } from "./hints.ts";
 * assert.equal(
 *   cliHint("Send waitlist as a list: GET /api/v1/clubs?waitlist=open,waitlist", "waitlist"),
 *   "Send --waitlist as a list: main.ts query --waitlist open,waitlist",
 * );
 * ```
 */
export function cliHint(hint: string, param?: string): string {
  const text = hint.replace(REST_CALL, asCommand);
  return param === undefined ? text : text.replace(
    new RegExp(`(?<![-\\w])${param.replace(/\W/g, "\\$&")}\\b(?! ?[=/])`),
    `--${param}`,
  );
}
