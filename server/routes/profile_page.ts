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
  escapeHtml,
  FEE_LABELS,
  humanize,
  imageBox,
  num,
  openedLabel,
  pageShell,
  placeLine,
  plural,
  profileHref,
  queryComponent,
  searchHref,
  type SearchLink,
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

/** `<dt>/<dd>` pairs for the values that are present (values are escaped HTML). */
function facts(rows: [string, string | null][]): string {
  const present = rows.filter((r): r is [string, string] => r[1] !== null);
  return present.length
    ? `<dl>${present.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join("")}</dl>`
    : "";
}

function section(title: string, body: string): string {
  return body ? `<section><h2>${escapeHtml(title)}</h2>${body}</section>` : "";
}

function statusText(club: Club): string | null {
  if (club.status === null) return null;
  if (club.status === "coming_soon") {
    return comingSoonText(club.opened_year);
  }
  // Other statuses (`published`, …) are the directory's bookkeeping: not shown to visitors.
  return club.status === "unclaimed" ? "Not yet confirmed by the club" : null;
}

const text = (v: string | number | null) => v === null ? null : escapeHtml(String(v));

/** The place line, each part a link to the clubs there. */
function placeLinks(root: string, club: Club): string {
  const parts: string[] = [];
  const country = club.country;
  const state = club.state;
  if (club.city) {
    parts.push(
      CITY_FILTER && country && state
        ? `<a href="${searchHref(root, { country, state, city: club.city })}">${
          escapeHtml(club.city)
        }</a>`
        : escapeHtml(club.city),
    );
  }
  if (state) {
    parts.push(
      country
        ? `<a href="${searchHref(root, { country, state })}">${escapeHtml(state)}</a>`
        : escapeHtml(state),
    );
  }
  if (country) parts.push(`<a href="${searchHref(root, { country })}">${escapeHtml(country)}</a>`);
  return parts.join(", ");
}

function nearbySection(root: string, near: Nearby): string {
  if (!near.clubs.length) return "";
  const items = near.clubs.map((r) =>
    `<li><a href="${profileHref(root, r.slug)}">${escapeHtml(r.name)}</a>${
      r.city ? ` <span class="muted">${escapeHtml(r.city)}</span>` : ""
    }</li>`
  );
  return `<section aria-labelledby="nearby"><h2 id="nearby">More clubs nearby</h2>
<ul>${items.join("")}</ul>
<p><a href="${searchHref(root, near.where)}">All ${plural(near.total, "club")} in ${
    escapeHtml(near.label)
  }</a></p></section>`;
}

/** What a profile page needs besides the club. */
export interface ProfilePageOptions {
  root: string;
  name: string;
  nearby: Nearby;
  /** The club's changes in the directory's kept updates (site/history.ts); none for null. */
  history?: ProfileHistory | null;
  /** The fees in the visitor's currency, and its form (site/currency.ts). */
  currency?: { converted: Converted | null; control: string };
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
  ].filter((b) => b !== null).map((b) => `<span class="tag">${escapeHtml(b)}</span>`).join(" ");
  const kind = club.type === null
    ? ""
    : `<p class="kind"><a href="${searchHref(root, { type: club.type })}">${
      escapeHtml(humanize(club.type))
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
    ? ` <a href="${root}/sign-in?next=${
      escapeHtml(queryComponent(`${root}/clubs/${encodeURIComponent(club.slug)}`))
    }">Sign in</a>`
    : "";
  const fees = `<table class="feetable"><tbody>${
    FEE_LABELS.map(([key, label]) =>
      `<tr><th scope="row">${escapeHtml(label)}</th><td>${
        feeCellIn(club.fee_views[key], o.currency?.converted ?? null, key)
      }</td></tr>`
    ).join("")
  }</tbody></table>
<p class="muted">${
    escapeHtml(noFees ? "No fees are on file for this club." : ACCESS_NOTE[access])
  }${signIn}</p>${noFees ? "" : o.currency?.control ?? ""}`;
  const about = club.description === null
    ? ""
    : club.description.split(/\n\s*\n/).map((p) =>
      `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`
    ).join("");
  const waitlist = club.waitlist_status ?? "unknown";
  const crumbs = [
    `<a href="${root}/">Search</a>`,
    club.type
      ? `<a href="${searchHref(root, { type: club.type })}">${typeClubs(club.type)}</a>`
      : "",
    club.country
      ? `<a href="${searchHref(root, { country: club.country })}">${escapeHtml(club.country)}</a>`
      : "",
    club.country && club.state
      ? `<a href="${searchHref(root, { country: club.country, state: club.state })}">${
        escapeHtml(club.state)
      }</a>`
      : "",
  ].filter(Boolean).join(" › ");
  const main = `<nav aria-label="Breadcrumb" class="crumbs">${crumbs}</nav>
<div class="lead">
<div class="title">
<h1>${escapeHtml(club.name)}</h1>
${kind}
${place ? `<p class="place">${place}</p>` : ""}
<p class="badges">${waitlistBadge(waitlist, searchHref(root, { waitlist: [waitlist] }))}${
    badges ? ` ${badges}` : ""
  }</p>
${rating ? `<p class="rating">★ ${escapeHtml(rating)}</p>` : ""}
</div>
${imageBox({ url: club.hero_image_url, name: club.name, alt: `Photo of ${club.name}`, hero: true })}
<div class="keyfacts">
${
    section(
      "Membership",
      facts([
        ["Waitlist", escapeHtml(waitlistText(waitlist))],
        ["Founded", text(club.founded_year)],
        // "Opens 2028" for a club still to open, "Opened 1913" for one that has.
        [
          club.opened_year === null ? "Opened" : openedLabel(club.opened_year, club.status),
          text(club.opened_year),
        ],
        ["Currency", text(club.currency)],
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
        ? `<ul class="amenities">${
          club.amenities.map((a) => `<li>${escapeHtml(humanize(a))}</li>`).join("")
        }</ul>`
        : "",
    )
  }
${
    section(
      "Course",
      facts([
        ["Holes", text(club.holes)],
        ["Par", text(club.par)],
        ["Length", club.yardage === null ? null : `${num(club.yardage)} yards`],
        ["Architect", text(club.course_architect)],
      ]),
    )
  }
</div>
</div>
${section("About", about)}
${o.history ? historySection(root, o.history, access, here) : ""}
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
