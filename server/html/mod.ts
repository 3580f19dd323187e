/**
 * HTML for every page of the service: one escaper, one page shell with its
 * headers, one stylesheet (served under a content hash), and the pieces the
 * pages share.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeHtml, pageShell } from "./mod.ts";
 * const page = pageShell({ title: "Hello", main: `<h1>${escapeHtml("Q&A")}</h1>`, root: "" });
 * assert.ok(page.includes("<h1>Q&amp;A</h1>"));
 * ```
 * @module
 */
export * from "./components.ts";
export * from "./escape.ts";
export * from "./problem_page.ts";
export * from "./shell.ts";
export * from "./style.ts";
export * from "./template.ts";
