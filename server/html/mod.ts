/**
 * HTML for every page of the service: one escaper, one page shell with its
 * headers, one stylesheet (served under a content hash), and the pieces the
 * pages share.
 *
 * @example
 * ```ts
 * import { escapeHtml, pageShell } from "./mod.ts";
 * pageShell({ title: "Hello", main: `<h1>${escapeHtml("Q&A")}</h1>`, root: "" });
 * ```
 * @module
 */
export * from "./components.ts";
export * from "./escape.ts";
export * from "./problem_page.ts";
export * from "./shell.ts";
export * from "./style.ts";
