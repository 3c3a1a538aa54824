import { describe, expect, it } from "vitest";
import { resolveFollowUp, type Turn } from "./follow-up.js";

const chat = (...qs: string[]): Turn[] =>
  qs.flatMap((q, i) => [
    { role: "user" as const, content: q },
    ...(i < qs.length - 1 ? [{ role: "assistant" as const, content: "An answer [S1]." }] : []),
  ]);

describe("resolveFollowUp", () => {
  it("leaves a first question and a standalone follow-up alone", () => {
    expect(resolveFollowUp(chat("What does GFM-RAG use to retrieve documents?"))).toEqual({
      question: "What does GFM-RAG use to retrieve documents?",
    });
    expect(resolveFollowUp(chat("What is GFM-RAG?", "What does HippoRAG index?")).question).toBe(
      "What does HippoRAG index?",
    );
  });

  it("puts a new subject into the previous question", () => {
    const r = resolveFollowUp(chat("What does GFM-RAG use to retrieve documents?", "What about HippoRAG?"));
    expect(r).toEqual({
      question: "What does HippoRAG use to retrieve documents?",
      original: "What about HippoRAG?",
      rule: "new_subject",
    });
    expect(resolveFollowUp(chat("How did Uber's revenue change in 2021?", "And Lyft?")).question).toBe(
      "How did Lyft's revenue change in 2021?",
    );
  });

  it("replaces a pronoun with the previous subject", () => {
    expect(
      resolveFollowUp(chat("What stake did Uber receive in Zomato?", "When did it sell the shares?"))
        .question,
    ).toBe("When did Uber sell the shares?");
    expect(
      resolveFollowUp(chat("What is the Aptos object model?", "How are its objects created?")).question,
    ).toBe("How are Aptos's objects created?");
  });

  it("adds the subject as context to a demonstrative, and chains through earlier turns", () => {
    expect(resolveFollowUp(chat("Explain GFM-RAG", "Why does this matter?")).question).toBe(
      "Why does this matter? (GFM-RAG)",
    );
    const three = chat(
      "What does GFM-RAG use to retrieve documents?",
      "What about HippoRAG?",
      "When was it published?",
    );
    expect(resolveFollowUp(three).question).toBe("When was HippoRAG published?");
  });

  it("ignores assistant and system turns and empty user turns", () => {
    const turns: Turn[] = [
      { role: "system", content: "Be brief about Foo." },
      { role: "user", content: "What is GFM-RAG?" },
      { role: "assistant", content: "Bar Baz is ..." },
      { role: "user", content: "  " },
      { role: "user", content: "Who built it?" },
    ];
    expect(resolveFollowUp(turns).question).toBe("Who built GFM-RAG?");
  });

  it("never takes the pronoun I as the subject, nor a pronoun as the new subject", () => {
    const q = "How do I create an object with a ConstructorRef?";
    expect(resolveFollowUp(chat(q, "What about a DeleteRef?")).question).toBe(
      "How do I create an object with a DeleteRef?",
    );
    expect(resolveFollowUp(chat(q, "What about it?"))).toEqual({
      question: "What about ConstructorRef?",
      original: "What about it?",
      rule: "pronoun",
    });
    expect(resolveFollowUp(chat("What is a ConstructorRef?", "Can it be stored?")).question).toBe(
      "Can ConstructorRef be stored?",
    );
  });

  it("a new period replaces the previous question's period of its kind, or is added", () => {
    expect(resolveFollowUp(chat("How did Acme's revenue change in 2021?", "and in 2020?"))).toEqual({
      question: "How did Acme's revenue change in 2020?",
      original: "and in 2020?",
      rule: "new_period",
    });
    expect(resolveFollowUp(chat("What was Acme's net loss in Q3 2021?", "And in Q2?")).question).toBe(
      "What was Acme's net loss in Q2 2021?",
    );
    expect(resolveFollowUp(chat("What changed in March 2021?", "and in april?")).question).toBe(
      "What changed in april 2021?",
    );
    expect(resolveFollowUp(chat("When was Acme founded?", "and in 2020?")).question).toBe(
      "When was Acme founded in 2020?",
    );
    // "may" in the previous question is a verb, not a month.
    expect(resolveFollowUp(chat("How may I cancel a plan?", "and in March?")).question).toBe(
      "How may I cancel a plan in March?",
    );
  });

  it("'what about its fees?' is an aspect of the previous subject, not a new subject", () => {
    expect(resolveFollowUp(chat("What is Acme Connect?", "what about its fees?"))).toEqual({
      question: "what about Acme Connect's fees?",
      original: "what about its fees?",
      rule: "pronoun",
    });
  });
});
