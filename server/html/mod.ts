/**
 * HTML for every page of the service: one auto-escaping template tag
 * (`markup`: every interpolated value is escaped unless it is HTML the code
 * built), one page shell with its headers, one stylesheet (served under a
 * content hash), and the pieces the pages share.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markup, pageShell } from "./mod.ts";
 * const page = pageShell({ title: "Hello", main: markup`<h1>${"Q&A"}</h1>`, root: "" });
 * assert.ok(page.includes("<h1>Q&amp;A</h1>"));
 * // A plain string is text, not markup.
 * assert.ok(pageShell({ title: "t", main: "<b>", root: "" }).includes("&lt;b&gt;"));
 * ```
 * @module
 */
export * from "./components.ts";
export * from "./escape.ts";
export * from "./problem_page.ts";
export * from "./shell.ts";
export * from "./style.ts";
export * from "./template.ts";
