import Papa from "npm:papaparse@5.5.3";
import { Readable } from "node:stream";
const bytes = Deno.readFileSync("/tmp/clubs.csv");
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  let n = 0;
  let last = 0;
  const chunks = [];
  for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
  const stream = Readable.from(chunks);
  await new Promise<void>((resolve, reject) => {
    Papa.parse(stream as never, {
      step: (r: { data: string[]; meta: { cursor: number }; errors: unknown[] }) => {
        n++;
        last = r.meta.cursor;
      },
      complete: () => resolve(),
      error: (e: Error) => reject(e),
    });
  });
  console.log("papa stream", n, last, (performance.now() - t).toFixed(0));
}
