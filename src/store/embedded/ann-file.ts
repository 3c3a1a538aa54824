import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { z } from "zod";
import { AnnIndex, type AnnParams, type Fingerprints } from "./ann-index.js";

/**
 * A saved index is two files beside the store: `<store>.<kind>.usearch` (usearch's own format)
 * and `<store>.<kind>.usearch.json` (what it holds: key → fingerprint, the vectors generation
 * and the parameters). On load it is diffed against the table, so a stale file is patched.
 */
const SidecarSchema = z.object({
  format: z.literal(1),
  dim: z.number().int().positive(),
  generation: z.number().int().nonnegative(),
  /**
   * The store's vectors stamp (its uid and generation) when saved: equal to the store's current
   * one, the file is current and is used without reading the vectors table.
   */
  stamp: z.string().optional(),
  params: z.object({
    connectivity: z.number(),
    expansionAdd: z.number(),
    expansionSearch: z.number(),
    quantization: z.enum(["f32", "f16", "i8"]),
    overFetch: z.number(),
  }),
  /** Of the .usearch file: usearch crashes the process (SIGSEGV) on a damaged file, so it is checked first. */
  sha256: z.string(),
  /** Base64 of a Float64Array of (key, fingerprint) pairs. */
  entries: z.string(),
});

/** Kinds are free text: anything outside [A-Za-z0-9_-] is escaped to keep one flat file name. */
export function annFilePath(storeFile: string, kind: string): string {
  const safe = kind.replace(/[^A-Za-z0-9_-]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `${storeFile}.${safe}.usearch`;
}

export function saveAnnFile(
  file: string,
  ann: AnnIndex,
  dim: number,
  generation: number,
  params: AnnParams,
  stamp?: string,
) {
  const pairs = new Float64Array(ann.fingerprints.size * 2);
  let i = 0;
  for (const [key, hash] of ann.fingerprints) {
    pairs[i++] = key;
    pairs[i++] = hash;
  }
  // Write both, then rename: a reader sees old or new files, and checks they agree (hash).
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    ann.save(tmp);
    const sidecar = {
      format: 1,
      dim,
      generation,
      ...(stamp ? { stamp } : {}),
      params,
      sha256: sha256File(tmp),
      entries: Buffer.from(pairs.buffer).toString("base64"),
    };
    writeFileSync(`${tmp}.json`, JSON.stringify(sidecar));
    renameSync(tmp, file);
    renameSync(`${tmp}.json`, `${file}.json`);
  } finally {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.json`, { force: true });
  }
}

export interface SavedAnn {
  generation: number;
  stamp?: string;
  /** (key, fingerprint) pairs. */
  pairs: Float64Array;
}

/**
 * A saved file's sidecar when the file is there, whole (its sha256, checked before usearch
 * reads it) and of these parameters (and, with `stamp`, of this stamp: checked first); else null.
 */
export function readSavedAnn(file: string, dim: number, params: AnnParams, stamp?: string): SavedAnn | null {
  if (!existsSync(file) || !existsSync(`${file}.json`)) return null;
  const sidecar = SidecarSchema.parse(JSON.parse(readFileSync(`${file}.json`, "utf8")));
  const same = (Object.keys(params) as Array<keyof AnnParams>).every((p) => sidecar.params[p] === params[p]);
  if (sidecar.dim !== dim || !same || (stamp !== undefined && sidecar.stamp !== stamp)) return null;
  if (sha256File(file) !== sidecar.sha256) return null;
  const bytes = Buffer.from(sidecar.entries, "base64");
  const pairs = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return { generation: sidecar.generation, ...(sidecar.stamp ? { stamp: sidecar.stamp } : {}), pairs };
}

/**
 * The saved index, or null when absent, unreadable or built with other parameters (or, with
 * `stamp`, saved at another stamp: checked before the file is read).
 */
export function loadAnnFile(
  file: string,
  dim: number,
  params: AnnParams,
  stamp?: string,
): { ann: AnnIndex; generation: number; stamp?: string } | null {
  try {
    const saved = readSavedAnn(file, dim, params, stamp);
    if (!saved) return null;
    const { pairs } = saved;
    const fingerprints: Fingerprints = new Map();
    for (let i = 0; i + 1 < pairs.length; i += 2) fingerprints.set(pairs[i] ?? 0, pairs[i + 1] ?? 0);
    const ann = AnnIndex.load(file, dim, params, fingerprints);
    if (!ann) return null;
    return { ann, generation: saved.generation, ...(saved.stamp ? { stamp: saved.stamp } : {}) };
  } catch {
    // A damaged or foreign file is rebuilt, never fatal.
    return null;
  }
}

/** Read in pieces: a million-vector index is near a gigabyte, not worth holding twice in memory. */
function sha256File(file: string): string {
  const hash = createHash("sha256");
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.allocUnsafe(8 << 20);
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}
