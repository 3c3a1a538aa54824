// The phrase graph's entity links, shared by the in-process graph (src/retrieval/load-phrase-graph.ts)
// and the Neo4j projection of it, so both walk the same weights.

/**
 * Entity → entity edge weights (a passage mention weighs 1, a title 2). Measured on the dev
 * splits (BM25 seeds; bge seeds and name vectors for SYNONYM on MuSiQue): relation edges at 0 /
 * 0.25 / 0.5 / 1 and SYNONYM edges at 1 and 0.3 all move Recall@5 by at most one question's
 * worth; these values were not worse anywhere.
 */
export const RELATION_EDGE_WEIGHT = 0.5;
/** Scales SYNONYM cosines. */
export const SYNONYM_EDGE_WEIGHT = 0.3;
