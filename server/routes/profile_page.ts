/**
 * A club's profile page as HTML: what a prospective member wants first
 * (photo, place, type, waitlist, fees as the session allows, amenities,
 * course facts), then the description and more clubs nearby. The route
 * (profile.ts) decides who sees what; this module only renders it.
 *
 * @example
 * ```ts ignore
 * import { nearby, profilePage } from "./profile_page.ts";
 * const html = profilePage(club, nearby(store, record), options);
 * ```
 * @module
 */
import { type Club, type ClubRecord } from "../../core/schema/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import { type FeeAccess } from "../../core/club/mod.ts";
import { findPage, parseSearch, type RawSearch } from "../../core/search/mod.ts";
import {
  ACCESS_NOTE,
  comingSoonText,
  FEE_LABELS,
  humanize,
  imageBox,
  joinHtml,
  markup,
  num,
  openedLabel,
  pageShell,
  placeLine,
  plural,
  profileUrl,
  queryComponent,
  type SafeHtml,
  type SearchLink,
  searchUrl,
  typeClubs,
  waitlistBadge,
  waitlistText,
} from "../html/mod.ts";
import type { Converted } from "../../core/rates/mod.ts";
import { feeCellIn } from "../site/currency.ts";
import { historySection, type ProfileHistory } from "../site/history.ts";

/** Clubs listed under "More clubs nearby". */
const NEARBY = 6;

/** Whether the search core filters by city (it did not always). */
const CITY_FILTER = (() => {
  const r = parseSearch({ city: "x" } as RawSearch);
  return r.ok && "city" in r.value;
})();

/** Clubs near a club: the same city when the core can filter by it, else the same region. */
export interface Nearby {
  /** Where they are, as a search (its link is "all clubs there"). */
  where: SearchLink;
  /** Its words, e.g. "Juno Beach" or "Florida". */
  label: string;
  total: number;
  clubs: ClubRecord[];
}

export const NO_NEARBY: Nearby = { where: {}, label: "", total: 0, clubs: [] };

/** The search of one place around a club, or null when the club has no such place. */
function placeSearch(club: ClubRecord, level: "city" | "state"): SearchLink | null {
  if (!club.country || !club.state || (level === "city" && !club.city)) return null;
  return {
    country: club.country,
    state: club.state,
    ...(level === "city" ? { city: club.city } : {}),
  };
}

export function nearby(store: ClubStore, club: ClubRecord): Nearby {
  const levels = CITY_FILTER ? ["city", "state"] as const : ["state"] as const;
  for (const level of levels) {
    const where = placeSearch(club, level);
    if (where === null) continue;
    const q = parseSearch({ ...where, limit: NEARBY + 1 } as RawSearch);
    if (!q.ok) continue;
    const page = findPage(store, q.value);
    const clubs = store.records(page.ranks).filter((r) => r.slug !== club.slug).slice(0, NEARBY);
    if (clubs.length) {
      return {
        where,
        label: (level === "city" ? club.city : club.state)!,
        total: page.total,
        clubs,
      };
    }
  }
  return NO_NEARBY;
}

/** `<dt>/<dd>` pairs for the values that are present. */
function facts(rows: [string, string | number | null][]): SafeHtml | null {
  const present = rows.filter((r): r is [string, string | number] => r[1] !== null);
  const pairs = present.map(([k, v]) => markup`<dt>${k}</dt><dd>${v}</dd>`);
  return present.length ? markup`<dl>${pairs}</dl>` : null;
}

function section(title: string, body: SafeHtml | null): SafeHtml | null {
  return body?.length ? markup`<section><h2>${title}</h2>${body}</section>` : null;
}

function statusText(club: Club): string | null {
  if (club.status === null) return null;
  if (club.status === "coming_soon") {
    return comingSoonText(club.opened_year);
  }
  // Other statuses (`published`, …) are the directory's bookkeeping: not shown to visitors.
  return club.status === "unclaimed" ? "Not yet confirmed by the club" : null;
}

/** The place line, each part a link to the clubs there. */
function placeLinks(root: string, club: Club): SafeHtml | null {
  const parts: SafeHtml[] = [];
  const { city, country, state } = club;
  if (city) {
    const href = CITY_FILTER && country && state ? searchUrl(root, { country, state, city }) : null;
    parts.push(href === null ? markup`${city}` : markup`<a href="${href}">${city}</a>`);
  }
  if (state) {
    const href = country ? searchUrl(root, { country, state }) : null;
    parts.push(href === null ? markup`${state}` : markup`<a href="${href}">${state}</a>`);
  }
  if (country) parts.push(markup`<a href="${searchUrl(root, { country })}">${country}</a>`);
  return parts.length ? joinHtml(parts, ", ") : null;
}

function nearbySection(root: string, near: Nearby): SafeHtml | null {
  if (!near.clubs.length) return null;
  const items = near.clubs.map((r) =>
    markup`<li><a href="${profileUrl(root, r.slug)}">${r.name}</a>${
      r.city ? markup` <span class="muted">${r.city}</span>` : null
    }</li>`
  );
  const all = searchUrl(root, near.where);
  return markup`<section aria-labelledby="nearby"><h2 id="nearby">More clubs nearby</h2>
<ul>${items}</ul>
<p><a href="${all}">All ${plural(near.total, "club")} in ${near.label}</a></p></section>`;
}

