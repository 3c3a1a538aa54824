import { describe, expect, it } from "vitest";
import { bundle, evidence } from "../answer/test-evidence.js";
import { readBridge } from "./read-bridge.js";

describe("readBridge", () => {
  it("reads one hop's answer, not the answer the reader would reach past it", () => {
    const q = "Who is the director of film Blue Harbour?";
    const b = bundle(q, [
      evidence("S1", "Blue Harbour is a 1998 drama film directed by Tomas Lindqvist."),
      evidence("S2", "Tomas Lindqvist was born in Malmo Harbour City."),
    ]);
    expect(readBridge(q, b)).toBe("Tomas Lindqvist");
  });

  it("a where-hop names the narrowest place, not the wider ones after its comma", () => {
    const q = "Where was Ida Marsh born?";
    const b = bundle(q, [
      evidence("S1", "Ida Marsh (born 4 May 1950 in Lowbridge, Eastshire) is a painter."),
    ]);
    expect(readBridge(q, b)).toBe("Lowbridge");
  });

  it("a who-hop takes a person's name over a one-word nationality, and refuses what is not there", () => {
    const q = "Who is the director of Red Lantern?";
    const b = bundle(q, [evidence("S1", "Red Lantern is a 1961 French film directed by Anna Berg.")]);
    expect(readBridge(q, b)).toBe("Anna Berg");
    const none = bundle(q, [evidence("S1", "Red Lantern is a 1961 French film about a lighthouse.")]);
    expect(readBridge(q, none)).toBeNull();
  });

  it("a state hop takes the place written right after the name asked about, not another address", () => {
    const q = "Which state where Elmton is located?";
    const b = bundle(q, [
      evidence(
        "S1",
        "Ota B. Brenner (1838 or 1839 in Dorfburg, Westmark – September 23, 1898 in Elmton, Colora) published six detailed maps of the Juan area of southwestern Colora between 1883 and 1898.",
        { heading_path: ["Ota Brenner"] },
      ),
    ]);
    expect(readBridge(q, b)).toBe("Colora");
  });

  it("never reads the person asked about, under a fuller or variant name, as their kin", () => {
    const q = "Who is Lisbeth Varga's husband?";
    const b = bundle(q, [
      evidence(
        "S1",
        "Anna Lisbeth Varga (also spelled Lisbet Varga; 1931 – 2018) was a Norlandian psychologist and the wife of prime minister Olof Varga.",
      ),
    ]);
    expect(readBridge(q, b)).toBe("Olof Varga");
  });

  it("reads a kin stated in the subject's own passage, past other names before it", () => {
    const q = "Who is Mara Tesh's spouse?";
    const b = bundle(q, [
      evidence(
        "S1",
        "Mara Tesh, daughter of Eoin Fedl, is a legendary queen; she was the wife of Conn mac Ness, the king of Ulan.",
        { heading_path: ["Mara Tesh"] },
      ),
    ]);
    expect(readBridge(q, b)).toBe("Conn mac Ness");
  });

  it("a kind-of-place hop takes the candidate whose own passage calls it that kind", () => {
    const q = "Which country where the village of Brellin is located?";
    const b = bundle(q, [
      evidence("S1", "Brellin is a village near Cove Hill in the Ostmark region of Valdoria.", {
        heading_path: ["Brellin"],
      }),
      evidence("S2", "Cove Hill is a village on the coast road.", { heading_path: ["Cove Hill"] }),
      evidence("S3", "Valdoria, officially the Republic of Valdoria, is a sovereign state in the north.", {
        heading_path: ["Valdoria"],
      }),
    ]);
    expect(readBridge(q, b)).toBe("Valdoria");
    // The same page under a heading that tells it from others of its name.
    const bracketed = bundle(q, [
      ...b.evidence.slice(0, 2),
      { ...(b.evidence[2] as (typeof b.evidence)[number]), heading_path: ["Valdoria (country)"] },
    ]);
    expect(readBridge(q, bracketed)).toBe("Valdoria");
  });

  it("never takes 'a town in the state of X' or 'a sovereign state' for a state", () => {
    const q = "Which state where the village of Brellin is located?";
    const b = bundle(q, [
      evidence("S1", "Brellin is a village near Cove Hill in Norvale.", { heading_path: ["Brellin"] }),
      evidence("S2", "Cove Hill is a town in the state of Norvale.", { heading_path: ["Cove Hill"] }),
      evidence("S3", "Ostland is a sovereign state to the east.", { heading_path: ["Ostland"] }),
      evidence("S4", "Norvale is a state on the west coast.", { heading_path: ["Norvale"] }),
    ]);
    expect(readBridge(q, b)).toBe("Norvale");
  });

  it("a state or country hop takes the address's wider place, not the house or town before it", () => {
    const q = "Which state is the Harlow House located in?";
    const b = bundle(q, [
      evidence(
        "S1",
        "The Harlow House, also known as the Brook House in Elm Park, is a house in Ashford, Norvale designed by an architect.",
        { heading_path: ["Harlow House"] },
      ),
    ]);
    expect(readBridge(q, b)).toBe("Norvale");
  });

  it("never bridges back to a name the whole question started from", () => {
    const q = "Which state where Tam Orrin lived in when he died?";
    const whole =
      "How many parks are in the state east of the state where Silver Morning's performer lived when he died?";
    const b = bundle(q, [
      evidence(
        "S1",
        'Tam Orrin lived in Silver Morning until he died; "Silver Morning" is also his 1971 single.',
        {
          heading_path: ["Silver Morning"],
        },
      ),
    ]);
    // Without the whole question, the name of the song, said as a place too, is read as the place.
    expect(readBridge(q, b)).toBe("Silver Morning");
    expect(readBridge(q, b, whole)).toBeNull();
  });

  it("a kind-of-place hop takes no name its sentence never says as a place", () => {
    const q = "Which city where Tam Orrin died?";
    const b = bundle(q, [
      evidence(
        "S1",
        "Night Lanterns is an album by saxophonist Tam Orrin with organist Del Varga, recorded in 1965.",
        {
          heading_path: ["Night Lanterns"],
        },
      ),
    ]);
    expect(readBridge(q, b, "When did the city where the performer of Night Lanterns died fall?")).toBeNull();
  });

  it("a who-hop breaks a tie for the candidate whose own passage is a person's", () => {
    const q = "Who plays Mira Vance in Harbor Nights?";
    const b = bundle(q, [
      evidence(
        "S1",
        'Mira Vance is a Coastal Private Investigator portrayed in the 2004 TV movie "Harbor Nights" played by actress Lena Ward.',
        { heading_path: ["Mira Vance"] },
      ),
      evidence("S2", "Lena Ann Ward (born July 11, 1956) is an American actress and author.", {
        heading_path: ["Lena Ward"],
      }),
    ]);
    expect(readBridge(q, b)).toBe("Lena Ward");
  });

  it("a where-hop takes no name its sentence never says as a place, and reads a birthplace after a date", () => {
    const q = "Where was Tam Orrin born?";
    const b = bundle(q, [
      evidence("S1", "The video opens with a car (1972 Harlan Comet) pulling up with Tam Orrin inside.", {
        heading_path: ["Lantern Song"],
      }),
      evidence(
        "S2",
        "Vell Sound Records is a record label based in Port Vell, Norland, which was founded by singer Tam Orrin and Del Varga.",
        { heading_path: ["Vell Sound Records"] },
      ),
    ]);
    expect(readBridge(q, b)).toBe("Port Vell");
  });

  it("a country hop read as a nationality word bridges to the country the evidence names", () => {
    const q = "Which country is Ola Brandt from?";
    const b = bundle(q, [
      evidence(
        "S1",
        "Ola Brandt (1890 – 1950) was a Norlandish sport shooter who competed at the 1920 Games.",
        {
          heading_path: ["Ola Brandt"],
        },
      ),
      evidence(
        "S2",
        "Norland competed at the 1920 Games held in Westhaven; the team was chosen in Norland.",
        {
          heading_path: ["Norland at the 1920 Games"],
        },
      ),
    ]);
    expect(readBridge(q, b)).toBe("Norland");
  });

  it("a where-hop never bridges to the reader's answer when no passage says it as a place", () => {
    const q = "Where was Tam Orrin born?";
    const b = bundle(q, [
      evidence("S1", "Tam Orrin was born and raised with the Harlan Comet troupe, then toured widely.", {
        heading_path: ["Tam Orrin"],
      }),
    ]);
    expect(readBridge(q, b)).toBeNull();
  });

  it("a where-hop takes a birthplace given right after the birth year", () => {
    const q = "Where was Tam Orrin born?";
    const b = bundle(q, [
      evidence("S1", "Tam Orrin (born May 6, 1916, Port Vell, Norland) is a retired boxer.", {
        heading_path: ["Tam Orrin"],
      }),
    ]);
    expect(readBridge(q, b)).toBe("Port Vell");
  });
});

