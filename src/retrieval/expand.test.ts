import { describe, expect, it } from "vitest";
import { DEFAULT_EXPAND, expand } from "./expand.js";
import type { HoodChunk, HoodLink, HoodSection, Neighbourhood } from "./neighbourhood.js";
import { contentTerms, queryProfile } from "./query-profile.js";

// doc: Install (s1) > Conda (s1a), Pip (s1b); Usage (s2) with text, code and table chunks;
// Configuration (s3); Troubleshooting (s4). Usage links to Configuration and refers to s4.
const section = (
  id: string,
  title: string,
  chunks: string[],
  extra: Partial<HoodSection> = {},
): HoodSection => ({
  id,
  doc_id: "d",
  title,
  sub_titles: [],
  title_terms: contentTerms(title),
  level: extra.parent ? 2 : 1,
  seq: 0,
  breadcrumbs: `Doc > ${title}`,
  children: [],
  chunks,
  ...extra,
});
const chunk = (id: string, section_id: string, seq: number, content_type = "text"): HoodChunk => ({
  id,
  section_id,
  doc_id: "d",
  seq,
  content_type,
});

function hood(links: HoodLink[] = []): Neighbourhood {
  const sections = [
    section("s1", "Install", ["c1"], { children: ["s1a", "s1b"] }),
    section("s1a", "Install with conda", ["c1a"], { parent: "s1" }),
    section("s1b", "Install with pip", ["c1b"], { parent: "s1" }),
    section("s2", "Usage", ["c2", "c2code", "c2table", "c2more"]),
    section("s3", "Configuration", ["c3"]),
    section("s4", "Troubleshooting", ["c4"]),
  ];
  const chunks = [
    chunk("c1", "s1", 0),
    chunk("c1a", "s1a", 1),
    chunk("c1b", "s1b", 2),
    chunk("c2", "s2", 3),
    chunk("c2code", "s2", 4, "code"),
    chunk("c2table", "s2", 5, "table"),
    chunk("c2more", "s2", 6),
    chunk("c3", "s3", 7),
    chunk("c4", "s4", 8),
  ];
  return {
    chunks: new Map(chunks.map((c) => [c.id, c])),
    sections: new Map(sections.map((s) => [s.id, s])),
    topLevel: new Map([["d", ["s1", "s2", "s3", "s4"]]]),
    links,
  };
}

const reasons = (out: ReturnType<typeof expand>) =>
  Object.fromEntries(out.map((e) => [e.chunk_id, e.reason]));

