/**
 * Fee changes as each caller may see them, from core/club's fee rules
 * (docs/api.md#fee-visibility): a member sees the fee views before and after
 * (exact for club-verified fees, bands for estimates) and the fee tier and
 * currency; a free or anonymous caller sees only that the fees changed
 * (one `fees` entry, null values), never a figure or band of a fee they
 * could not see today.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { feeChanges } from "./fees.ts";
 * const old = { initiation_fee: 10000, annual_dues: null, monthly_dues: null, fee_tier: "verified", currency: "USD" } as const;
 * const now = { ...old, initiation_fee: 12500 };
 * assert.deepStrictEqual(feeChanges({ old, new: now }, "band"), [{ field: "fees", old: null, new: null }]);
 * assert.deepStrictEqual(feeChanges({ old, new: now }, "exact")[0], {
 *   field: "fee_views.initiation",
 *   old: { kind: "exact", label: "$10,000" },
 *   new: { kind: "exact", label: "$12,500" },
 * });
 * ```
 * @module
 */
import { type FeeAccess, type FeeFields, feeViews } from "../club/mod.ts";
import type { FieldChange } from "./types.ts";

/** A club's fee fields before and after an import (as `history_changes.fees` holds them). */
export interface FeesBeforeAfter {
  old: FeeFields;
  new: FeeFields;
}

/** The one entry anyone but a member gets for a change of fees. */
const FEES_UPDATED: FieldChange = Object.freeze({ field: "fees", old: null, new: null });

/** The fee changes `access` may see (at least one entry: the fees did change). */
export function feeChanges(fees: FeesBeforeAfter, access: FeeAccess): FieldChange[] {
  if (access !== "exact") return [{ ...FEES_UPDATED }];
  const before = feeViews(fees.old, access);
  const after = feeViews(fees.new, access);
  const out: FieldChange[] = [];
  for (const view of Object.keys(after) as (keyof typeof after)[]) {
    if (JSON.stringify(before[view]) !== JSON.stringify(after[view])) {
      out.push({ field: `fee_views.${view}`, old: before[view], new: after[view] });
    }
  }
  for (const field of ["fee_tier", "currency"] as const) {
    if (fees.old[field] !== fees.new[field]) {
      out.push({ field, old: fees.old[field], new: fees.new[field] });
    }
  }
  // A figure that moved within its band (an estimate) shows no view change.
  return out.length ? out : [{ ...FEES_UPDATED }];
}
