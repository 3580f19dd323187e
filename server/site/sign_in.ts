/**
 * Signing in and out of the website (spec §5: fee visibility follows the
 * site session). `GET /sign-in` shows a form where a person pastes a
 * session token (made with `main.ts session create`); `POST /sign-in`
 * checks it against the session store and, when it is a live session, sets
 * the `session` cookie (`HttpOnly`, `SameSite=Lax`, `Secure` when the base
 * URL is https) and returns to the page the person came from. `POST
 * /sign-out` clears the cookie. Both POSTs must come from the site's own
 * pages: a request whose `Origin` (or, without one, `Sec-Fetch-Site` or
 * `Referer`) names another site is refused with 403.
 *
 * @example
 * ```ts ignore
 * import { signInRoutes } from "./sign_in.ts";
 * app.route("/", signInRoutes(deps));
 * ```
 * @module
 */
import { type Context, Hono } from "hono";
import { SESSION_COOKIE } from "../../core/model/mod.ts";
import { type FeeAccess } from "../../core/club/mod.ts";
import { isTokenShaped } from "../../core/sessions/mod.ts";
import { markup, pageShell, SESSION_PAGE_HEADERS } from "../html/mod.ts";
import { baseUrlOf } from "../http/base_url.ts";
import type { AppEnv } from "../http/env.ts";
import type { SiteDeps } from "./deps.ts";

/** Largest form body read; a token form is well under 1 KB. */
export const MAX_FORM_BYTES = 4096;

/** How long the browser keeps the cookie; the session's own expiry still rules. */
const COOKIE_MAX_AGE = 30 * 24 * 3600;

const ACCESS_TEXT: Record<FeeAccess, string> = {
  locked: "",
  band: "a free account: fees show as ranges",
  exact: "a member account: club-verified fees show as exact figures",
};

/**
 * Where to go after signing in or out: a path on this site, else its home.
 * Only `/…` paths (not `//host`, not `/\host`) are followed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { safeNext } from "./sign_in.ts";
 * assert.equal(safeNext("/clubs?type=golf", ""), "/clubs?type=golf");
 * safeNext("//evil.example/", ""); // "/"
 * ```
 */
export function safeNext(next: string | null | undefined, root: string): string {
  if (
    !next || next.length > 2000 || !next.startsWith(`${root}/`) || /^\/[\/\\]/.test(next) ||
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f]/.test(next)
  ) {
    return `${root}/`;
  }
  return next;
}

/**
 * A site path as a `Location` header value: every non-ASCII character
 * percent-encoded as UTF-8 (a header holds bytes, and one above U+00FF
 * cannot be set at all), the rest kept as it is. Browsers encode the same
 * characters the same way, so it names the very page `next` named.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { locationOf } from "./sign_in.ts";
 * assert.equal(locationOf("/clubs?q=日本"), "/clubs?q=%E6%97%A5%E6%9C%AC");
 * assert.equal(locationOf("/clubs?type=golf"), "/clubs?type=golf");
 * ```
 */
export function locationOf(path: string): string {
  return path.replace(/[^\p{ASCII}]+/gu, (s) => encodeURIComponent(s.toWellFormed()));
}

/**
 * Whether a POST comes from one of the site's own pages: its `Origin` is
 * the site's; without `Origin`, `Sec-Fetch-Site: same-origin`, or a
 * `Referer` on the site. A request that shows none of them is refused.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameOrigin } from "./sign_in.ts";
 * const req = new Request("http://x.example/sign-out", { method: "POST", headers: { origin: "http://x.example" } });
 * assert.ok(sameOrigin(req, "http://x.example"));
 * assert.equal(sameOrigin(req, "http://evil.example"), false);
 * ```
 */
export function sameOrigin(req: Request, siteOrigin: string): boolean {
  const origin = req.headers.get("origin");
  if (origin !== null) return origin === siteOrigin;
  if (req.headers.get("sec-fetch-site") === "same-origin") return true;
  const referer = req.headers.get("referer");
  if (referer === null) return false;
  try {
    return new URL(referer).origin === siteOrigin;
  } catch {
    return false;
  }
}

/** Reads a form body, refusing one larger than {@link MAX_FORM_BYTES}. */
async function readForm(req: Request): Promise<URLSearchParams | null> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_FORM_BYTES || !req.body) {
    return declared > MAX_FORM_BYTES ? null : new URLSearchParams();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.byteLength;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) bytes.set(c, at), at += c.byteLength;
  return new URLSearchParams(new TextDecoder().decode(bytes));
}

function cookie(deps: SiteDeps, value: string, maxAge: number): string {
  return `${SESSION_COOKIE}=${value}; Path=${
    deps.root || "/"
  }; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${deps.secureCookies ? "; Secure" : ""}`;
}

