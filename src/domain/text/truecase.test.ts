import { describe, expect, it } from "vitest";
import { casingOf, truecase, unseenWords } from "./truecase.js";

const TEXTS = [
  "In 2021, Uber recorded goodwill of $8.4 billion. Revenue of Uber grew in the United Kingdom and in Canada.",
  "The engine, SpiderMonkey, uses a mark-and-sweep collector, and SpiderMonkey was written at Netscape.",
  "Goodwill | 8,420 | 6,109",
  "We compared GFM-RAG with HippoRAG, and GFM-RAG indexes faster than Uber.",
  "Drivers in the United Kingdom are workers.",
];

describe("casingOf: none", () => {
  it("is true for a question typed without capitals, acronyms aside", () => {
    expect(casingOf("uber goodwill dec 31 2021")).toBe("none");
    expect(casingOf("what gc does spidermonkey use?")).toBe("none");
    expect(casingOf("CL command to let a user profile administer RCAC")).toBe("none");
  });
  it("is false once a word after the first is capitalised", () => {
    expect(casingOf("How much revenue did Uber generate in 2021?")).not.toBe("none");
    expect(casingOf("uber revenue in the United Kingdom")).not.toBe("none");
    // Opening with a capital, it was cased with care: "digital asset collection" is meant so.
    expect(casingOf("Which function creates a digital asset collection?")).not.toBe("none");
  });
});

describe("casingOf", () => {
  it("tells a question typed without capitals, one a phone opened with a capital, and a cased one", () => {
    expect(casingOf("uber goodwill 2021")).toBe("none");
    expect(casingOf("What is uber's revenue in 2021?")).toBe("opened");
    expect(casingOf("What is Uber's revenue?")).toBe("cased");
    expect(casingOf("Which RCAC rule does proc1 use?")).toBe("opened");
  });
});

describe("truecase", () => {
  it("writes names as the texts write them mid-sentence", () => {
    expect(truecase("uber revenue united kingdom 2021", TEXTS)).toBe("Uber revenue United Kingdom 2021");
    expect(truecase("what collector does spidermonkey use?", TEXTS)).toBe(
      "What collector does SpiderMonkey use?",
    );
    expect(truecase("gfm-rag indexing speed", TEXTS)).toBe("GFM-RAG indexing speed");
  });

  it("leaves a word the texts capitalise only by position (a table row, a sentence's start)", () => {
    // "Goodwill" opens a row and a sentence; mid-sentence it is "goodwill".
    expect(truecase("uber goodwill 2021", TEXTS)).toBe("Uber goodwill 2021");
  });

  it("leaves a word seen capitalised once, or in under three quarters of its uses", () => {
    expect(truecase("a netscape collector", TEXTS)).toBe("A netscape collector");
    // "Foo" twice, "foo" once mid-sentence: 2 of 3 is under the share.
    const mixed = ["we saw Foo and Foo there", "a foo thing"];
    expect(truecase("a foo approach", mixed)).toBe("A foo approach");
  });

  it("counts a word inside a longer name only where the question says the whole name", () => {
    const texts = [
      "Our Delivery Take Rate rose, and the Delivery Take Rate fell, as the Delivery Take Rate does.",
      "Riders take trips, and they take more.",
    ];
    expect(truecase("how many trips did riders take", texts.slice(0, 1))).toBe(
      "How many trips did riders take",
    );
    expect(truecase("uber delivery take rate q4", texts.slice(0, 1))).toBe("uber Delivery Take Rate q4");
  });

  it("keeps a word lower case where the texts write it so beside the question's next word", () => {
    const texts = [
      "Install the Aptos CLI, then the Aptos node, as Aptos says, as Aptos shows, for Aptos users and Aptos teams, as Aptos notes. Run:\n    aptos move compile\n    aptos move test",
    ];
    expect(truecase("aptos move compile fails", texts)).toBe("aptos move compile fails");
    expect(truecase("aptos node setup", texts)).toBe("Aptos node setup");
  });

  it("opens with a capital, but leaves an identifier that opens the question as typed", () => {
    expect(truecase("how many trips", [])).toBe("How many trips");
    expect(truecase("before 2021, i had trips. what did i pay?", [])).toBe(
      "Before 2021, I had trips. What did I pay?",
    );
    expect(truecase("sft_training fails: what else to set?", [])).toBe(
      "sft_training fails: what else to set?",
    );
  });

  it("leaves function words and words the question already capitalised", () => {
    expect(truecase("the Uber of canada", ["a deal of The Uber in Canada and Canada"])).toBe(
      "The Uber of Canada",
    );
  });

  it("reads a capital after a mark as mid-sentence, and a word before a number as a label", () => {
    const texts = ["to grant *USE to others, and *USE again", "see Note 15 and Note 4, a note of thanks"];
    expect(truecase("grant use on payroll", texts)).toBe("grant USE on payroll");
    // "Note 15" is a label: no sign the word "note" is a name.
    expect(truecase("the debt note", texts)).toBe("The debt note");
  });

  it("lets the uses beside the question's next word decide only when they are enough to", () => {
    const texts = [
      "Acme grew, and Acme hired, as Acme said, and Acme paid.",
      "curl acme revenue --out report",
    ];
    expect(truecase("acme revenue 2021", texts)).toBe("Acme revenue 2021");
  });

  it("cases only one-word names, and only the words allowed, when told so", () => {
    const texts = [
      "We use the Digital Asset Collection, and the Digital Asset Collection grows, as Uber and Uber do.",
    ];
    expect(truecase("a digital asset collection for uber", texts)).toBe(
      "A Digital Asset Collection for Uber",
    );
    expect(truecase("a digital asset collection for uber", texts, new Set(), { singleWords: true })).toBe(
      "A digital asset collection for Uber",
    );
    expect(
      truecase("a digital asset collection for uber", texts, new Set(), { only: new Set(["digital"]) }),
    ).toBe("A Digital asset collection for uber");
  });

  it("capitalises the words it is told are names", () => {
    expect(truecase("store the index in neo4j", [], new Set(["neo4j"]))).toBe("store the index in Neo4j");
  });
});

describe("unseenWords", () => {
  it("lists the question's lower-case words no text uses, in any case", () => {
    expect(unseenWords("uber stake in neo4j and didi", ["Uber owns a stake in Didi."])).toEqual(["neo4j"]);
  });
});