describe("expand", () => {
  it("goes up to the parent and sideways only to siblings whose headings share the question's terms", () => {
    const out = expand([{ chunk_id: "c1a", strength: 1 }], hood(), queryProfile("How to install with pip?"));
    const r = reasons(out);
    expect(r.c1).toBe("up");
    expect(r.c1b).toBe("side");
    // Usage shares no term with the question: not a side step.
    expect(r.c2).toBeUndefined();
    const up = out.find((e) => e.chunk_id === "c1");
    expect(up?.prox).toBeCloseTo(0.7, 6);
    expect(up?.hops).toBe(1);
  });

  it("takes no side steps in a flat collection (more siblings than an outline has)", () => {
    const q = queryProfile("install and configuration");
    const outline = reasons(expand([{ chunk_id: "c2", strength: 1 }], hood(), q));
    expect(outline.c1).toBe("side");
    expect(outline.c3).toBe("side");
    const flat = expand([{ chunk_id: "c2", strength: 1 }], hood(), q, { ...DEFAULT_EXPAND, maxSiblings: 2 });
    expect(flat.filter((e) => e.reason === "side")).toEqual([]);
  });

  it("goes down to tables and code only when the question asks for details", () => {
    const plain = reasons(expand([{ chunk_id: "c2", strength: 1 }], hood(), queryProfile("What is usage?")));
    expect(plain.c2code).toBeUndefined();
    expect(plain.c2table).toBeUndefined();
    const detailed = reasons(
      expand([{ chunk_id: "c2", strength: 1 }], hood(), queryProfile("Show me a code example of usage")),
    );
    expect(detailed.c2code).toBe("down");
    expect(detailed.c2table).toBe("down");
  });

  it("crosses REFERS_TO always, LINKS_TO only when the anchor text matches, EXPLAINED_BY from the question", () => {
    const links: HoodLink[] = [
      { from: "s2", type: "LINKS_TO", section: "s3", anchor_text: "configuration options" },
      { from: "s2", type: "LINKS_TO", section: "s1", anchor_text: "installation page" },
      { from: "s2", type: "REFERS_TO", section: "s4", chunk: "c4" },
      { from: "", type: "EXPLAINED_BY", section: "s2", chunk: "c2code" },
    ];
    const out = expand(
      [{ chunk_id: "c2", strength: 0.5 }],
      hood(links),
      queryProfile("Which options does usage take?"),
    );
    const r = reasons(out);
    expect(r.c3).toBe("cross");
    expect(r.c4).toBe("cross");
    expect(r.c2code).toBe("cross");
    // "installation page" shares nothing with the question.
    expect(out.find((e) => e.chunk_id === "c1" && e.hops === 1)).toBeUndefined();
    expect(out.find((e) => e.chunk_id === "c2code")?.via).toBe("");
  });

  it("stops at two hops, caps the fanout, and keeps each chunk's best proximity", () => {
    const links: HoodLink[] = [{ from: "s2", type: "REFERS_TO", section: "s1a" }];
    const out = expand([{ chunk_id: "c2", strength: 1 }], hood(links), queryProfile("usage"));
    // c2 → c1a (cross) → c1 (up, second hop); nothing three hops away.
    expect(out.map((e) => [e.chunk_id, e.hops])).toEqual([
      ["c1a", 1],
      ["c1", 2],
    ]);
    expect(out[1]?.prox).toBeCloseTo(0.85 * 0.7 * DEFAULT_EXPAND.decay, 6);
    const wide = expand(
      [{ chunk_id: "c2", strength: 1 }],
      hood(),
      queryProfile("install usage configuration troubleshooting detail"),
      {
        ...DEFAULT_EXPAND,
        fanout: 2,
        maxHops: 1,
      },
    );
    expect(wide.length).toBe(2);
  });

  it("the dense fallback keeps to neighbouring chunks of the same section, one hop", () => {
    const out = expand(
      [{ chunk_id: "c2code", strength: 1 }],
      hood([{ from: "s2", type: "REFERS_TO", section: "s4" }]),
      queryProfile("usage"),
      { ...DEFAULT_EXPAND, sameSectionOnly: true },
    );
    expect(out.map((e) => [e.chunk_id, e.reason])).toEqual([
      ["c2", "same"],
      ["c2table", "same"],
    ]);
  });

  it("is deterministic and lets a source reached from another source keep its support", () => {
    const sources = [
      { chunk_id: "c1a", strength: 1 },
      { chunk_id: "c1", strength: 0.8 },
    ];
    const a = expand(sources, hood(), queryProfile("install"));
    expect(a).toEqual(expand(sources, hood(), queryProfile("install")));
    expect(a.find((e) => e.chunk_id === "c1")?.via).toBe("c1a");
  });

  it("breaks a tie in reading order, not in the ids' order", () => {
    // Two chunks of one section reached at the same proximity; the ids sort against the reading order.
    const h = hood();
    const renamed: Neighbourhood = {
      ...h,
      chunks: new Map([
        ...h.chunks,
        ["zz-first", chunk("zz-first", "s2", 4, "code")],
        ["aa-second", chunk("aa-second", "s2", 5, "table")],
      ]),
      sections: new Map([
        ...h.sections,
        ["s2", section("s2", "Usage", ["c2", "zz-first", "aa-second", "c2more"])],
      ]),
    };
    const out = expand(
      [{ chunk_id: "c2", strength: 1 }],
      renamed,
      queryProfile("Show a code example and a table of usage"),
    );
    const [first, second] = ["zz-first", "aa-second"].map((id) => out.find((e) => e.chunk_id === id));
    expect(first?.prox).toBeDefined();
    expect(first?.prox).toBe(second?.prox);
    expect(out.indexOf(first as never)).toBeLessThan(out.indexOf(second as never));
  });
});
