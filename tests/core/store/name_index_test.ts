/**
 * The name index's tokenizer (core/store/ddl.ts) takes no
 * `remove_diacritics`, an option SQLite knows only since 3.45, so that
 * older SQLite opens the file. Dropping it must not change one answer: the
 * names and the searched text are both folded (core/model/fold.ts) first, so
 * every character the index or a query can see must tokenize as it did with
 * the option. Checked here for every such character, in this Deno's SQLite
 * (which knows the option), against the same table declared with it.
 */
import { DatabaseSync } from "node:sqlite";
import { CREATE_INDEXES } from "../../../core/store/ddl.ts";
import { fold } from "../../../core/model/fold.ts";
import { assert, assertEquals } from "../../_assert.ts";

/** The `tokenize` argument of `club_names` as the DDL declares it. */
function nameTokenizer(): string {
  const declared = /VIRTUAL TABLE club_names USING fts5\([^)]*tokenize='([^']*)'/.exec(
    CREATE_INDEXES,
  );
  assert(declared, "club_names declares a tokenizer");
  return declared[1]!;
}

/**
 * Every character a folded text can hold. fold() works character by
 * character (NFKD, marks dropped, lower case, a few letters spelled out)
 * except for white space, collapsed to " ", and the final sigma of lower
 * casing, so the folds of single code points cover all. Only the BMP:
 * SQLite's case and diacritic folding leaves every code point above it
 * alone (fts5_unicode2.c).
 */
function foldedCharacters(): string[] {
  const seen = new Set<string>([" ", "ς"]);
  for (let cp = 0; cp <= 0xffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    for (const ch of fold(String.fromCodePoint(cp))) seen.add(ch);
  }
  return [...seen];
}

/** Every trigram, with its row and count, each text gets from `tokenize`. */
function trigrams(texts: readonly string[], tokenize: string): string[] {
  const db = new DatabaseSync(":memory:");
  try {
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize='${tokenize}');
      CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, t, 'row');`);
    const insert = db.prepare("INSERT INTO t(x) VALUES (?)");
    db.exec("BEGIN");
    for (const text of texts) insert.run(text);
    db.exec("COMMIT");
    return (db.prepare("SELECT term, doc, cnt FROM temp.v ORDER BY term").all() as {
      term: string;
      doc: number;
      cnt: number;
    }[]).map((r) => `${r.term} ${r.doc} ${r.cnt}`);
  } finally {
    db.close();
  }
}

/** The characters in rows of 1,024: each row's trigrams run across its characters. */
function rows(chars: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 1024) out.push(chars.slice(i, i + 1024).join(""));
  return out;
}

Deno.test("The name index declares only tokenizer options SQLite 3.34 knows", () => {
  assertEquals(nameTokenizer(), "trigram");
});

Deno.test("Every character of folded text tokenizes in the name index as with remove_diacritics", () => {
  const tokenize = nameTokenizer();
  const texts = rows(foldedCharacters());
  const without = trigrams(texts, tokenize);
  assert(without.length > 40_000, `${without.length} trigrams`);
  assertEquals(without, trigrams(texts, `${tokenize} remove_diacritics 1`));
});

Deno.test("The comparison sees what remove_diacritics does to text that is not folded", () => {
  // The check above can fail: unfolded accented letters do tokenize apart.
  const texts = rows(["é", "Å", "ñ", "ü", "ç", "ő"]);
  const tokenize = nameTokenizer();
  assert(
    trigrams(texts, tokenize).join() !== trigrams(texts, `${tokenize} remove_diacritics 1`).join(),
  );
});
