/**
 * Club profile pages, `GET /clubs/:slug` (issue #4): an HTML page for
 * browsers, or the REST Club object when the client prefers JSON. Fees are
 * shown as the caller's session allows, through the same `toApiClub` as the
 * REST API, so a page never shows more than the API would.
 *
 * @example
 * ```ts ignore
 * import { Hono } from "hono";
 * import { profileRoutes } from "./profile.ts";
 * const app = new Hono();
 * app.route("/", profileRoutes({ directory, access, baseUrl: (req) => new URL(req.url).origin }));
 * ```
 * @module
 */
import { type Context, Hono } from "hono";
import {
  type Club,
  type ClubRecord,
  ClubRecordSchema,
  type FeeView,
} from "../../core/schema/mod.ts";
import { type Directory, StoreError } from "../../core/store/mod.ts";
import {
  clubUrl,
  type FeeAccess,
  type ProblemCode,
  ProblemError,
  PROBLEMS,
  toApiClub,
} from "../../core/model/mod.ts";
import { prefersJson } from "./problems.ts";

/**
 * What the profile routes need from the app.
 *
 * @example
 * ```ts ignore
 * const deps: ProfileDeps = { directory, access: sessionAccess(store),
 *   baseUrl: (req) => new URL(req.url).origin, hint: problems.hint };
 * ```
 */
export interface ProfileDeps {
  /** The live club database. */
  directory: Directory;
  /** The fee access of a request (see `server/sessions.ts`). */
  access: (req: Request) => FeeAccess;
  /** The service's base address as this request reached it, without a trailing slash. */
  baseUrl: (req: Request) => string;
  /**
   * A problem's hint as the app states it (support address filled in), for
   * the HTML error pages; default the registry's text.
   */
  hint?: (code: ProblemCode) => string;
}

const UNAVAILABLE = "The club directory cannot be read right now";

/** Pages differ by session and representation, so shared caches must not keep them. */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  Vary: "Accept, Authorization, Cookie",
};

/** The pages run no script and load nothing but the club's image. */
const HTML_HEADERS = {
  ...PRIVATE_HEADERS,
  "Content-Security-Policy":
    "default-src 'none'; img-src https: http:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
};

/**
 * The routes, to mount at the root: `app.route("/", profileRoutes(deps))`.
 *
 * @example
 * ```ts ignore
 * const res = await profileRoutes(deps).request("/clubs/seminole", {
 *   headers: { accept: "application/json" },
 * });
 * ```
 */
export function profileRoutes(deps: ProfileDeps): Hono {
  const app = new Hono();
  app.get("/clubs/:slug", (c) => {
    const slug = c.req.param("slug");
    const json = wantsJson(c);
    // A slug that cannot exist is not worth a database read.
    if (!ClubRecordSchema.shape.slug.safeParse(slug).success) {
      return notFound(c, deps, slug, json);
    }
    let record: ClubRecord | null;
    try {
      record = deps.directory.read((store) => store.bySlug(slug));
    } catch (e) {
      // JSON clients get the app's onError answer; browsers the same problem as a page.
      if (json || !(e instanceof StoreError)) throw e;
      return problem(c, deps, "clubs_unavailable", UNAVAILABLE, json, e);
    }
    if (!record) return notFound(c, deps, slug, json);
    const access = deps.access(c.req.raw);
    const club = toApiClub(record, access);
    if (json) return c.json(club, 200, PRIVATE_HEADERS);
    const self = clubUrl(deps.baseUrl(c.req.raw), record.slug);
    return c.html(profilePage(club, access, self), 200, HTML_HEADERS);
  });
  return app;
}

/** JSON when the client prefers it to HTML, by the same rule as the /problems pages. */
function wantsJson(c: Context): boolean {
  return prefersJson(c.req.header("accept") ?? null);
}

function notFound(c: Context, deps: ProfileDeps, slug: string, json: boolean): Response {
  return problem(c, deps, "not_found", `No club has the slug "${slug}".`, json);
}

