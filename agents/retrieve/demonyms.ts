/**
 * Nationality words and the countries they stand for: a "Which country is X from?" hop read as
 * "Swedish" asks its next hop about Sweden. General English, for when the evidence never writes
 * the country's own name as a place (place-words.ts reads it from there first). Pure.
 */
const PAIRS = `Afghan:Afghanistan Albanian:Albania Algerian:Algeria American:United States Andorran:Andorra
Angolan:Angola Argentine:Argentina Argentinian:Argentina Armenian:Armenia Australian:Australia
Austrian:Austria Azerbaijani:Azerbaijan Bahamian:Bahamas Bahraini:Bahrain Bangladeshi:Bangladesh
Barbadian:Barbados Belarusian:Belarus Belgian:Belgium Belizean:Belize Beninese:Benin Bhutanese:Bhutan
Bolivian:Bolivia Bosnian:Bosnia and Herzegovina Botswanan:Botswana Brazilian:Brazil British:United Kingdom
Bruneian:Brunei Bulgarian:Bulgaria Burkinabe:Burkina Faso Burmese:Myanmar Burundian:Burundi
Cambodian:Cambodia Cameroonian:Cameroon Canadian:Canada Chadian:Chad Chilean:Chile Chinese:China
Colombian:Colombia Congolese:Congo Costa_Rican:Costa Rica Croatian:Croatia Cuban:Cuba Cypriot:Cyprus
Czech:Czech Republic Danish:Denmark Djiboutian:Djibouti Dominican:Dominican Republic Dutch:Netherlands
Ecuadorian:Ecuador Egyptian:Egypt English:England Eritrean:Eritrea Estonian:Estonia Ethiopian:Ethiopia
Fijian:Fiji Filipino:Philippines Finnish:Finland French:France Gabonese:Gabon Gambian:Gambia
Georgian:Georgia German:Germany Ghanaian:Ghana Greek:Greece Grenadian:Grenada Guatemalan:Guatemala
Guinean:Guinea Guyanese:Guyana Haitian:Haiti Honduran:Honduras Hungarian:Hungary Icelandic:Iceland
Indian:India Indonesian:Indonesia Iranian:Iran Iraqi:Iraq Irish:Ireland Israeli:Israel Italian:Italy
Ivorian:Ivory Coast Jamaican:Jamaica Japanese:Japan Jordanian:Jordan Kazakh:Kazakhstan Kenyan:Kenya
Korean:Korea Kosovan:Kosovo Kuwaiti:Kuwait Kyrgyz:Kyrgyzstan Laotian:Laos Latvian:Latvia Lebanese:Lebanon
Liberian:Liberia Libyan:Libya Lithuanian:Lithuania Luxembourgish:Luxembourg Macedonian:North Macedonia
Malagasy:Madagascar Malawian:Malawi Malaysian:Malaysia Maldivian:Maldives Malian:Mali Maltese:Malta
Mauritanian:Mauritania Mauritian:Mauritius Mexican:Mexico Moldovan:Moldova Monegasque:Monaco
Mongolian:Mongolia Montenegrin:Montenegro Moroccan:Morocco Mozambican:Mozambique Namibian:Namibia
Nepalese:Nepal Nepali:Nepal Nicaraguan:Nicaragua Nigerian:Nigeria Nigerien:Niger
North_Korean:North Korea Norwegian:Norway Omani:Oman Pakistani:Pakistan Palestinian:Palestine
Panamanian:Panama Paraguayan:Paraguay Persian:Iran Peruvian:Peru Polish:Poland Portuguese:Portugal
Qatari:Qatar Romanian:Romania Russian:Russia Rwandan:Rwanda Salvadoran:El Salvador Samoan:Samoa
Saudi:Saudi Arabia Scottish:Scotland Senegalese:Senegal Serbian:Serbia Sierra_Leonean:Sierra Leone
Singaporean:Singapore Slovak:Slovakia Slovenian:Slovenia Somali:Somalia South_African:South Africa
South_Korean:South Korea Soviet:Soviet Union Spanish:Spain Sri_Lankan:Sri Lanka Sudanese:Sudan
Surinamese:Suriname Swazi:Eswatini Swedish:Sweden Swiss:Switzerland Syrian:Syria Taiwanese:Taiwan
Tajik:Tajikistan Tanzanian:Tanzania Thai:Thailand Togolese:Togo Tongan:Tonga Trinidadian:Trinidad and Tobago
Tunisian:Tunisia Turkish:Turkey Turkmen:Turkmenistan Ugandan:Uganda Ukrainian:Ukraine Uruguayan:Uruguay
Uzbek:Uzbekistan Venezuelan:Venezuela Vietnamese:Vietnam Welsh:Wales Yemeni:Yemen Yugoslav:Yugoslavia
Zambian:Zambia Zimbabwean:Zimbabwe`;

const COUNTRY_OF: ReadonlyMap<string, string> = new Map(
  PAIRS.split(/\s+(?=[\p{Lu}][\p{L}_]*:)/u).map((pair) => {
    const [word = "", country = ""] = pair.split(":");
    return [word.replace(/_/g, " "), country.trim()] as const;
  }),
);

/** The country a nationality word names ("Swedish" → "Sweden"), or null for any other span. */
export const countryOfNationality = (span: string): string | null => COUNTRY_OF.get(span.trim()) ?? null;

// The countries, and the short names writers give the largest ones.
const COUNTRIES = new Set(
  [
    ...COUNTRY_OF.values(),
    "U.S.",
    "US",
    "USA",
    "United States of America",
    "America",
    "UK",
    "Britain",
    "Great Britain",
  ].map((c) => c.toLowerCase()),
);

/** Whether a span is a country's name ("Norway", "United States"). */
export const isCountry = (span: string): boolean => COUNTRIES.has(span.trim().toLowerCase());

const WORDS = [...COUNTRY_OF.keys()].sort((a, b) => b.length - a.length).join("|");
// "Elm Vale is a Soviet and Russian rock band", "Bo Renn (born 1950) was a Swedish skier": the first
// nationality word of the opening sentence's "is a …" phrase, up to three words in.
const OPENING = new RegExp(
  `^[^.]{0,200}?\\b(?:is|was|are|were)\\s+(?:a|an|the)\\s+(?:[\\p{Ll}-]+\\s+){0,3}?(${WORDS})(?![\\p{L}])`,
  "u",
);

/** The country a passage's opening sentence gives its subject by a nationality word, or null. */
export function openingCountry(text: string): string | null {
  const word = OPENING.exec(text)?.[1];
  return word ? (COUNTRY_OF.get(word) ?? null) : null;
}
