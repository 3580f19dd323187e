/**
 * The snapshot history's wire form (docs/api.md#get-apiv1changes): the body
 * of `GET /api/v1/changes` and of the MCP tool `list_changes`. core/history
 * builds it (its `changeListJson`); the OpenAPI document, the MCP output
 * schema and the tests read it from here.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ChangeKindSchema } from "./changes.ts";
 * assert.deepStrictEqual(ChangeKindSchema.options, ["added", "removed", "changed"]);
 * ```
 * @module
 */
import { z } from "zod";
import { FeeAccessSchema } from "./club.ts";

/** What an import did to a club. */
export const ChangeKindSchema = z.enum(["added", "removed", "changed"]).describe(
  "`added`: new in this snapshot. `removed`: no longer in the directory (the club as it was). `changed`: some of its fields changed.",
);

/** One import kept in the history. */
export const SnapshotJsonSchema = z.object({
  id: z.int().min(1).describe("Increases by one with every import into the database."),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("The snapshot's date, YYYY-MM-DD."),
  source: z.string().describe("Where the import read the snapshot from."),
  imported_at: z.string().describe("When the import ran (RFC 3339, UTC)."),
  added: z.int().min(0),
  removed: z.int().min(0),
  changed: z.int().min(0),
  compared: z.boolean().describe(
    "False for an import with nothing to compare with (the first): its changes are unknown, none are listed.",
  ),
  complete: z.boolean().describe(
    "False when the history's byte bound cut this snapshot's list of changes short.",
  ),
});

/** One field that changed, as this caller may see it. */
export const FieldChangeSchema = z.object({
  field: z.string().describe(
    "A Club field; fees are reduced by access: members get `fee_views.initiation|annual|monthly|firstYear` (FeeView before and after), `fee_tier` and `currency`; other callers one `fees` entry with null values.",
  ),
  old: z.unknown().describe("The value before the import."),
  new: z.unknown().describe("The value after it."),
});

/** A club's change in one snapshot. */
export const ChangeJsonSchema = z.object({
  snapshot: z.object({ id: z.int().min(1), date: z.string() }).describe(
    "The snapshot of the change; described in full under `snapshots`.",
  ),
  kind: ChangeKindSchema,
  club: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    type: z.string().nullable(),
    url: z.string().nullable().describe(
      "The club's profile page; null for a removed club (or when no base URL is known).",
    ),
  }),
  fields: z.array(FieldChangeSchema).describe("Changed fields; empty for added and removed clubs."),
  words: z.array(z.string()).describe(
    'The change in plain words, such as "New in Florida", "Opened for applications", "Closed its waitlist", "Fees updated".',
  ),
});

/** Body of a 200 from `GET /api/v1/changes` (and the `list_changes` tool's result). */
export const ChangeListSchema = z.object({
  changes: z.array(ChangeJsonSchema).describe(
    "Changes on this page: newest snapshot first, clubs in name order within one.",
  ),
  total: z.int().min(0).describe("Changes the filters and `since` find across all pages."),
  page: z.int().min(1),
  limit: z.int().min(1),
  since: z.string().nullable().describe("The `since` day applied, or null."),
  fee_access: FeeAccessSchema,
  snapshots: z.array(SnapshotJsonSchema).describe(
    "The snapshots of the changes on this page, newest first.",
  ),
  kept: z.object({
    snapshots: z.int().min(0).describe("Snapshots the history keeps."),
    newest: z.string().nullable().describe("The newest snapshot's date."),
    oldest: z.string().nullable().describe(
      "The oldest snapshot's date: changes before it are gone.",
    ),
  }),
});

/** Body of a 200 from `GET /api/v1/changes`. */
export type ChangeListJson = z.infer<typeof ChangeListSchema>;
