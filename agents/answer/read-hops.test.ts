import { describe, expect, it } from "vitest";
import type { HopState } from "../retrieve/hop-state.js";
import { DEFAULT_READER } from "./compose-answer.js";
import { readHops, resolvedQuestion } from "./read-hops.js";
import { titledEvidence as page } from "./test-evidence.js";

const ev = [
  page(
    "S1",
    "Gale Point",
    "Gale Point is a 1987 drama film directed by Luis Marek, and starring Ann Lee, Bo Chen and Cy Dunn.",
  ),
  page("S2", "Luis Marek", "Luis Marek (born August 17, 1954 in Port Verde) is a film director."),
  page("S3", "Ann Lee", "Ann Lee (born 1960 in Lake Orin) is an actress."),
];

const chain = (bridge: string | null): HopState => ({
  plan: {
    kind: "chain",
    source: "rules",
    hops: ["Who is the director of film Gale Point?", "What is the place of birth of #1?"],
  },
  records: [
    {
      hop: 1,
      sub_question: "Who is the director of film Gale Point?",
      query: "Who is the director of film Gale Point?",
      bridge,
      evidence_ids: [],
    },
    ...(bridge
      ? [
          {
            hop: 2,
            sub_question: "What is the place of birth of #1?",
            query: `What is the place of birth of ${bridge}?`,
            bridge: null,
            evidence_ids: [],
          },
        ]
      : []),
  ],
});

const question = "What is the place of birth of the director of film Gale Point?";

/** The fixture with the bridge's own passage (Luis Marek's) saying `text` instead. */
const withBridgePage = (text: string) => [
  ...ev.filter((e) => e.sid !== "S2"),
  page("S2", "Luis Marek", text),
];

/** The chain through Luis Marek, its last hop asking `hop` of him ("What was #1 voted to be …?"). */
function asking(hop: string): HopState {
  const hops = chain("Luis Marek");
  hops.plan.hops[1] = hop;
  const last = hops.records[1];
  if (last) last.query = hop.replace("#1", "Luis Marek");
  return hops;
}