function signInMain(deps: SiteDeps, next: string, access: FeeAccess, error: string | null) {
  const root = deps.root;
  const state = access === "locked"
    ? null
    : markup`<p class="notice">You are signed in with ${
      ACCESS_TEXT[access]
    }. Sign in again to use another token, or sign out from the top of any page.</p>`;
  const problem = error === null
    ? null
    : markup`<p class="notice error" id="token-error" role="alert">${error}</p>`;
  const invalid = error === null
    ? null
    : markup` aria-invalid="true" aria-describedby="token-error"`;
  return markup`<div class="narrow">
<h1>Sign in</h1>
<p>Fees on this site follow your session: a free account shows them as ranges, a member account
shows club-verified figures exactly. Paste the session token you were given (it starts with
<code>cds_</code>).</p>
${state}${problem}
<form class="search" method="post" action="${root}/sign-in">
<input type="hidden" name="next" value="${next}">
<div><label for="token">Session token</label>
<input id="token" name="token" type="password" required autocomplete="off" spellcheck="false" maxlength="200"${invalid}></div>
<div class="actions"><button type="submit">Sign in</button>
<a href="${next}">Cancel</a></div>
</form>
<p class="muted">The token is kept in a cookie that scripts cannot read, sent only to this site.
An operator creates tokens with <code>main.ts session create --tier free</code> (or
<code>member</code>).</p>
</div>`;
}

function page(
  c: Context<AppEnv>,
  deps: SiteDeps,
  status: 200 | 400 | 403 | 413,
  o: { next: string; access: FeeAccess; error: string | null },
): Response {
  const html = pageShell({
    title: "Sign in",
    main: signInMain(deps, o.next, o.access, o.error),
    root: deps.root,
    siteName: deps.name,
    description: "Sign in to see club fees as your account allows.",
    account: o.access,
    here: o.next,
  });
  return c.body(html, status, SESSION_PAGE_HEADERS);
}

function refused(c: Context<AppEnv>, deps: SiteDeps): Response {
  const body = pageShell({
    title: "Form refused",
    main: markup`<h1>Form refused</h1>
<p>This form was sent from another site, so it was not carried out.</p>
<p><a href="${deps.root}/sign-in">Go to the sign-in page</a></p>`,
    root: deps.root,
    siteName: deps.name,
  });
  return c.body(body, 403, SESSION_PAGE_HEADERS);
}

/**
 * The sign-in and sign-out routes, to mount at the root.
 *
 * @example
 * ```ts ignore
 * import { signInRoutes } from "./sign_in.ts";
 * const res = await signInRoutes(deps).request("/sign-in");
 * ```
 */
export function signInRoutes(deps: SiteDeps): Hono<AppEnv> {
  const origin = (req: Request) => new URL(baseUrlOf(deps.baseUrl, req.url)).origin;
  const redirect = (to: string, setCookie: string) =>
    new Response(null, {
      status: 303,
      headers: { Location: locationOf(to), "Set-Cookie": setCookie, "Cache-Control": "no-store" },
    });

  return new Hono<AppEnv>()
    .get("/sign-in", (c) => {
      const next = safeNext(c.req.query("next"), deps.root);
      return page(c, deps, 200, { next, access: deps.access(c.req.raw), error: null });
    })
    .post("/sign-in", async (c) => {
      if (!sameOrigin(c.req.raw, origin(c.req.raw))) return refused(c, deps);
      const form = await readForm(c.req.raw);
      const access = deps.access(c.req.raw);
      if (form === null) {
        return page(c, deps, 413, {
          next: `${deps.root}/`,
          access,
          error: "The form was too large to read.",
        });
      }
      const next = safeNext(form.get("next"), deps.root);
      const token = (form.get("token") ?? "").trim();
      // Only a token-shaped value can be a session, and only such a value
      // is safe as a cookie value.
      const tokenAccess = isTokenShaped(token)
        ? deps.access(new Request(c.req.url, { headers: { authorization: `Bearer ${token}` } }))
        : "locked";
      if (tokenAccess === "locked") {
        return page(c, deps, 400, {
          next,
          access,
          error: token === ""
            ? "Paste a session token to sign in."
            : "That token is not a live session: it may be mistyped, expired or revoked.",
        });
      }
      return redirect(next, cookie(deps, token, COOKIE_MAX_AGE));
    })
    .post("/sign-out", async (c) => {
      if (!sameOrigin(c.req.raw, origin(c.req.raw))) return refused(c, deps);
      const form = await readForm(c.req.raw);
      return redirect(safeNext(form?.get("next"), deps.root), cookie(deps, "", 0));
    });
}