/** What a profile page needs besides the club. */
export interface ProfilePageOptions {
  root: string;
  name: string;
  nearby: Nearby;
  /** The club's changes in the directory's kept updates (site/history.ts); none for null. */
  history?: ProfileHistory | null;
  /** The fees in the visitor's currency, and its form (site/currency.ts). */
  currency?: { converted: Converted | null; control: SafeHtml | null };
}

/**
 * The HTML profile of a club as the caller may see it. Every value from the
 * database is escaped.
 *
 * @example
 * ```ts ignore
 * const html = profilePage(toApiClub(record, "locked"), "locked",
 *   "https://clubs.example.com/clubs/seminole", { root: "", name: "Club Directory", nearby });
 * ```
 */
export function profilePage(
  club: Club,
  access: FeeAccess,
  selfUrl: string,
  o: ProfilePageOptions,
): string {
  const { root } = o;
  const here = `${root}/clubs/${encodeURIComponent(club.slug)}`;
  const place = placeLinks(root, club);
  const badges = [
    statusText(club),
    club.verified ? "Verified listing" : null,
  ].filter((b) => b !== null).map((b) => markup`<span class="tag">${b}</span>`);
  const kind = club.type === null
    ? null
    : markup`<p class="kind"><a href="${searchUrl(root, { type: club.type })}">${
      humanize(club.type)
    }</a></p>`;
  const rating = club.google_rating === null
    ? null
    : `${club.google_rating} / 5${
      club.google_review_count === null
        ? ""
        : ` (${num(club.google_review_count)} Google review${
          club.google_review_count === 1 ? "" : "s"
        })`
    }`;
  const noFees = Object.values(club.fee_views).every((v) => v.kind === "none");
  const signIn = access === "locked" && !noFees
    ? markup` <a href="${root}/sign-in?next=${
      queryComponent(`${root}/clubs/${encodeURIComponent(club.slug)}`)
    }">Sign in</a>`
    : null;
  const feeRows = FEE_LABELS.map(([key, label]) =>
    markup`<tr><th scope="row">${label}</th><td>${
      feeCellIn(club.fee_views[key], o.currency?.converted ?? null, key)
    }</td></tr>`
  );
  const feeWords = noFees ? "No fees are on file for this club." : ACCESS_NOTE[access];
  const fees = markup`<table class="feetable"><tbody>${feeRows}</tbody></table>
<p class="muted">${feeWords}${signIn}</p>${noFees ? null : o.currency?.control}`;
  // A paragraph per blank-line-separated block, a line break at each other line end.
  const about = club.description === null
    ? null
    : markup`${
      club.description.split(/\n\s*\n/).map((p) =>
        markup`<p>${p.trim().split("\n").map((line, i) => i ? markup`<br>${line}` : line)}</p>`
      )
    }`;
  const waitlist = club.waitlist_status ?? "unknown";
  const { type, country, state } = club;
  const crumbs = joinHtml([
    markup`<a href="${root}/">Search</a>`,
    type ? markup`<a href="${searchUrl(root, { type })}">${typeClubs(type)}</a>` : null,
    country ? markup`<a href="${searchUrl(root, { country })}">${country}</a>` : null,
    country && state ? markup`<a href="${searchUrl(root, { country, state })}">${state}</a>` : null,
  ], " › ");
  const badge = waitlistBadge(waitlist, searchUrl(root, { waitlist: [waitlist] }));
  const main = markup`<nav aria-label="Breadcrumb" class="crumbs">${crumbs}</nav>
<div class="lead">
<div class="title">
<h1>${club.name}</h1>
${kind}
${place ? markup`<p class="place">${place}</p>` : null}
<p class="badges">${badge}${badges.length ? markup` ${joinHtml(badges, " ")}` : null}</p>
${rating ? markup`<p class="rating">★ ${rating}</p>` : null}
</div>
${imageBox({ url: club.hero_image_url, name: club.name, alt: `Photo of ${club.name}`, hero: true })}
<div class="keyfacts">
${
    section(
      "Membership",
      facts([
        ["Waitlist", waitlistText(waitlist)],
        ["Founded", club.founded_year],
        // "Opens 2028" for a club still to open, "Opened 1913" for one that has.
        [
          club.opened_year === null ? "Opened" : openedLabel(club.opened_year, club.status),
          club.opened_year,
        ],
        ["Currency", club.currency],
      ]),
    )
  }
${section("Fees", fees)}
</div>
<div class="more-facts">
${
    section(
      "Amenities",
      club.amenities?.length
        ? markup`<ul class="amenities">${
          club.amenities.map((a) => markup`<li>${humanize(a)}</li>`)
        }</ul>`
        : null,
    )
  }
${
    section(
      "Course",
      facts([
        ["Holes", club.holes],
        ["Par", club.par],
        ["Length", club.yardage === null ? null : `${num(club.yardage)} yards`],
        ["Architect", club.course_architect],
      ]),
    )
  }
</div>
</div>
${section("About", about)}
${o.history ? historySection(root, o.history, access, here) : null}
${nearbySection(root, o.nearby)}`;
  const summary = [
    club.type ? typeClubs(club.type).replace(/s$/, "") : "Private club",
    place ? `in ${placeLine(club)}` : "",
  ]
    .filter(Boolean).join(" ");
  return pageShell({
    title: club.name,
    main,
    root,
    siteName: o.name,
    description: `${club.name}: ${summary}. Membership, fees and amenities.`,
    canonical: selfUrl,
    alternateJson: selfUrl,
    account: access,
    here,
  });
}