/**
 * Answers a problem: JSON clients get the app's `application/problem+json`
 * (thrown, so the app's `onError` words it like every other error),
 * browsers an HTML page with the same title, detail and hint.
 */
function problem(
  c: Context,
  deps: ProfileDeps,
  code: ProblemCode,
  detail: string,
  json: boolean,
  cause?: unknown,
): Response {
  // As sent (still percent-encoded): `instance` is a URI reference.
  const instance = new URL(c.req.url).pathname;
  // The cause goes to the operator's log, never to the client.
  if (json) throw new ProblemError(code, detail, { instance, cause });
  const p = PROBLEMS[code];
  const type = `${deps.baseUrl(c.req.raw)}/problems/${code}`;
  const hint = deps.hint?.(code) ?? p.hint;
  const html = page(
    p.title,
    `<h1>${esc(p.title)}</h1>
<p>${esc(detail)}</p>
<p class="muted">${esc(hint)}</p>
<p class="muted">Code <a href="${esc(type)}"><code>${esc(code)}</code></a></p>`,
  );
  return c.html(html, p.status as 404 | 500, HTML_HEADERS);
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML element content and quoted attribute values.
 *
 * @example
 * ```ts
 * import { esc } from "./profile.ts";
 * esc("<script>alert(1)</script>"); // "&lt;script&gt;alert(1)&lt;/script&gt;"
 * ```
 */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

const num = (n: number) => n.toLocaleString("en-US");

/** `country_club` → `Country club`. */
function humanize(value: string): string {
  const s = value.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const WAITLIST_TEXT: Record<string, string> = {
  open: "Open to applications",
  waitlist: "Waitlist",
  by_invitation: "By invitation",
  invite_only: "By invitation",
  closed: "Closed to new members",
  unknown: "Not stated",
};

const ACCESS_NOTE: Record<FeeAccess, string> = {
  locked:
    "Fees on file are locked: sign in to see ranges with a free account, or club-verified figures as a member.",
  band: "Free account: fees are shown as ranges.",
  exact: "Member: club-verified fees are exact; other fees are shown as ranges.",
};

const FEE_ROWS: [keyof Club["fee_views"], string][] = [
  ["initiation", "Initiation fee"],
  ["annual", "Annual dues"],
  ["monthly", "Monthly dues"],
  ["firstYear", "First-year cost"],
];

function feeCell(v: FeeView): string {
  switch (v.kind) {
    case "exact":
      return `<span class="fee">${esc(v.label ?? "")}</span>`;
    case "band":
      return `<span class="fee">${esc(v.label ?? "")}</span>${
        v.estimate ? ' <span class="muted">(estimate)</span>' : ""
      }`;
    case "locked":
      return '<span class="locked">locked</span>';
    default:
      return '<span class="muted">not on file</span>';
  }
}

/** `<dt>/<dd>` pairs for the values that are present. */
function facts(rows: [string, string | null][]): string {
  const present = rows.filter((r): r is [string, string] => r[1] !== null);
  return present.length
    ? `<dl>${present.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>`
    : "";
}

function section(title: string, body: string): string {
  return body ? `<section><h2>${esc(title)}</h2>${body}</section>` : "";
}

function statusText(club: Club): string | null {
  if (club.status === null) return null;
  if (club.status === "coming_soon") {
    return club.opened_year ? `Coming soon (opens ${club.opened_year})` : "Coming soon";
  }
  if (club.status === "unclaimed") return "Unclaimed listing";
  return humanize(club.status);
}

/**
 * The HTML profile of a club as the caller may see it. Every value from the
 * database is escaped.
 *
 * @example
 * ```ts ignore
 * const html = profilePage(toApiClub(record, "locked"), "locked", "https://clubs.example.com/clubs/seminole");
 * ```
 */
export function profilePage(club: Club, access: FeeAccess, selfUrl: string): string {
  const place = [club.city, club.state, club.country].filter((p) => p !== null).join(", ");
  const badges = [
    club.type === null ? null : humanize(club.type),
    statusText(club),
    club.verified ? "Verified listing" : null,
  ].filter((b) => b !== null).map((b) => `<span class="badge">${esc(b)}</span>`).join(" ");
  // Only web images: anything else in the column is not rendered at all.
  const image = club.hero_image_url && /^https?:\/\//i.test(club.hero_image_url)
    ? `<img class="hero" src="${esc(club.hero_image_url)}" alt="${esc(club.name)}">`
    : "";
  const rating = club.google_rating === null
    ? null
    : `${club.google_rating} / 5${
      club.google_review_count === null
        ? ""
        : ` (${num(club.google_review_count)} Google review${
          club.google_review_count === 1 ? "" : "s"
        })`
    }`;
  const fees = `<table class="fees"><tbody>${
    FEE_ROWS.map(([key, label]) =>
      `<tr><th scope="row">${esc(label)}</th><td>${feeCell(club.fee_views[key])}</td></tr>`
    ).join("")
  }</tbody></table>
<p class="muted">${
    esc(
      Object.values(club.fee_views).every((v) => v.kind === "none")
        ? "No fees are on file for this club."
        : ACCESS_NOTE[access],
    )
  }</p>`;
  const about = club.description === null
    ? ""
    : club.description.split(/\n\s*\n/).map((p) => `<p>${esc(p.trim()).replace(/\n/g, "<br>")}</p>`)
      .join("");
  const body = `<header>
<h1>${esc(club.name)}</h1>
${place ? `<p class="place">${esc(place)}</p>` : ""}
${badges ? `<p>${badges}</p>` : ""}
${rating ? `<p class="rating">★ ${esc(rating)}</p>` : ""}
</header>
${image}
${
    section(
      "Membership",
      facts([
        ["Waitlist", WAITLIST_TEXT[club.waitlist_status ?? "unknown"] ?? "Not stated"],
        ["Founded", club.founded_year === null ? null : String(club.founded_year)],
        ["Opened", club.opened_year === null ? null : String(club.opened_year)],
        ["Currency", club.currency],
      ]),
    )
  }
${section("Fees", fees)}
${
    section(
      "Course",
      facts([
        ["Holes", club.holes === null ? null : String(club.holes)],
        ["Par", club.par === null ? null : String(club.par)],
        ["Length", club.yardage === null ? null : `${num(club.yardage)} yards`],
        ["Architect", club.course_architect],
      ]),
    )
  }
${
    section(
      "Amenities",
      club.amenities?.length
        ? `<ul class="amenities">${
          club.amenities.map((a) => `<li>${esc(humanize(a))}</li>`).join("")
        }</ul>`
        : "",
    )
  }
${section("About", about)}`;
  return page(club.name, body, selfUrl);
}

const STYLE = `
:root { color-scheme: light dark; --muted: #6b7280; --line: #e5e7eb; --accent: #1f6f43; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { margin: 0 0 .25rem; font-size: 1.9rem; line-height: 1.2; }
h2 { font-size: 1.1rem; margin: 1.75rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
.place { margin: 0 0 .5rem; font-size: 1.1rem; }
.badge { display: inline-block; font-size: .8rem; padding: .1rem .55rem; border: 1px solid var(--line); border-radius: 999px; }
.rating { margin: .25rem 0; }
.hero { display: block; width: 100%; max-height: 22rem; object-fit: cover; border-radius: .5rem; margin: 1rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1.25rem; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; }
table.fees { border-collapse: collapse; width: 100%; }
.fees th, .fees td { text-align: left; padding: .35rem 0; border-bottom: 1px solid var(--line); font-weight: normal; }
.fees th { color: var(--muted); width: 45%; }
.fee { font-weight: 600; font-variant-numeric: tabular-nums; }
.locked { color: var(--muted); font-style: italic; }
.muted { color: var(--muted); font-size: .9rem; }
.amenities { columns: 2; padding-left: 1.2rem; margin: 0; }
a { color: var(--accent); }
`;

function page(title: string, body: string, selfUrl?: string): string {
  const alternate = selfUrl
    ? `\n<link rel="canonical" href="${
      esc(selfUrl)
    }">\n<link rel="alternate" type="application/json" href="${esc(selfUrl)}">`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Club Directory</title>${alternate}
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
