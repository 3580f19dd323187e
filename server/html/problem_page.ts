/**
 * A problem (docs/api.md#errors-in-the-contract) as a page for browsers: the same title, detail, hint
 * and code as the `application/problem+json` body, inside the page shell.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { problemMain } from "./problem_page.ts";
 * const main = problemMain({ title: "Not found", detail: "No club has the slug \"x\".", hint: "…",
 *   code: "not_found", type: "https://clubs.example/problems/not_found", root: "" });
 * assert.ok(main.includes("No club has the slug &quot;x&quot;.")); // escaped
 * ```
 * @module
 */
import { joinHtml, markup, type SafeHtml } from "./template.ts";

/** What a problem page says. */
export interface ProblemView {
  title: string;
  detail: string;
  hint: string;
  code: string;
  /** The problem's `type` URL (its documentation page). */
  type: string;
  /** Path prefix of the site, for the link back to the search. */
  root: string;
}

/**
 * The `<main>` content of a problem page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { problemMain } from "./problem_page.ts";
 * const main = problemMain({ title: "Invalid page", detail: "d", hint: "h", code: "invalid_page",
 *   type: "/problems/invalid_page", root: "" });
 * assert.ok(main.startsWith("<h1>Invalid page</h1>"));
 * ```
 */
export function problemMain(p: ProblemView): SafeHtml {
  return markup`<h1>${p.title}</h1>
<p>${p.detail}</p>
<p class="muted">${p.hint}</p>
<p class="muted">Code <a href="${p.type}"><code>${p.code}</code></a></p>
<p><a href="${p.root}/">Search the directory</a></p>`;
}

/** A link offered on an error page for people. */
export interface WayOut {
  /** The address (escaped where it is written). */
  href: string;
  /** The link's words (plain text). */
  text: string;
}

/**
 * The `<main>` of an error page for people: a heading, sentences in plain
 * words (plain text) and links back into the site. No codes,
 * no API words: those stay with the API's problem bodies and `/problems`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { visitorMain } from "./problem_page.ts";
 * const main = visitorMain({ title: "Page not found", lines: ["There is no page here."],
 *   links: [{ href: "/", text: "Search the directory" }] });
 * assert.ok(main.startsWith(`<div class="narrow"><h1>Page not found</h1>`));
 * assert.ok(main.includes(`<a href="/">Search the directory</a>`));
 * ```
 */
export function visitorMain(o: { title: string; lines: string[]; links: WayOut[] }): SafeHtml {
  const lines = o.lines.map((l) => markup`<p>${l}</p>`);
  const links = o.links.map((l) => markup`<li><a href="${l.href}">${l.text}</a></li>`);
  return markup`<div class="narrow"><h1>${o.title}</h1>
${joinHtml(lines, "\n")}
<ul class="ways">${links}</ul></div>`;
}

/**
 * What a person reads for a failure that is not about a search's
 * parameters: a page or club that is not there (404), or a directory that
 * cannot be read (500), with links back to the search. `slug` names the
 * club address that was asked for; its words are offered as a search.
 * `hint` is what to do about a failure (the registry's, with the support
 * address).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { visitorProblem } from "./problem_page.ts";
 * assert.equal(visitorProblem("not_found", "", { slug: "royal-sydny" }).title, "No club at this address");
 * ```
 */
export function visitorProblem(
  code: string,
  root: string,
  o: { slug?: string; hint?: string } = {},
): { title: string; main: SafeHtml } {
  const home = { href: `${root}/`, text: "Search the directory" };
  const every = { href: `${root}/clubs`, text: "Browse every club, A to Z" };
  if (code === "not_found" && o.slug !== undefined) {
    const words = o.slug.replace(/[-_]+/g, " ").trim().slice(0, 200);
    const title = "No club at this address";
    const search = words === "" ? [] : [{
      href: `${root}/clubs?q=${encodeURIComponent(words).replaceAll("'", "%27")}`,
      text: `Search for clubs named “${words}”`,
    }];
    return {
      title,
      main: visitorMain({
        title,
        lines: [
          "No club in the directory has this address. It may have been mistyped, or the club may have been renamed or removed.",
        ],
        links: [...search, home, every],
      }),
    };
  }
  if (code === "not_found") {
    const title = "Page not found";
    return {
      title,
      main: visitorMain({
        title,
        lines: ["There is no page at this address. It may have been mistyped, or moved."],
        links: [home, every],
      }),
    };
  }
  const title = "The directory is unavailable";
  return {
    title,
    main: visitorMain({
      title,
      lines: [
        "The club directory could not be read just now.",
        o.hint ?? "Please try again in a minute.",
      ],
      links: [home],
    }),
  };
}
