import { describe, expect, it } from "vitest";
import { textDates } from "./text-dates.js";

describe("textDates", () => {
  it("reads ISO, written and bare-year dates at their precision", () => {
    expect(
      textDates("TechCrunch, 2023-10-31\nOn October 28, he revealed it paid $26.3 billion in 2021."),
    ).toEqual(["2021", "2023-10-31"]);
    expect(textDates("Founded 12 March 1946; renamed in June 1990 and again on Dec. 3rd, 2001.")).toEqual([
      "1946-03-12",
      "1990-06",
      "2001-12-03",
    ]);
    expect(textDates("Компания основана 12 марта 1946 года, в 2015 году продана.")).toEqual([
      "1946-03-12",
      "2015",
    ]);
  });

  it("ignores amounts, counts and a year a fuller date already states", () => {
    expect(textDates("It cost $2020 and 1,999 users; 2019.5% growth; 12000 items.")).toEqual([]);
    expect(textDates("In 2021, on 2021-05-04.")).toEqual(["2021-05-04"]);
  });

  it("keeps the earliest and latest of many dates", () => {
    const years = Array.from({ length: 30 }, (_, i) => 1950 + i).join(", ");
    const out = textDates(years);
    expect(out).toHaveLength(12);
    expect(out[0]).toBe("1950");
    expect(out[11]).toBe("1979");
  });
});
