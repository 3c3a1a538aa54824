// Just enough of the protobuf wire format to rewrite an ONNX model: walk a message's fields
// (keeping each field's raw bytes, so untouched fields are copied verbatim) and encode the few
// messages the converter writes. ONNX field numbers are in onnx/onnx.proto.

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

function readVarint(buf, pos) {
  let value = 0n;
  let shift = 0n;
  for (;;) {
    if (pos >= buf.length) throw new Error("protobuf: truncated varint");
    const byte = buf[pos++];
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value, pos];
    shift += 7n;
  }
}

/**
 * The fields of one message, in order: `raw` is the whole field (tag included), `data` the
 * payload of a length-delimited field, `value` the number of a varint field.
 */
export function fields(buf) {
  const out = [];
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    const [tag, afterTag] = readVarint(buf, pos);
    const field = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    pos = afterTag;
    let data;
    let value;
    if (wire === WIRE_VARINT) [value, pos] = readVarint(buf, pos);
    else if (wire === WIRE_I64) pos += 8;
    else if (wire === WIRE_I32) pos += 4;
    else if (wire === WIRE_LEN) {
      const [len, afterLen] = readVarint(buf, pos);
      data = buf.subarray(afterLen, afterLen + Number(len));
      pos = afterLen + Number(len);
    } else throw new Error(`protobuf: unsupported wire type ${wire}`);
    if (pos > buf.length) throw new Error("protobuf: truncated field");
    out.push({ field, wire, raw: buf.subarray(start, pos), data, value });
  }
  return out;
}

function varint(n) {
  let v = BigInt(n);
  if (v < 0n) v += 1n << 64n; // int64 negatives are 10-byte two's complement
  const bytes = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v > 0n);
  return Buffer.from(bytes);
}

const tag = (field, wire) => varint((field << 3) | wire);

/** The tag and length of a length-delimited field whose payload is written separately. */
export const lenHeader = (field, length) => Buffer.concat([tag(field, WIRE_LEN), varint(length)]);

/** The numbers of a packed repeated varint field. */
export function packedVarints(data) {
  const out = [];
  for (let pos = 0; pos < data.length; ) {
    const [value, next] = readVarint(data, pos);
    out.push(value);
    pos = next;
  }
  return out;
}

/** A length-delimited field (string, bytes or nested message). */
export function lenField(field, payload) {
  const body = typeof payload === "string" ? Buffer.from(payload, "utf8") : payload;
  return Buffer.concat([lenHeader(field, body.length), body]);
}

export const intField = (field, n) => Buffer.concat([tag(field, WIRE_VARINT), varint(n)]);

export const text = (data) => Buffer.from(data).toString("utf8");

// TensorProto.DataType
export const FLOAT = 1;
export const INT8 = 3;
export const INT64 = 7;

/** TensorProto: dims=1, data_type=2, name=8, raw_data=9 (little-endian values). */
export function tensorProto(name, dataType, dims, raw) {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  return Buffer.concat([
    ...dims.map((d) => intField(1, d)),
    intField(2, dataType),
    lenField(8, name),
    lenField(9, bytes),
  ]);
}

/** NodeProto: input=1, output=2, name=3, op_type=4, attribute=5; int attributes only. */
export function nodeProto(opType, inputs, outputs, name, intAttrs = {}) {
  const attrs = Object.entries(intAttrs).map(([attr, value]) =>
    // AttributeProto: name=1, i=3, type=20 (INT=2)
    lenField(5, Buffer.concat([lenField(1, attr), intField(3, value), intField(20, 2)])),
  );
  return Buffer.concat([
    ...inputs.map((i) => lenField(1, i)),
    ...outputs.map((o) => lenField(2, o)),
    lenField(3, name),
    lenField(4, opType),
    ...attrs,
  ]);
}
