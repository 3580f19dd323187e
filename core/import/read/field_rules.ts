/**
 * Each Club field's rule as a sentence, read from the zod schema itself
 * (types, ranges, lengths, enum values), so an import error states the real
 * rule in our words ("google_rating must be a number from 0 to 5") instead
 * of a validation library's ("Too big: expected number to be <=5"). Only
 * the meaning of a pattern cannot be read from a regex: those few are
 * worded here, and a test checks that every patterned field has words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldRule } from "./field_rules.ts";
 * assert.equal(fieldRule("holes"), "holes must be a whole number from 1 to 200");
 * ```
 * @module
 */
import type { z } from "zod";
import { CLUB_FIELDS, type ClubRecord, ClubRecordSchema } from "../../schema/club.ts";

/** What a patterned field's regex means, in words. */
export const PATTERN_WORDS: Readonly<Record<string, string>> = {
  slug: "lower-case letters and digits in words joined by single hyphens (such as pine-valley)",
  type: "a lower-case word of letters, digits and underscores (such as country_club)",
  status: "a lower-case word of letters, digits and underscores (such as published)",
  currency: "a three-letter ISO 4217 code in capitals (such as USD)",
};

interface Def {
  type: string;
  format?: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  checks?: { _zod: { def: { check: string; value?: unknown; maximum?: number } } }[];
}

// Years read better without a separator: 1000 to 2200, but 100,000.
const num = (n: number) => n < 10_000 ? String(n) : n.toLocaleString("en-US");

function unwrap(schema: z.ZodType): { def: Def; nullable: boolean } {
  let def = schema._zod.def as Def;
  let nullable = false;
  while ((def.type === "nullable" || def.type === "optional") && def.innerType) {
    nullable = true;
    def = def.innerType._zod.def as Def;
  }
  return { def, nullable };
}

function bounds(def: Def): { min?: number; max?: number; maxLength?: number } {
  const out: { min?: number; max?: number; maxLength?: number } = {};
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === "greater_than" && typeof d.value === "number") out.min = d.value;
    if (d.check === "less_than" && typeof d.value === "number") out.max = d.value;
    if (d.check === "max_length") out.maxLength = d.maximum;
  }
  return out;
}

function range(b: { min?: number; max?: number }): string {
  if (b.min !== undefined && b.max !== undefined) return ` from ${num(b.min)} to ${num(b.max)}`;
  if (b.min !== undefined) return ` of at least ${num(b.min)}`;
  if (b.max !== undefined) return ` of at most ${num(b.max)}`;
  return "";
}

function describe(field: string, def: Def): string {
  const b = bounds(def);
  const chars = b.maxLength === undefined ? "" : ` of at most ${num(b.maxLength)} characters`;
  switch (def.type) {
    case "number":
      return `${def.format === "safeint" ? "a whole number" : "a number"}${range(b)}`;
    case "boolean":
      return "true or false (yes/no and 1/0 are read too)";
    case "enum":
      return `one of ${Object.values(def.entries ?? {}).join(", ")}`;
    case "array": {
      const item = describe(field, unwrap(def.element!).def);
      const items = b.maxLength === undefined ? "" : ` of at most ${num(b.maxLength)} items`;
      return `a list${items}, each ${item}: a JSON array (["Pool","Spa"]) or a ;-separated list`;
    }
    case "string":
      if (def.format === "uuid") return "a UUID (such as 0b7f3c2e-5d1a-4e8b-9c6f-2a4d8e1b3c5f)";
      if (def.format === "url") return `an http:// or https:// address${chars}`;
      if (PATTERN_WORDS[field]) return `${PATTERN_WORDS[field]}${chars && `,${chars.slice(3)}`}`;
      return `text${chars}`;
    default:
      return "a valid value";
  }
}

const RULES: Readonly<Record<string, string>> = Object.fromEntries(
  CLUB_FIELDS.map((f) => [f, `${f} must be ${describe(f, unwrap(ClubRecordSchema.shape[f]).def)}`]),
);

/**
 * The rule of a Club field, as one sentence.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldRule } from "./field_rules.ts";
 * assert.equal(fieldRule("waitlist_status"), "waitlist_status must be one of open, waitlist, by_invitation, invite_only, closed, unknown");
 * ```
 */
export function fieldRule(field: keyof ClubRecord | string): string {
  return RULES[field] ?? `${field} is not a Club field`;
}

/**
 * Whether a field may be left empty (null).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldOptional } from "./field_rules.ts";
 * assert.equal(fieldOptional("name"), false);
 * ```
 */
export function fieldOptional(field: keyof ClubRecord): boolean {
  return unwrap(ClubRecordSchema.shape[field]).nullable;
}

/** A number field's range, read from the schema. */
export interface NumberField {
  field: keyof ClubRecord;
  /** A whole number (`holes`), or any (`google_rating`). */
  whole: boolean;
  min: number;
  max: number;
}

/**
 * The number fields and their ranges, from the schema: what an import
 * reads under the file's number rule (numbers.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberFields } from "./field_rules.ts";
 * const rating = numberFields().find((f) => f.field === "google_rating");
 * assert.deepEqual(rating, { field: "google_rating", whole: false, min: 0, max: 5 });
 * ```
 */
export function numberFields(): NumberField[] {
  return CLUB_FIELDS.flatMap((field) => {
    const { def } = unwrap(ClubRecordSchema.shape[field]);
    if (def.type !== "number") return [];
    const b = bounds(def);
    return [{
      field,
      whole: def.format === "safeint",
      min: b.min ?? Number.MIN_SAFE_INTEGER,
      max: b.max ?? Number.MAX_SAFE_INTEGER,
    }];
  });
}

/**
 * The patterned fields (a regex the words above must explain).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { patternedFields } from "./field_rules.ts";
 * assert.ok(patternedFields().includes("slug"));
 * ```
 */
export function patternedFields(): string[] {
  return CLUB_FIELDS.filter((f) => {
    const { def } = unwrap(ClubRecordSchema.shape[f]);
    return (def.checks ?? []).some((c) =>
      c._zod.def.check === "string_format" &&
      (c._zod.def as { format?: string }).format === "regex"
    );
  });
}
