import { digestOf as oldD } from "./old_club_row.ts";
import { digestOf } from "../../core/import/club_row.ts";
const samples: (string | number | null)[][] = [["a", null, 2, "Zürich"], [], ["", "\u0000"], [
  1.5,
  -3,
  "x".repeat(1000),
]];
for (const s of samples) {
  console.log(JSON.stringify(s).slice(0, 40), oldD(s), digestOf(s), oldD(s) === digestOf(s));
}
