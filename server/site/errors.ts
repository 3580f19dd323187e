/**
 * Error pages for people: a results address whose parameters cannot be
 * searched (400) says which value is wrong in plain words and links to the
 * same search without it; an unknown path (404) and a directory that cannot
 * be read (500) link back to the search. The API's problem bodies, their
 * codes and the `/problems` pages stay with API clients.
 *
 * @example
 * ```ts ignore
 * import { searchErrorMain } from "./errors.ts";
 * searchErrorMain("", "page=0", error, (q) => readSiteSearch(q)).title; // "There is no page 0"
 * ```
 * @module
 */
import type { Context } from "hono";
import { MAX_LIMIT, type SearchError } from "../../core/search/mod.ts";
import {
  type AccountView,
  pageShell,
  type SafeHtml,
  type SearchLink,
  searchUrl,
  SESSION_PAGE_HEADERS,
  visitorMain,
  type WayOut,
} from "../html/mod.ts";
import type { AppEnv } from "../http/env.ts";
import { send } from "../respond/mod.ts";

/** An error page shows the caller's account: never stored. */
const ERROR_HEADERS = Object.entries(SESSION_PAGE_HEADERS);

/** An error page for people: its status, words and place in the site. */
export interface ErrorPage {
  status: number;
  title: string;
  /** The page's `<main>` content (see {@link visitorMain}). */
  main: SafeHtml;
  root: string;
  siteName: string;
  account: AccountView;
}

/**
 * Sends an error page for people (the website's and the profiles'), with
 * the error's status.
 *
 * @example
 * ```ts ignore
 * import { sendErrorPage } from "./errors.ts";
 * return sendErrorPage(c, { status: 404, ...visitorProblem("not_found", ""), root: "",
 *   siteName: "Club Directory", account: "locked" });
 * ```
 */
export function sendErrorPage(c: Context<AppEnv>, page: ErrorPage): Response {
  const html = pageShell({
    title: page.title,
    main: page.main,
    root: page.root,
    siteName: page.siteName,
    account: page.account,
    here: `${page.root}/`,
  });
  return send(c, html, { status: page.status, headers: ERROR_HEADERS });
}

/** Each search parameter as a person calls it. */
const PARAM_WORDS: Record<string, string> = {
  q: "club name",
  type: "club type",
  country: "country",
  state: "state or region",
  city: "city",
  waitlist: "membership choice",
  match: "way of matching names",
  sort: "order",
  page: "page number",
  limit: "number of clubs per page",
};

/** The query string without the parameter `name` (any spelling of it). */
export function withoutParam(search: string, name: string): string {
  return search.split("&").filter((part) => {
    const raw = part.slice(0, part.includes("=") ? part.indexOf("=") : part.length);
    try {
      return decodeURIComponent(raw.replaceAll("+", " ")).trim() !== name;
    } catch {
      return true;
    }
  }).join("&");
}

/**
 * The title and `<main>` of the page for a search that cannot be run:
 * what is wrong with which value, and the same search without it (`fixed`,
 * when that is a valid search).
 *
 * @example
 * ```ts ignore
 * import { searchErrorMain } from "./errors.ts";
 * searchErrorMain("", error, { page: null }).main.includes("Go to the first page"); // true
 * ```
 */
export function searchErrorMain(
  root: string,
  error: SearchError,
  fixed: SearchLink | null,
  /** The address of a search on the page that was asked for (default: its results). */
  hrefOf: (link: SearchLink) => string = (link) => searchUrl(root, link),
): { title: string; main: SafeHtml } {
  const what = PARAM_WORDS[error.param] ?? error.param;
  const value = error.value;
  let title = `This search has a ${what} it cannot use`;
  let line =
    `The ${what} in this address (“${value}”) is too long or holds characters that cannot be searched.`;
  let fixText = `Search without the ${what}`;
  switch (error.param) {
    case "page":
      title = "There is no such page";
      line = `Pages of results are numbered from 1; this address asks for page “${value}”.`;
      fixText = "Go to the first page of this search";
      break;
    case "limit":
      line = `A page shows from 1 to ${MAX_LIMIT} clubs; this address asks for “${value}”.`;
      fixText = "Show this search with the usual number of clubs per page";
      break;
    case "waitlist":
      line =
        `“${value}” is not a membership choice. The choices are: open to applications, waitlist, by invitation, closed to new members, not stated.`;
      fixText = "Search without a membership choice";
      break;
    case "match":
    case "sort":
      line = `“${value}” is not a ${what} this site knows.`;
      fixText = `Search with the usual ${what}`;
      break;
  }
  const links: WayOut[] = [];
  if (fixed !== null) links.push({ href: hrefOf(fixed), text: fixText });
  links.push({ href: `${root}/`, text: "Start a new search" });
  return { title, main: visitorMain({ title, lines: [line], links }) };
}
