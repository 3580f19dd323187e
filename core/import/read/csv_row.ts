/**
 * One CSV row to one {@link ClubRecord}. The cell conversions are derived
 * from the zod schema: each field's kind (text, number, boolean, list)
 * decides how its cell is read, and the schema then validates the result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readRow } from "./csv_row.ts";
 * const r = readRow({ name: "Pine Valley Golf Club", city: "Pine Valley", verified: "yes" }, 2);
 * assert.ok(r.ok);
 * assert.equal(r.value.verified, true);
 * ```
 * @module
 */
import { createHash } from "node:crypto";
import type { z } from "zod";
import { CLUB_FIELDS, type ClubRecord, ClubRecordSchema } from "../../schema/club.ts";
import { compileAccept } from "./validate.ts";
import { fieldOptional, fieldRule } from "./field_rules.ts";
import { NumberReader } from "./numbers.ts";

/** One problem in the input, located by line and column. */
export interface RowError {
  line: number;
  column: string;
  value: string;
  message: string;
}

type Kind = "string" | "number" | "boolean" | "array";

function kindOf(schema: z.ZodType): Kind {
  let def = schema._zod.def as { type: string; innerType?: z.ZodType };
  while (
    (def.type === "nullable" || def.type === "optional") && def.innerType
  ) {
    def = def.innerType._zod.def as typeof def;
  }
  if (def.type === "number" || def.type === "boolean" || def.type === "array") {
    return def.type;
  }
  return "string";
}

/** How each Club field's cell is read, derived from the schema once. */
export const FIELD_KINDS: Readonly<Record<string, Kind>> = Object.fromEntries(
  CLUB_FIELDS.map((f) => [f, kindOf(ClubRecordSchema.shape[f])]),
);

/** {@link FIELD_KINDS} in CLUB_FIELDS order. */
const KINDS: readonly Kind[] = CLUB_FIELDS.map((f) => FIELD_KINDS[f]!);

const TRUE = new Set(["true", "yes", "1", "y", "t"]);
const FALSE = new Set(["false", "no", "0", "n", "f"]);

/** Numbers with a decimal point and nothing left to decide: JSON's, and {@link readRow}'s by default. */
export const JSON_NUMBERS = new NumberReader(null, null);

const BAD = Symbol("bad cell");

/** A cell of any kind but a number (numbers are read by a {@link NumberReader}). */
function readCell(kind: Exclude<Kind, "number">, raw: string): unknown {
  switch (kind) {
    case "string":
      return raw;
    case "boolean": {
      const v = raw.toLowerCase();
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      return BAD;
    }
    case "array": {
      if (raw.startsWith("[")) {
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          return BAD;
        }
      }
      return raw.split(";").map((s) => s.trim()).filter((s) => s !== "");
    }
  }
}

