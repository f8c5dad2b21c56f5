// The vectors.bin format the hybrid retrieval tests read (README.md beside
// this file): "TKVEC1\n", the count and the dimensions (uint32, little
// endian), then per text, sorted by key, the first 16 bytes of the SHA-256
// of its UTF-8 bytes, a float32 scale and the int8 values (a scale of 0:
// no vector).
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";

// writeVectors writes the vectors of texts, embed(text) being an
// L2-normalised array of dims numbers or null, to outPath; it returns the
// rows, sorted, and the file's size.
export function writeVectors(outPath, texts, dims, embed) {
  const rows = texts.map((t) => ({ key: createHash("sha256").update(t, "utf8").digest().subarray(0, 16), vec: embed(t), text: t }));
  rows.sort((a, b) => Buffer.compare(a.key, b.key));
  const rec = 16 + 4 + dims;
  const magic = Buffer.from("TKVEC1\n");
  const out = Buffer.alloc(magic.length + 8 + rows.length * rec);
  magic.copy(out);
  out.writeUInt32LE(rows.length, magic.length);
  out.writeUInt32LE(dims, magic.length + 4);
  rows.forEach((r, i) => {
    const off = magic.length + 8 + i * rec;
    r.key.copy(out, off);
    if (!r.vec) {
      return; // scale 0: no vector
    }
    const scale = Math.max(...r.vec.map(Math.abs)) / 127;
    out.writeFloatLE(scale, off + 16);
    r.vec.forEach((x, j) => out.writeInt8(Math.round(x / scale), off + 20 + j));
  });
  writeFileSync(outPath, out);
  return { rows, size: out.length };
}
