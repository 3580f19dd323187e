import { assert, assertEquals } from "../../_assert.ts";
import {
  type CsvPiece,
  parsePiece,
  parseRows,
  type RowMessage,
} from "../../../core/import/parse.ts";
import { INSERT_COLUMNS } from "../../../core/import/prepare.ts";
import { workerRows } from "../../../core/import/rows.ts";

const NAME = INSERT_COLUMNS.indexOf("name");

/** A CSV of `n` clubs, about 2.5 MB for 6,000, with quoted fields across lines and doubled quotes. */
function bigCsv(
  n: number,
  edit: (row: string, i: number) => string = (r) => r,
): Uint8Array<ArrayBuffer> {
  const rows = ["name,city,state,country,type,holes,description"];
  for (let i = 0; i < n; i++) {
    const text = `"Club ""${i}"" of the coast.\nMembers since ${1900 + i % 100}; ` +
      `${"a quiet, friendly place ".repeat(12)}"`;
    rows.push(edit(`Club ${i},Town ${i % 50},Florida,United States,golf,18,${text}`, i));
  }
  return new TextEncoder().encode(rows.join("\n") + "\n");
}

/** The bytes as a file reads them: 64 KiB at a time. */
function stream(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  const chunks = [];
  for (let i = 0; i < bytes.length; i += 65_536) chunks.push(bytes.slice(i, i + 65_536));
  return ReadableStream.from(chunks);
}

/** What a reader of the messages sees: each row's line and name (or errors), then how it ended. */
async function seen(messages: AsyncIterable<RowMessage>): Promise<unknown[]> {
  const out: unknown[] = [];
  try {
    for await (const m of messages) {
      if (m.t === "rows") {
        m.rows.forEach((r, i) =>
          out.push([m.lines[i], "params" in r ? r.params[NAME] : r.errors.map((e) => e.message)])
        );
        for (const w of m.warnings) out.push(["warning", w.line, w.message]);
      } else if (m.t === "fatal" || m.t === "done") out.push(m.t);
    }
  } catch (e) {
    out.push(["error", (e as Error).message]);
  }
  return out;
}

/** Messages of parseRows lending every other piece to an in-thread "helper", put back in piece order. */
async function* lending(bytes: Uint8Array<ArrayBuffer>): AsyncGenerator<RowMessage> {
  const lent: CsvPiece[] = [];
  let turn = false;
  const bySeq = new Map<number, RowMessage[]>();
  const tail: RowMessage[] = [];
  let failure: unknown = null;
  try {
    for await (
      const m of parseRows(stream(bytes), undefined, (p) => {
        if ((turn = !turn)) lent.push({ ...p, data: p.data.slice() });
        return turn;
      })
    ) {
      const seq = m.t === "rows" || m.t === "piece_end" ? m.seq : undefined;
      if (seq === undefined) tail.push(m);
      else bySeq.set(seq, [...bySeq.get(seq) ?? [], m]);
    }
  } catch (e) {
    failure = e;
  }
  if (lent.length === 0) throw new Error("no piece was lent");
  for (const p of lent) {
    try {
      for (const m of parsePiece(p)) bySeq.set(p.seq, [...bySeq.get(p.seq) ?? [], m]);
    } catch (e) {
      bySeq.set(p.seq, [...bySeq.get(p.seq) ?? [], { t: "fatal", message: String(e) }]);
    }
  }
  yield* tail.filter((m) => m.t === "header");
  for (const seq of [...bySeq.keys()].sort((a, b) => a - b)) {
    for (const m of bySeq.get(seq)!) {
      if (m.t === "fatal") throw new Error(m.message.replace(/^\w+: /, ""));
      yield m;
    }
  }
  if (failure) throw failure;
  yield* tail.filter((m) => m.t !== "header");
}

const cases: [string, Uint8Array<ArrayBuffer>][] = [
  ["a valid file", bigCsv(6000)],
  ["a bad value", bigCsv(6000, (r, i) => i === 4000 ? r.replace(",18,", ",eighteen,") : r)],
  ["a stray quote", bigCsv(6000, (r, i) => i === 3000 ? r.replace("Town", 'To"wn') : r)],
  ["an unclosed quote", bigCsv(6000, (r, i) => i === 5000 ? r.replace(/"$/, "") : r)],
  ["a quote closed too early", bigCsv(6000, (r, i) => i === 2500 ? r.replace(/"$/, '"x') : r)],
  ["a wrong field count", bigCsv(6000, (r, i) => i === 3500 ? r.replace(",golf", "") : r)],
];

for (const [what, bytes] of cases) {
  Deno.test(`rows are the same, in file order, when pieces are read elsewhere: ${what}`, async () => {
    const alone = await seen(parseRows(stream(bytes)));
    assert(alone.length > 2000); // rows before any failure are seen
    assertEquals(await seen(lending(bytes)), alone);
    assertEquals(await seen(workerRows(stream(bytes))), alone);
  });
}

Deno.test("bytes that are not UTF-8 in a piece read elsewhere name their line", async () => {
  const good = bigCsv(6000);
  const at = good.indexOf(0x0a, Math.floor(good.length * 0.7)) + 1;
  const bytes = new Uint8Array([...good.subarray(0, at + 5), 0xe1, ...good.subarray(at + 5)]);
  const alone = await seen(parseRows(stream(bytes)));
  assertEquals(await seen(workerRows(stream(bytes))), alone);
  const last = alone.at(-1) as [string, string];
  assertEquals(last[0], "error");
  assert(/^Cannot import: line \d+ is not valid UTF-8/.test(last[1]), last[1]);
});