describe("readBridge, the name the next hop follows", () => {
  it("follows the first of two people named together", () => {
    const q = "Oak Hill is a play by which playwright?";
    const b = bundle(q, [
      evidence("S1", "Oak Hill is a 1935 comedy play by George Elmwood and Peter Oakes Reeve."),
    ]);
    expect(readBridge(q, b)).toBe("George Elmwood");
  });

  it("leaves out the question's own role before the name asked", () => {
    const q = "Bo Kalder was the CEO of which company?";
    const b = bundle(q, [
      evidence("S1", "Bo Kalder is a British business executive, the former CEO of Elmworks."),
    ]);
    expect(readBridge(q, b)).toBe("Elmworks");
    // The kind asked opens the name: it stays whole.
    const u = "Jo Vale was a professor at which university?";
    const ub = bundle(u, [
      evidence("S1", "Jo Vale was a psychology professor at the University of Elmford."),
    ]);
    expect(readBridge(u, ub)).toBe("University of Elmford");
  });
});

describe("readBridge, a kind of place or a country", () => {
  it("a city hop takes no college or school for the city", () => {
    const q = "Which city where Ida Marsh was born?";
    const b = bundle(q, [
      evidence(
        "S1",
        "Ida Marsh (born 1950) graduated from Elmford College and then from Lowbridge Law School.",
        {
          heading_path: ["Ida Marsh"],
        },
      ),
    ]);
    expect(readBridge(q, b)).toBeNull();
  });

  it("a state hop reads the address after 'in the city of'", () => {
    const q = "Which state where Elm Vale High is?";
    const b = bundle(q, [
      evidence("S1", "Elm Vale High School is a secondary school located in the city of Elmton, Colora.", {
        heading_path: ["Elm Vale High School"],
      }),
    ]);
    expect(readBridge(q, b)).toBe("Colora");
  });

  it("a country hop takes the country a nationality word stands for when no passage names it", () => {
    const q = "Which country is Ola Brandt from?";
    const b = bundle(q, [
      evidence("S1", "Ola Brandt (1890 – 1950) was a Danish sport shooter who competed at the 1920 Games.", {
        heading_path: ["Shooters at the 1920 Games"],
      }),
    ]);
    expect(readBridge(q, b)).toBe("Denmark");
  });

  it("a country hop reads the nationality its subject's own passage opens with", () => {
    const q = "Which country is Elm Vale from?";
    const b = bundle(q, [
      evidence("S1", "Elm Vale is a Soviet and Russian rock band from Lenport, formed by Kai Dorne.", {
        heading_path: ["Elm Vale"],
      }),
    ]);
    expect(readBridge(q, b)).toBe("Soviet Union");
  });
});
