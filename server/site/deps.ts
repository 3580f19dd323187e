/**
 * What the website's routes need from the app, derived once from its
 * configuration: where the site lives (`root`, the origin forms must come
 * from), whether cookies need `Secure`, and who the caller is.
 *
 * @example
 * ```ts ignore
 * import { siteDeps } from "./deps.ts";
 * const deps = siteDeps({ directory, name: "Club Directory", baseUrl: "https://clubs.example",
 *   access, hint: problems.hint });
 * deps.secureCookies; // true
 * ```
 * @module
 */
import type { ProblemCode } from "../../core/model/mod.ts";
import type { FeeAccess } from "../../core/club/mod.ts";
import type { Directory } from "../../core/store/mod.ts";

/** The website's view of the app. */
export interface SiteDeps {
  directory: Directory;
  /** The service's display name. */
  name: string;
  /** `--base-url`, or null to use each request's origin. */
  baseUrl: string | null;
  /** Path prefix of every page (`""`, or `/dir` when the base URL has a path). */
  root: string;
  /** Set-Cookie `Secure` when the site is served over https. */
  secureCookies: boolean;
  /** The fee access of a request (its session). */
  access: (req: Request) => FeeAccess;
  /** A problem's hint with the support address filled in. */
  hint: (code: ProblemCode) => string;
}

/** What {@link siteDeps} is built from (a subset of the app's configuration). */
export interface SiteOptions {
  directory: Directory;
  name: string;
  baseUrl: string | null;
  access?: (req: Request) => FeeAccess;
  hint: (code: ProblemCode) => string;
}

/**
 * Derives the website's dependencies from the app's configuration.
 *
 * @example
 * ```ts ignore
 * import { siteDeps } from "./deps.ts";
 * siteDeps({ directory, name: "Club Directory", baseUrl: "https://x.example/dir", hint }).root; // "/dir"
 * ```
 */
export function siteDeps(o: SiteOptions): SiteDeps {
  const url = o.baseUrl === null ? null : new URL(o.baseUrl);
  return {
    directory: o.directory,
    name: o.name,
    baseUrl: o.baseUrl,
    root: url === null ? "" : url.pathname.replace(/\/+$/, ""),
    secureCookies: url?.protocol === "https:",
    access: o.access ?? (() => "locked"),
    hint: o.hint,
  };
}
