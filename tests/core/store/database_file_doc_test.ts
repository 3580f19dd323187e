/**
 * docs/data.md#the-database-file describes the file as a supported
 * interface: every table a built database holds is named there (public or
 * internal), every column of `clubs` beyond the Club fields is named as
 * internal, every `meta` key is named, and the published database's search
 * columns are the ones the export indexes.
 */
import { fileURLToPath } from "node:url";
import { CLUB_FIELDS } from "../../../core/model/fields.ts";
import { PUBLISHED_SEARCH_COLUMNS } from "../../../core/store/publish.ts";
import { SCHEMA_VERSION } from "../../../core/store/layout.ts";
import { BUNDLED_RATES_CSV, sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals } from "../../_assert.ts";

const DOC = fileURLToPath(new URL("../../../docs/data.md", import.meta.url));
const text = await Deno.readTextFile(DOC);
const start = text.indexOf("\n## The database file\n");
const section = text.slice(start, text.indexOf("\n## ", start + 1));
const publishing = section.slice(section.indexOf("### Publishing the database"));

const fx = await sharedFixture({ rates: BUNDLED_RATES_CSV });

const named = (name: string) => section.includes(`\`${name}\``);

Deno.test("docs/data.md names every table of a built database", () => {
  assert(start >= 0, "docs/data.md has a section 'The database file'");
  const tables = (fx.store.db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  ).all() as { name: string }[]).map((t) => t.name)
    // The FTS5 index's own tables are named together as `club_names_*`.
    .filter((t) => !t.startsWith("club_names_"));
  assertEquals(tables.filter((t) => !named(t)), []);
  assert(named("club_names_*"));
});

Deno.test("docs/data.md names every column of clubs beyond the Club fields as internal", () => {
  const columns = (fx.store.db.prepare("PRAGMA table_info(clubs)").all() as { name: string }[])
    .map((c) => c.name);
  assertEquals(columns.slice(0, CLUB_FIELDS.length), [...CLUB_FIELDS]);
  const internal = columns.slice(CLUB_FIELDS.length);
  assert(internal.length > 0);
  const paragraph = section.slice(
    section.indexOf("are internal") - 400,
    section.indexOf("are internal"),
  );
  assertEquals(internal.filter((c) => !paragraph.includes(`\`${c}\``)), []);
});

Deno.test("docs/data.md names every meta key", () => {
  const keys = (fx.store.db.prepare("SELECT key FROM meta").all() as { key: string }[])
    .map((k) => k.key);
  assert(keys.includes("rates_date"));
  assertEquals(keys.filter((k) => !named(k)), []);
});

Deno.test("docs/data.md lists the published database's search columns", () => {
  const line = publishing.slice(
    publishing.indexOf("- `clubs_fts`"),
    publishing.indexOf("\n\n", publishing.indexOf("- `clubs_fts`")),
  );
  const listed = [...line.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!)
    .filter((w) => (CLUB_FIELDS as readonly string[]).includes(w));
  assertEquals(listed, [...PUBLISHED_SEARCH_COLUMNS]);
});

Deno.test("docs/data.md states the current layout version and its refusal", () => {
  assert(text.includes(`layout version (\`core/store/layout.ts\`; ${SCHEMA_VERSION} since`));
  assert(text.includes(`\`schema version N, expected ${SCHEMA_VERSION} (run import again)\``));
});
