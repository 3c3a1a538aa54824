import type { Citation } from "../api/schemas";

/** Answer text with every [S#] (or [S1, S2]) turned into a link that opens that source. */
export function CitedText({
  text,
  citations,
  onCite,
}: {
  text: string;
  citations: readonly Citation[];
  onCite: (c: Citation) => void;
}) {
  const byId = new Map(citations.map((c) => [c.S, c]));
  const parts = text.split(/(\[S\d+(?:\s*,\s*S\d+)*\])/g);
  return (
    <>
      {parts.map((part, i) => {
        const ids = /^\[(S\d+(?:\s*,\s*S\d+)*)\]$/.exec(part)?.[1]?.split(/\s*,\s*/);
        if (!ids) return <span key={i}>{part}</span>;
        return (
          <span key={i} class="cites">
            {ids.map((id) => {
              const c = byId.get(id);
              return c ? (
                <a
                  key={id}
                  href={`#cite-${id}`}
                  class="cite-link"
                  data-testid={`cite-${id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    onCite(c);
                  }}
                >
                  [{id}]
                </a>
              ) : (
                <span key={id}>[{id}]</span>
              );
            })}
          </span>
        );
      })}
    </>
  );
}