describe("readHops", () => {
  it("answers the last sub-question with the bridge filled in, the bridge's own statement first", () => {
    const read = readHops(chain("Luis Marek"), ev, DEFAULT_READER, undefined, question);
    expect(read?.question).toBe("What is the place of birth of Luis Marek?");
    expect(read?.draft.short_answer).toBe("Port Verde");
    expect(read?.draft.sentences.map((s) => s.cites[0])).toEqual(["S1", "S2"]);
  });

  it("with no passage of the bridge's own, reads the passages the last hop brought", () => {
    // The first hop's passages name the bridge beside another birthplace; the last hop's names his.
    const passing = [
      page(
        "S1",
        "Gale Point",
        "Gale Point is a 1987 drama film directed by Luis Marek, and starring Ann Lee, Bo Chen and Cy Dunn.",
      ),
      page("S2", "Ann Lee", "Ann Lee (born 1960 in Lake Orin) starred in films of Luis Marek and Bo Chen."),
      {
        ...page("S3", "Port Verde", "Port Verde is the town where the director Luis Marek was born."),
        hop: 2,
      },
    ];
    const read = readHops(chain("Luis Marek"), passing, DEFAULT_READER, undefined, question);
    expect(read?.draft.short_answer).toBe("Port Verde");
  });

  it("reads the bridge's own passage, not the passages that name it in passing", () => {
    const crowded = [
      ...ev,
      page(
        "S4",
        "Dry Creek",
        "Dry Creek is a 1990 film directed by Luis Marek, who was born in Salt Harbor.",
      ),
      page(
        "S5",
        "Red Mesa",
        "Red Mesa is a 1991 film directed by Luis Marek, shot where he was born, Salt Harbor.",
      ),
      page(
        "S6",
        "Luis Marek",
        "Luis Marek (August 17, 1954 Port Verde – May 2, 2001 Salt Harbor) was a director.",
      ),
    ].filter((e) => e.sid !== "S2");
    const read = readHops(chain("Luis Marek"), crowded, DEFAULT_READER, undefined, question);
    expect(read?.draft.short_answer).toBe("Port Verde");
  });

  it("with no passage of the bridge's own, reads a sentence that states the bridge with the answer", () => {
    const moved = [
      ...ev.slice(0, 1),
      page("S7", "Verde coast", "A fisherman's son, Luis Marek was born in Port Verde and left it at ten."),
    ];
    const read = readHops(chain("Luis Marek"), moved, DEFAULT_READER, undefined, question);
    expect(read?.draft.short_answer).toBe("Port Verde");
    // A passage that never names the bridge does not answer for it.
    const unnamed = [
      ...ev.slice(0, 1),
      page("S8", "Verde coast", "A fisherman's son, he was born in Port Verde."),
    ];
    expect(readHops(chain("Luis Marek"), unnamed, DEFAULT_READER, undefined, question)).toBeNull();
  });

  it("reads nothing when a hop found no bridge (the whole question is read then)", () => {
    expect(resolvedQuestion(chain(null))).toBeNull();
    expect(readHops(chain(null), ev, DEFAULT_READER, undefined, question)).toBeNull();
  });

  it("compares the people the hops read for each option", () => {
    const films = [
      page("S1", "Alpha Road", "Alpha Road is a 1962 film edited by Carl Dunn."),
      page("S2", "Beta Lane", "Beta Lane is a 1955 film."),
      page("S3", "Carl Dunn", "Carl Dunn (born 3 May 1921) was a director."),
      page("S4", "Ida Moss", "Ida Moss (born 9 June 1930) was a director."),
    ];
    const q = "Which film has the director who was born later, Alpha Road or Beta Lane?";
    const hops: HopState = {
      plan: {
        kind: "chain",
        source: "rules",
        hops: [
          "Who is the director of Alpha Road?",
          "Who is the director of Beta Lane?",
          "#1 born later",
          "#2 born later",
        ],
      },
      records: [
        {
          hop: 1,
          sub_question: "Who is the director of Alpha Road?",
          query: "Who is the director of Alpha Road?",
          bridge: "Carl Dunn",
          evidence_ids: [],
        },
        {
          hop: 2,
          sub_question: "Who is the director of Beta Lane?",
          query: "Who is the director of Beta Lane?",
          bridge: "Ida Moss",
          evidence_ids: [],
        },
      ],
    };
    expect(readHops(hops, films, DEFAULT_READER, undefined, q)?.draft.short_answer).toBe("Beta Lane");
  });

  it("reads a life fact of the bridge from the bridge's own passage", () => {
    const lives = [
      ...ev.filter((e) => e.sid !== "S2"),
      page(
        "S2",
        "Luis Marek",
        "Luis Marek (1954 – 2001) was a director. He was diagnosed with tuberculosis in 1999.",
      ),
    ];
    const hops = chain("Luis Marek");
    const last = hops.records[1];
    if (last) last.query = "Why did Luis Marek die?";
    hops.plan.hops[1] = "Why did #1 die?";
    const read = readHops(
      hops,
      lives,
      DEFAULT_READER,
      undefined,
      "Why did the director of film Gale Point die?",
    );
    expect(read?.draft.short_answer).toBe("tuberculosis");
  });

  it("never ends a chain on a fuller name of its bridge (the whole question is read then)", () => {
    const fuller = withBridgePage(
      "Luis Marek is a film director. In 1992 he was voted Luis Alberto Marek by the Orin Guild.",
    );
    const hops = asking("What was #1 voted to be by the Orin Guild in 1992?");
    const q = "What was the director of film Gale Point voted to be by the Orin Guild in 1992?";
    expect(readHops(hops, fuller, DEFAULT_READER, undefined, q)).toBeNull();
    // "Who was #1 …?" is answered by the bridge's full name.
    hops.plan.hops[1] = "Who was #1 voted to be by the Orin Guild in 1992?";
    expect(readHops(hops, fuller, DEFAULT_READER, undefined, q)?.draft.short_answer).toBe(
      "Luis Alberto Marek",
    );
  });

  it("never answers an attribute with the name the bridge's passage opens with, another name of the bridge", () => {
    const renamed = withBridgePage(
      "Luis Alberto Marek Jr. (born 1954) is the senior Orin Guild Chairman from Port Verde, serving since 2001.",
    );
    const q = "What other position did the director of film Gale Point hold?";
    expect(
      readHops(asking("What other position did #1 hold?"), renamed, DEFAULT_READER, undefined, q)?.draft
        .short_answer,
    ).toBe("Orin Guild Chairman");
    // A passage opening with a clause ("Marek Ltd provides …") names nothing else: its words may answer.
    const clause = withBridgePage("Luis Marek Ltd provides IT products and services, including servers.");
    const sort = "The director of film Gale Point provides what sort of products?";
    expect(
      readHops(asking("#1 provides what sort of products?"), clause, DEFAULT_READER, undefined, sort)?.draft
        .short_answer,
    ).toBe("IT products and services");
  });

  it("reads a one-hop question about a life from its subject's passage", () => {
    const p = [
      page("S1", "Mara Tesh", "Mara Tesh was born in 1378 to Elna of Arbo and Bran Doria. She ruled Arbo."),
    ];
    const read = readHops(undefined, p, DEFAULT_READER, undefined, "Who is Mara Tesh's mother?");
    expect(read).toBeNull();
    const q = [
      page("S1", "Mara Tesh", "Mara Tesh was the daughter of Bran Doria and Elna of Arbo. She ruled Arbo."),
    ];
    expect(
      readHops(undefined, q, DEFAULT_READER, undefined, "Who is Mara Tesh's mother?")?.draft.short_answer,
    ).toBe("Elna of Arbo");
  });

  it("a chain whose last hop opens with its bridge ('#1 has how many …') still ends in one question", () => {
    const hops: HopState = {
      plan: {
        kind: "chain",
        source: "rules",
        hops: ["Which state where Hal Worr died?", "#1 has how many districts?"],
      },
      records: [
        {
          hop: 1,
          sub_question: "Which state where Hal Worr died?",
          query: "Which state where Hal Worr died?",
          bridge: "Kanza",
          evidence_ids: [],
        },
        {
          hop: 2,
          sub_question: "#1 has how many districts?",
          query: "Kanza has how many districts?",
          bridge: null,
          evidence_ids: [],
        },
      ],
    };
    expect(resolvedQuestion(hops)).toBe("Kanza has how many districts?");
  });
});