/** A stable UUID (version 5 layout) from the identifying cells of a row. */
export function derivedId(
  parts: readonly (string | null | undefined)[],
): string {
  const h = createHash("sha1").update(
    "clubdir\u0000" + parts.map((p) => p ?? "").join("\u0000"),
  ).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

// Most rows are valid: a compiled check vouches for them, and zod runs only
// for the rest, where it decides and words the errors.
const accept = compileAccept(ClubRecordSchema);

const show = (v: unknown) => typeof v === "string" ? v : JSON.stringify(v) ?? String(v);

/** What {@link readRow} and {@link readCells} return: the club, or every error of the row. */
export type ReadResult = { ok: true; value: Omit<ClubRecord, "slug"> & { slug: string | null } } | {
  ok: false;
  errors: RowError[];
};

/**
 * Reads one row given as `{ column: cell }` (see {@link readCells}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readRow } from "./csv_row.ts";
 * assert.ok(readRow({ name: "A Club", holes: "18" }, 2).ok);
 * ```
 */
export function readRow(
  cells: Readonly<Record<string, string>>,
  line: number,
  numbers: NumberReader = JSON_NUMBERS,
): ReadResult {
  return readCells(CLUB_FIELDS.map((f) => cells[f]), line, numbers);
}

/**
 * Reads one row given as its cells in {@link CLUB_FIELDS} order (undefined
 * for a column the file lacks). Empty cells are null; a missing id is
 * derived from the row and a missing slug is left empty (the importer
 * assigns a unique one). Returns every error of the row, not just the
 * first, each stating the field's rule (see field_rules.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readCells } from "./csv_row.ts";
 * assert.ok(readCells(["", "A Club"], 2).ok); // id is derived, the rest is null
 * ```
 */
export function readCells(
  cells: readonly (string | undefined)[],
  line: number,
  numbers: NumberReader = JSON_NUMBERS,
): ReadResult {
  const errors: RowError[] = [];
  const obj: Record<string, unknown> = {};
  for (let i = 0; i < CLUB_FIELDS.length; i++) {
    const f = CLUB_FIELDS[i]!;
    const raw = (cells[i] ?? "").trim();
    if (raw === "") {
      obj[f] = null;
      continue;
    }
    const kind = KINDS[i]!;
    if (kind === "number") {
      const n = numbers.read(raw, line, f);
      if (typeof n === "number") obj[f] = n;
      else errors.push({ line, column: f, value: raw, message: n ?? fieldRule(f) });
      continue;
    }
    const cell = readCell(kind, raw);
    if (cell !== BAD) obj[f] = cell;
    else errors.push({ line, column: f, value: raw, message: fieldRule(f) });
  }
  obj.currency ??= "USD";
  obj.id ??= derivedId([
    obj.name as string,
    obj.city as string,
    obj.state as string,
    obj.country as string,
    obj.type as string,
  ]);
  const slug = obj.slug as string | null;
  obj.slug = slug ?? "placeholder";
  if (typeof obj.type === "string") {
    obj.type = obj.type.toLowerCase().replace(/[-\s]+/g, "_");
  }
  if (typeof obj.waitlist_status === "string") {
    obj.waitlist_status = obj.waitlist_status.toLowerCase();
  }
  if (typeof obj.fee_tier === "string") {
    obj.fee_tier = obj.fee_tier.toLowerCase();
  }
  if (typeof obj.currency === "string") {
    obj.currency = obj.currency.toUpperCase();
  }

  const parsed = accept(obj)
    ? { success: true as const, data: obj as ClubRecord, error: undefined }
    : ClubRecordSchema.safeParse(obj);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? "row");
      if (errors.some((e) => e.column === column)) continue;
      errors.push({
        line,
        column,
        value: show(cells[CLUB_FIELDS.indexOf(column as keyof ClubRecord)] ?? obj[column]),
        message: obj[column] === null && !fieldOptional(column as keyof ClubRecord)
          ? `${column} is required (the cell is empty)`
          : fieldRule(column),
      });
    }
  }
  if (errors.length) {
    const order = (c: string) => CLUB_FIELDS.indexOf(c as keyof ClubRecord);
    return { ok: false, errors: errors.sort((a, b) => order(a.column) - order(b.column)) };
  }
  // The parsed object is this row's own: the slug is set on it, not on a copy.
  const value = parsed.data! as Omit<ClubRecord, "slug"> & { slug: string | null };
  value.slug = slug;
  return { ok: true, value };
}

const JSON_TYPES: Readonly<Record<Kind, string>> = {
  string: "a string",
  number: "a number",
  boolean: "true or false",
  array: "an array of strings",
};

/**
 * Reads one Club object of an NDJSON or JSON file as {@link readRow} reads a
 * CSV row: each value must have its field's JSON type (a number for
 * `holes`, an array of texts for `amenities`, …) or be null; it is then
 * checked by the same rules. Keys that are not Club fields are returned in
 * `unknown`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readObject } from "./csv_row.ts";
 * const r = readObject({ name: "A Club", holes: 18, amenities: ["Pool"] }, 1);
 * assert.ok(r.ok);
 * ```
 */
export function readObject(
  value: unknown,
  line: number,
): ReadResult & { unknown: string[] } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      ok: false,
      errors: [{
        line,
        column: "row",
        value: show(value).slice(0, 80),
        message: "each record must be a JSON object of Club fields",
      }],
      unknown: [],
    };
  }
  const obj = value as Record<string, unknown>;
  const cells: Record<string, string> = {};
  const errors: RowError[] = [];
  const unknown: string[] = [];
  for (const key in obj) {
    if (!Object.hasOwn(FIELD_KINDS, key)) {
      unknown.push(key);
      continue;
    }
    const v = obj[key];
    if (v === null || v === undefined) continue;
    const kind = FIELD_KINDS[key]!;
    const ok = kind === "array"
      ? Array.isArray(v) && v.every((x) => typeof x === "string")
      : kind === "number"
      ? typeof v === "number"
      : kind === "boolean"
      ? typeof v === "boolean"
      : typeof v === "string";
    if (!ok) {
      const got = Array.isArray(v) ? "an array" : `a ${typeof v}`;
      errors.push({
        line,
        column: key,
        value: show(v).slice(0, 80),
        message: `${fieldRule(key)} (in JSON ${JSON_TYPES[kind]}, not ${got})`,
      });
      continue;
    }
    cells[key] = kind === "array" ? JSON.stringify(v) : String(v);
  }
  if (errors.length) {
    const order = (c: string) => CLUB_FIELDS.indexOf(c as keyof ClubRecord);
    return { ok: false, errors: errors.sort((a, b) => order(a.column) - order(b.column)), unknown };
  }
  return { ...readRow(cells, line), unknown };
}
