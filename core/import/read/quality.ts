/**
 * Data-quality rules that warn instead of rejecting: a row that breaks one
 * can still be served correctly, so it is imported (and `--strict` turns
 * the warning into an error). Rows that cannot be served correctly (wrong
 * types, a missing name, duplicate ids or slugs) are rejected elsewhere.
 *
 * The rules about places (codes, unknown countries and regions) are in
 * places.ts, which the importing thread applies.
 *
 * @example
 * ```ts ignore
 * import { checkClub } from "./quality.ts";
 * checkClub({ ...club, type: "golf_course" }, 7, 2026)[0].rule; // "unknown_type"
 * ```
 * @module
 */
import type { ClubRecord } from "../../schema/club.ts";
import { FEE_FIGURE_FIELDS } from "../../model/fields.ts";
import { CLUB_TYPES, TYPE_GROUPS } from "../../model/types.ts";

import { type RowWarning, WARNING_RULES, type WarningRule } from "../errors.ts";

export { WARNING_RULES };
export type { RowWarning, WarningRule };

const KNOWN_TYPES: ReadonlySet<string> = new Set(CLUB_TYPES);
const GOLF_TYPES: ReadonlySet<string> = new Set(TYPE_GROUPS.golf);
const GOLF_FACTS = ["holes", "par", "yardage", "course_architect"] as const;

/**
 * Applies the row rules to a valid club (`year` is the current year): the
 * warnings of its line.
 *
 * @example
 * ```ts ignore
 * import { checkClub } from "./quality.ts";
 * checkClub({ ...club, type: "golf_course" }, 7, 2026)[0].rule; // "unknown_type"
 * ```
 */
export function checkClub(
  club: Omit<ClubRecord, "slug">,
  line: number,
  year: number,
): RowWarning[] {
  const warnings: RowWarning[] = [];
  if (club.type !== null && !KNOWN_TYPES.has(club.type)) {
    warnings.push({
      rule: "unknown_type",
      key: `type:${club.type}`,
      line,
      column: "type",
      value: club.type,
      message: `"${club.type}" is not a club type we know (${
        CLUB_TYPES.join(", ")
      }): stored as written, and found only by type=${club.type}`,
    });
  }
  if (club.type !== null && !GOLF_TYPES.has(club.type)) {
    const facts = GOLF_FACTS.filter((f) => club[f] !== null);
    if (facts.length) {
      warnings.push({
        rule: "golf_facts",
        line,
        column: facts[0]!,
        value: String(club[facts[0]!]),
        message: `${facts.join(", ")} on a club of type ${club.type}: golf facts belong to ${
          [...GOLF_TYPES].join(" and ")
        } clubs; imported as they are`,
      });
    }
  }
  if (club.status === "coming_soon" && club.opened_year !== null && club.opened_year < year) {
    warnings.push({
      rule: "opened_in_past",
      line,
      column: "opened_year",
      value: String(club.opened_year),
      message:
        `opened_year ${club.opened_year} is in the past for a coming_soon club (it is the year the club expects to open): imported as it is`,
    });
  }
  if (club.fee_tier !== "verified" && club.fee_tier !== "estimate") {
    if (FEE_FIGURE_FIELDS.some((f) => club[f] !== null)) {
      warnings.push({
        rule: "fee_figures_untiered",
        line,
        column: "fee_tier",
        value: club.fee_tier ?? "",
        message: `fee figures are present but fee_tier is ${
          club.fee_tier ?? "empty"
        }: imported, and shown to members only as estimated ranges, never as exact figures; set fee_tier to verified or estimate`,
      });
    }
  }
  return warnings;
}
