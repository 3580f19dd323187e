import { parse } from "csv-parse";
import { Readable } from "node:stream";
const bytes = Deno.readFileSync("/tmp/clubs.csv");
async function viaStream(opts: Record<string, unknown>) {
  const t = performance.now();
  let n = 0;
  const chunks = [];
  for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
  const p = Readable.from(chunks).pipe(parse(opts));
  for await (const _ of p) n++;
  return [n, performance.now() - t];
}
async function viaWrite(opts: Record<string, unknown>) {
  const t = performance.now();
  let n = 0;
  const p = parse(opts);
  p.on("readable", () => {
    while (p.read() !== null) n++;
  });
  const done = new Promise((r) => p.on("end", r));
  for (let i = 0; i < bytes.length; i += 65536) p.write(bytes.subarray(i, i + 65536));
  p.end();
  await done;
  return [n, performance.now() - t];
}
for (let k = 0; k < 2; k++) {
  console.log(
    "stream info",
    await viaStream({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }),
  );
  console.log("stream noinfo", await viaStream({ bom: true, relax_column_count: true }));
  console.log(
    "write info",
    await viaWrite({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }),
  );
  console.log("write noinfo", await viaWrite({ bom: true }));
}
