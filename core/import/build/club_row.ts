/**
 * The importing thread's half of preparing a club (the parse worker's is
 * prepare.ts): its place settled (places.ts, which loads the ISO 3166
 * tables), its `clubs` columns, the JSON an anonymous caller is sent, and
 * the digest that tells the next import what changed.
 *
 * @example
 * ```ts ignore
 * import { clubRow } from "./club_row.ts";
 * const { params, json, digest } = clubRow(keys, values); // params follow INSERT_COLUMNS
 * ```
 * @module
 */
import { CLUB_FIELDS, type ClubRecord } from "../../schema/club.ts";
import { asciiJson } from "../../model/json.ts";
import { toApiClub } from "../../club/mod.ts";
import { recordToColumns } from "../../store/rows.ts";
import type { RowWarning } from "../read/quality.ts";
import { settlePlace } from "./places.ts";
import type { RowKeys, RowParams, RowValues } from "../read/prepare.ts";

const COUNTRY = CLUB_FIELDS.indexOf("country");
const STATE = CLUB_FIELDS.indexOf("state");

/**
 * The insert values, the anonymous JSON and the digest of a prepared club,
 * with its place settled (places.ts) and the warnings about it.
 *
 * @example
 * ```ts ignore
 * import { clubRow } from "./club_row.ts";
 * const { params, json, warnings } = clubRow(keys, values);
 * ```
 */
export function clubRow(
  keys: RowKeys,
  values: RowValues,
): { params: RowParams; json: string; digest: number; warnings: RowWarning[] } {
  const place = settlePlace(values[COUNTRY] as string | null, values[STATE] as string | null);
  keys[4] = place.countryKey;
  keys[5] = place.stateKey;
  values[COUNTRY] = place.country;
  values[STATE] = place.state;
  const warnings = place.warnings.map((w) => ({ ...w, line: keys[0] }));
  const record = {} as Record<string, unknown>;
  for (let f = 0; f < CLUB_FIELDS.length; f++) record[CLUB_FIELDS[f]!] = values[f];
  const club = record as ClubRecord;
  const columns = recordToColumns(club);
  return {
    warnings,
    params: [...keys, ...columns],
    json: asciiJson(toApiClub(club, "locked")),
    digest: digestOf(columns),
  };
}

/**
 * A 53-bit digest of a club's stored values (cyrb53), so that what changed
 * between two snapshots is found by comparing one number per club. Null and
 * the empty string differ; a collision (2^-53 per club) would hide a change.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { digestOf } from "./club_row.ts";
 * assert.notEqual(digestOf(["a", null]), digestOf(["a", ""]));
 * ```
 */
export function digestOf(columns: readonly (string | number | null)[]): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let c = 0; c < columns.length; c++) {
    const v = columns[c];
    const text = v === null ? "\u0000" : typeof v === "number" ? "#" + v : v!;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    // The separator after each value keeps ["ab", "c"] apart from ["a", "bc"].
    h1 = Math.imul(h1 ^ 0x1f, 2654435761);
    h2 = Math.imul(h2 ^ 0x1f, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
