/** A weighted graph in compressed sparse row form; each edge is stored in both directions. */
export interface CsrGraph {
  size: number;
  offsets: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
}

/** Edges are [a, b, weight a→b, weight b→a (defaults to a→b)]. */
export function buildCsr(
  size: number,
  edges: ReadonlyArray<readonly [number, number, number] | readonly [number, number, number, number]>,
): CsrGraph {
  const degree = new Int32Array(size + 1);
  for (const [a, b] of edges) {
    degree[a + 1] = (degree[a + 1] ?? 0) + 1;
    degree[b + 1] = (degree[b + 1] ?? 0) + 1;
  }
  const offsets = new Int32Array(size + 1);
  for (let i = 0; i < size; i++) offsets[i + 1] = (offsets[i] ?? 0) + (degree[i + 1] ?? 0);
  const fill = offsets.slice(0, size);
  const targets = new Int32Array(offsets[size] ?? 0);
  const weights = new Float64Array(offsets[size] ?? 0);
  const put = (from: number, to: number, w: number) => {
    const at = fill[from] ?? 0;
    targets[at] = to;
    weights[at] = w;
    fill[from] = at + 1;
  };
  for (const [a, b, w, back] of edges) {
    put(a, b, w);
    put(b, a, back ?? w);
  }
  return { size, offsets, targets, weights };
}
