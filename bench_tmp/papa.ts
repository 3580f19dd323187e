import Papa from "npm:papaparse@5.5.3";
const text = Deno.readTextFileSync("/tmp/clubs.csv");
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  let n = 0;
  Papa.parse(text, {
    step: () => {
      n++;
    },
  });
  console.log("papa step", n, (performance.now() - t).toFixed(0));
  t = performance.now();
  const r = Papa.parse(text, {});
  console.log("papa all", r.data.length, (performance.now() - t).toFixed(0));
}
