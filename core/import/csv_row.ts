/**
 * One CSV row to one {@link ClubRecord}. The cell conversions are derived
 * from the zod schema: each field's kind (text, number, boolean, list)
 * decides how its cell is read, and the schema then validates the result.
 *
 * @example
 * ```ts
 * import { readRow } from "./csv_row.ts";
 * const r = readRow({ name: "Pine Valley Golf Club", city: "Pine Valley", verified: "yes" }, 2);
 * if (r.ok) console.log(r.value.verified); // true
 * ```
 * @module
 */
import { createHash } from "node:crypto";
import type { z } from "zod";
import { CLUB_FIELDS, type ClubRecord, ClubRecordSchema } from "../schema/club.ts";
import { compileAccept } from "./validate.ts";

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

const TRUE = new Set(["true", "yes", "1", "y", "t"]);
const FALSE = new Set(["false", "no", "0", "n", "f"]);
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

type Cell = { ok: true; value: unknown } | { ok: false; message: string };

function readCell(kind: Kind, raw: string): Cell {
  switch (kind) {
    case "string":
      return { ok: true, value: raw };
    case "number":
      return NUMBER.test(raw)
        ? { ok: true, value: Number(raw) }
        : { ok: false, message: "expected a number" };
    case "boolean": {
      const v = raw.toLowerCase();
      if (TRUE.has(v)) return { ok: true, value: true };
      if (FALSE.has(v)) return { ok: true, value: false };
      return { ok: false, message: "expected true/false, yes/no or 1/0" };
    }
    case "array": {
      if (raw.startsWith("[")) {
        try {
          const v: unknown = JSON.parse(raw);
          return { ok: true, value: v };
        } catch {
          return {
            ok: false,
            message: "expected a JSON array or a ;-separated list",
          };
        }
      }
      return {
        ok: true,
        value: raw.split(";").map((s) => s.trim()).filter((s) => s !== ""),
      };
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

/**
 * Reads one row given as `{ column: cell }`. Empty cells are null; a missing
 * id is derived from the row and a missing slug is left empty (the importer
 * assigns a unique one). Returns every error of the row, not just the first.
 */
export function readRow(
  cells: Readonly<Record<string, string>>,
  line: number,
): { ok: true; value: Omit<ClubRecord, "slug"> & { slug: string | null } } | {
  ok: false;
  errors: RowError[];
} {
  const errors: RowError[] = [];
  const obj: Record<string, unknown> = {};
  for (const f of CLUB_FIELDS) {
    const raw = (cells[f] ?? "").trim();
    if (raw === "") {
      obj[f] = null;
      continue;
    }
    const cell = readCell(FIELD_KINDS[f]!, raw);
    if (cell.ok) obj[f] = cell.value;
    else errors.push({ line, column: f, value: raw, message: cell.message });
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
        value: show(cells[column] ?? obj[column]),
        message: issue.code === "invalid_type" && obj[column] === null
          ? "a value is required but the cell is empty"
          : issue.message,
      });
    }
  } else {
    const c = parsed.data;
    const hasFigure = c.initiation_fee !== null || c.annual_dues !== null ||
      c.monthly_dues !== null;
    if (c.fee_tier === "none" && hasFigure) {
      errors.push({
        line,
        column: "fee_tier",
        value: "none",
        message:
          "fee_tier is none but fee figures are present: use verified or estimate, or clear the figures",
      });
    }
  }
  if (errors.length) {
    const order = (c: string) => CLUB_FIELDS.indexOf(c as keyof ClubRecord);
    return { ok: false, errors: errors.sort((a, b) => order(a.column) - order(b.column)) };
  }
  const value = parsed.data!;
  return { ok: true, value: { ...value, slug } };
}
