/**
 * A change in plain words, as a person choosing a club reads it: "New in
 * Florida", "Opened for applications", "Closed its waitlist", "Fees
 * updated", "Removed from the directory".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { changeWords } from "./words.ts";
 * assert.deepStrictEqual(changeWords("added", [], false, "Florida"), ["New in Florida"]);
 * assert.deepStrictEqual(
 *   changeWords("changed", [["waitlist_status", "waitlist", "closed"]], true, null),
 *   ["Closed its waitlist", "Fees updated"],
 * );
 * ```
 * @module
 */
import type { ChangeKind } from "./types.ts";

/** One recorded field change: field, old value, new value (fees apart). */
export type RecordedField = [string, unknown, unknown];

const LOCATION = new Set(["city", "state", "country"]);

function waitlistWords(before: unknown, after: unknown): string {
  switch (after) {
    case "open":
      return "Opened for applications";
    case "waitlist":
      return before === "open" ? "Applications now go to a waitlist" : "Opened its waitlist";
    case "closed":
      return before === "waitlist" ? "Closed its waitlist" : "Closed to applications";
    case "by_invitation":
    case "invite_only":
      return "Now by invitation only";
    default:
      return "Waitlist status no longer known";
  }
}

function statusWords(before: unknown, after: unknown): string {
  if (before === "coming_soon") return "Opened";
  if (after === "coming_soon") return "Coming soon";
  return "Listing status updated";
}

/**
 * The words of one change: `fields` are the recorded non-fee fields,
 * `fees` whether fees changed, `place` the English name of the club's
 * region or country (null when it has none).
 */
export function changeWords(
  kind: ChangeKind,
  fields: readonly RecordedField[],
  fees: boolean,
  place: string | null,
): string[] {
  if (kind === "added") return [place === null ? "New in the directory" : `New in ${place}`];
  if (kind === "removed") return ["Removed from the directory"];
  const out: string[] = [];
  let details = false;
  let moved = false;
  for (const [field, before, after] of fields) {
    if (field === "waitlist_status") out.push(waitlistWords(before, after));
    else if (field === "status") out.push(statusWords(before, after));
    else if (field === "name") out.push(`Renamed (was ${String(before)})`);
    else if (LOCATION.has(field)) moved = true;
    else if (field !== "slug") details = true;
  }
  if (moved) out.push(place === null ? "Location updated" : `Location updated: ${place}`);
  if (fees) out.push("Fees updated");
  if (details || out.length === 0) out.push("Details updated");
  return out;
}
