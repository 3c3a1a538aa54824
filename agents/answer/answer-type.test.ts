import { describe, expect, it } from "vitest";
import { expectedAnswer } from "./answer-type.js";

describe("expectedAnswer", () => {
  it.each([
    ["How much cash did the company pay for interest in 2021?", "money"],
    ["What effective interest rate does the debt table show?", "percent"],
    ["How many people died in the accident?", "quantity"],
    // An accounting carrying amount is money; a stake is a share, typed tersely too.
    ["What was the carrying value of the Elm investment at December 31, 2021?", "money"],
    ["elm investment carrying amount end of 2021", "money"],
    ["fund stake in the holding after the series A", "percent"],
    // A terse query names what it wants by its noun; with an asking word, the word decides.
    ["run-script flag for a compiled file", "code"],
    ["elm release replacing the old scatter library", "version"],
    ["interpreter functions with the trusted annotation count", "quantity"],
    ["Who approves the release?", "person"],
    // A stake in a question with its own asking word is read by that word.
    ["When did Elm Corp sell its stake in Quill?", "date"],
    ["Who owns a stake in Quill?", "person"],
    ["When was the list published?", "date"],
    // The asking word last.
    ["Elm Civil War ended when?", "date"],
    ["In which year did revenue peak?", "year"],
    ["Jo Vale managed the club during what timeframe?", "date"],
    ["In which release was the scatter dependency replaced?", "version"],
    ["Which flight control computer software version must be installed?", "version"],
    ["Jane Roe was the co-founder of what not-for-profit media outlet?", "other"],
    ["The notice also proposes a rule for the Model 9. What unsafe condition does it address?", "definition"],
    ["What part number or version of the display software does the rule require?", "version"],
    ["Who directed the film?", "person"],
    // A role asked names a person; a role inside a clause, or a role's possession, does not.
    ["Jo Vale served under which United States Vice President?", "person"],
    ["Elm Lake was mapped during the administration of which former governor?", "person"],
    ["Which film has the director who was born later, Elm Road or Oak Lane?", "other"],
    ["What singer's album sold more?", "other"],
    ["What is the name of the singer whose song opened the album?", "person"],
    ["What is the middle name of the actress who plays Jo?", "other"],
    ["Where was the treaty signed?", "place"],
    ["Which flag do I pass to run the script?", "code"],
    // "What type of X" asks a kind of X, not a code type.
    ["What type does the parser return?", "code"],
    ["What type of forum did the statesman start?", "other"],
    ["What error will I get if I publish the module twice?", "code"],
    ["What numeric abort code corresponds to the error?", "quantity"],
    ["My run sets cache=false and fails. What else must be configured?", "code"],
    ["How do I mint a token with the module?", "code"],
    ["Why was the expense bigger in 2019?", "reason"],
    ["What are the main features the documentation highlights?", "list"],
    // What a thing is made of is a list of its parts, not a figure of it.
    ["What does the firm's other operating expense consist of?", "list"],
    ["Which items is the reserve made up of?", "list"],
    // A plural asked names the things ("Which airplane models does it apply to?" → "737 MAX"), not
    // one passage's list.
    ["Which airplane models does the rule apply to?", "other"],
    // An index, rank or score asked is a number; an index as a thing is not.
    ["What was the Roud Folk Song Index of the rhyme?", "quantity"],
    ["What is the main index used by the optimizer?", "definition"],
    ["What does the onboarding checklist include?", "list"],
    ["Does the reserve consist of cash only?", "yes_no"],
    ["What is a resource account?", "definition"],
    // "the meaning/purpose of X" asks a definition, not a name ("the name of X" does).
    ["What is the meaning of goodwill?", "definition"],
    ["What is the purpose of the retry budget?", "definition"],
    ["Сколько сотрудников работает в компании?", "quantity"],
    // "how much" of a measure is a quantity; "how much of X did Y own" a share; a "0%" in a name is not asked.
    ["How much office space did the firm lease at year end?", "quantity"],
    ["How much disk space does the index need?", "quantity"],
    ["What is the usual average rainfall in Lowmere?", "quantity"],
    ["What was the median age of the crew?", "quantity"],
    ["What is the meaning of the flag?", "definition"],
    ["Roughly how much of the startup did the investor own after the deal?", "percent"],
    ["What is the initial conversion price of the 0% notes due 2030?", "money"],
    ["What share of bookings came from the 2% tier?", "percent"],
    ["Почему проект перешёл на новую версию?", "reason"],
    // A name one thing has, not what a term means (a singer's is a person's); a population is a count.
    ["What is the name of the band whose song opened the album?", "other"],
    ["In the example, whose user profile does the register hold?", "person"],
    ["What is the county seat of the county where Oak Vale is located?", "other"],
    // A thing of a named place is a name too; "in" before a common noun is still a definition.
    ["What is the main international airport in Elmford?", "other"],
    ["What is the most popular hotel in Elmford?", "other"],
    ["What is the recommended approach in production?", "definition"],
    ["What is the recommended way to deploy in Kubernetes?", "definition"],
    ["What is the main risk factor at Acme?", "definition"],
    ["What was the population of the town in which Oak Vale lies?", "quantity"],
    // One inhabitant or many: a count either way.
    ["What is the inhabitant of the city where the regiment was formed?", "quantity"],
    // "celebrate", "corporate" end in "rate" but ask for no rate.
    ["What color do people wear to celebrate the national holiday?", "other"],
    ["What is the corporate name of the chain?", "other"],
  ])("%s → %s", (question, type) => {
    expect(expectedAnswer(question).type).toBe(type);
  });

  it("'in what month' asks a date; 'what kind of X' keeps the noun whose kind is asked", () => {
    expect(expectedAnswer("In what month is the festival held?")).toMatchObject({
      type: "date",
      rule: "month",
    });
    expect(expectedAnswer("What kind of garbage collector does the engine use?")).toMatchObject({
      type: "other",
      sort: "collec",
    });
    expect(expectedAnswer("Elm Ltd provides what sort of products?").sort).toBe("produc");
    // No kind asked, or a kind of a code thing: no sort.
    expect(expectedAnswer("What government position did she hold?").sort).toBeUndefined();
    expect(expectedAnswer("What type does the parser return?").sort).toBeUndefined();
  });

  it("a comparison keeps the type of the values it compares", () => {
    expect(
      expectedAnswer("How did research and development expense change from 2019 to 2021?"),
    ).toMatchObject({
      type: "comparison",
      value: "money",
    });
    // "back at its 2019 level" sets two years' values side by side, like "recovered to".
    expect(expectedAnswer("By 2021, was the firm's revenue back at its 2019 level?")).toMatchObject({
      type: "comparison",
      value: "money",
    });
    expect(expectedAnswer("Is the firm's revenue back on track?").type).toBe("yes_no");
  });

  it("a leading 'when' clause does not make a date question", () => {
    expect(
      expectedAnswer("When training on large graphs, which partition algorithms can I choose?").type,
    ).not.toBe("date");
  });

  it("a metric asked with 'what is' is a value, not a definition", () => {
    expect(expectedAnswer("What is the initial conversion price of the notes?").type).toBe("money");
    // An average of money is money, not a bare number.
    expect(expectedAnswer("What is the average cost per lost record?").type).toBe("money");
    expect(expectedAnswer("What was the total price paid for the stake?").type).toBe("money");
  });

  it("a phrase before a comma sets the scene: the question is read from its asking word", () => {
    expect(expectedAnswer("Using the token module, how can I mint a soulbound token?").type).toBe("code");
    expect(expectedAnswer("How can I mint a soulbound token with the token module?").type).toBe("code");
    expect(expectedAnswer("In the HR example, who can read the salary column?").type).toBe("person");
    // A scene with an asking word of its own stays part of the question.
    expect(expectedAnswer("When the job fails, which flag retries it?").type).toBe("code");
  });
});

describe("expectedAnswer: measures", () => {
  it("a size, length or limit asked is a number, not a definition", () => {
    for (const q of ["What is the default batch size for training?", "Какой размер пакета по умолчанию?"])
      expect(expectedAnswer(q).value, q).toBe("quantity");
    expect(expectedAnswer("What is a sizeable investment?").value).toBe("definition");
  });
});
