/**
 * The WebAssembly module the store runs (core/store/_unpack_wasm.ts) is
 * what its text (core/store/unpack.wat) assembles to with WABT, so the
 * text reviewed is the code run.
 */
import { assemble, moduleText, SOURCE, TARGET } from "../../_tools/wasm.ts";
import { UNPACK_WASM } from "../../core/store/_unpack_wasm.ts";
import { assertEquals } from "../_assert.ts";

Deno.test("the page decoder's module is unpack.wat assembled by WABT", async () => {
  const binary = await assemble(await Deno.readTextFile(SOURCE));
  assertEquals(UNPACK_WASM, binary);
  assertEquals(await Deno.readTextFile(TARGET), moduleText(binary));
  // V8 accepts it: the features the text uses are there.
  assertEquals(WebAssembly.validate(binary), true);
});