describe("readHops, a chain ending on the bridge's name", () => {
  it("answers with the bridge when the last hop asks only its name", () => {
    const film = [
      page("S1", "Elm Chronicles", "The Elm Chronicles is a 2008 fantasy film starring Ida Bolt."),
      page("S2", "Ida Bolt", "Ida Bolt (born 1991) is an actress."),
    ];
    const hops: HopState = {
      plan: {
        kind: "chain",
        source: "rules",
        hops: ["Which fantasy film starring Ida Bolt?", "What's the name of #1, featuring a family?"],
      },
      records: [
        {
          hop: 1,
          sub_question: "Which fantasy film starring Ida Bolt?",
          query: "Which fantasy film starring Ida Bolt?",
          bridge: "The Elm Chronicles",
          evidence_ids: [],
        },
        {
          hop: 2,
          sub_question: "What's the name of #1, featuring a family?",
          query: "What's the name of The Elm Chronicles, featuring a family?",
          bridge: null,
          evidence_ids: [],
        },
      ],
    };
    const read = readHops(
      hops,
      film,
      DEFAULT_READER,
      undefined,
      "What's the name of the fantasy film starring Ida Bolt, featuring a family?",
    );
    expect(read?.draft.short_answer).toBe("The Elm Chronicles");
    expect(read?.draft.sentences[0]?.cites).toEqual(["S1"]);
  });
});
