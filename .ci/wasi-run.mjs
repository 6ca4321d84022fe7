// Runs a WebAssembly program built for wasm32-wasip1 under Node's WASI, with the repository as
// its current folder (the tests read tests/data/): cargo's runner for that target.
//   node .ci/wasi-run.mjs program.wasm [args...]
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import process from "node:process";

const [program, ...args] = process.argv.slice(2);
const options = {
  args: [program, ...args],
  env: process.env,
  preopens: { ".": process.cwd() },
  returnOnExit: true,
};
// Node 20 wants the WASI version named; Node 18 before 18.17 knows only preview1 and no option.
let wasi;
try {
  wasi = new WASI({ version: "preview1", ...options });
} catch {
  wasi = new WASI(options);
}
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
