/** One verifier check as the final state records it (agents/schemas.ts SentenceCheck). */
export interface CheckVerdict {
  cites: readonly string[];
  verdict: "supported" | "revised" | "dropped";
}

export interface CitationSupport {
  /** (sentence, cited S#) pairs the verifier judged. */
  pairs: number;
  /** Pairs it kept as cited. */
  supported: number;
  /** Pairs of sentences it kept under another citation (the pair is the new one). */
  revised: number;
  dropped: number;
  /** (supported + revised) / pairs; null when nothing was judged. */
  support: number | null;
}

/**
 * Citation support from the verifier's own verdicts on the generator's draft: of the
 * (sentence, S#) pairs it judged, the share it kept. Re-scoring the final sentences against their
 * evidence would give 1.0 by construction (the verifier already removed what fails).
 */
export function citationSupport(checks: readonly CheckVerdict[]): CitationSupport {
  const out = { pairs: 0, supported: 0, revised: 0, dropped: 0 };
  for (const c of checks) {
    const n = new Set(c.cites).size;
    out.pairs += n;
    out[c.verdict] += n;
  }
  return { ...out, support: out.pairs === 0 ? null : (out.supported + out.revised) / out.pairs };
}
