/**
 * Verifier check, numbers: the quantities a text states (money, parenthesised negatives, percents,
 * decimals, scaled amounts, versions) and whether a sentence's quantity is one a passage states.
 */

export interface Quantity {
  /** As written, for reasons ("$(0.29)"). */
  raw: string;
  /** The number without its scale: "$8.42 billion" → 8.42. */
  value: number;
  /** Digits after the decimal point: how precisely the text states it. */
  decimals: number;
  /** 1, 1e3, 1e6, 1e9 or 1e12 from a scale word ("million", "bn", "млн"). */
  scale: number;
  /** Explicitly negative: "(0.29)", "$(0.29)", "-3", "−3". */
  negative: boolean;
  percent: boolean;
  /** A four-digit year (1900–2099) with nothing that makes it an amount. */
  year: boolean;
  /** A day of the month next to a month name ("December 31", "16 марта"): part of a date, not an amount. */
  day: boolean;
  /** Dotted version or section number ("0.1.3", "7.2.1"): compared as a string. */
  version?: string;
  /** Character offset in the text, to pair a value with the words around it. */
  at: number;
}

const SCALE_WORDS: ReadonlyArray<[RegExp, number]> = [
  [/^(?:thousands?|тыс\p{L}*)$/iu, 1e3],
  [/^(?:millions?|mn|млн|миллион\p{L}*)$/iu, 1e6],
  [/^(?:billions?|bn|млрд|миллиард\p{L}*)$/iu, 1e9],
  [/^(?:trillions?|tn|трлн|триллион\p{L}*)$/iu, 1e12],
];
// Glued to the digits: "5m", "3bn", "20k"; "0.93x" is a speed-up, not an identifier.
const SUFFIXES: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, mn: 1e6, b: 1e9, bn: 1e9, x: 1 };

// Sign and currency in front ("$(", "(", "-", "$ "), the digits (1,234.5 | 1234 | 0.1.3), a closing ")".
const NUMBER =
  /(?<![\p{L}\p{N}_.,])(\(\s*)?([$€£¥₽]\s*)?(\(\s*)?([-−](?=\d))?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:[ \u00a0\u202f]\d{3}(?!\d))+(?:,\d{1,2}(?!\d))?|\d+,\d{1,2}(?![\d,])|\d+(?:\.\d+)*)(\s*\))?/gu;
const PERCENT = /^\s?(?:%|percent\b|per cent\b|процент)/iu;

const MONTH_BEFORE =
  /(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+$/u;
const MONTH_AFTER = /^\s+(?:январ|феврал|март|апрел|ма[йяе]|июн|июл|август|сентябр|октябр|ноябр|декабр)/u;

/** Scale of the words right after a number, or null when letters glued to it make an identifier. */
function scaleAfter(rest: string): number | null {
  const glued = /^\p{L}+/u.exec(rest)?.[0];
  if (glued) return SUFFIXES[glued.toLowerCase()] ?? null;
  const word = /^\s+(\p{L}+)/u.exec(rest)?.[1] ?? "";
  return SCALE_WORDS.find(([re]) => re.test(word))?.[1] ?? 1;
}

/** The quantities a text states, in order. Numbers inside identifiers ("P12", "AC2") are not quantities. */
export function quantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(NUMBER)) {
    // Russian style: "8 420" groups with spaces, "0,29" a decimal comma.
    const raw5 = m[5] ?? "";
    const digits = /[ \u00a0\u202f]|,\d{1,2}$/.test(raw5)
      ? raw5.replace(/[ \u00a0\u202f]/g, "").replace(",", ".")
      : raw5;
    const start = m.index ?? 0;
    const rest = text.slice(start + m[0].length, start + m[0].length + 24);
    const percent = PERCENT.test(rest);
    const scale = percent ? 1 : scaleAfter(rest);
    if (scale === null) continue;
    const dots = (digits.match(/\./g) ?? []).length;
    const plain = digits.replace(/,/g, "");
    const year = dots === 0 && /^(?:19|20)\d\d$/.test(digits) && !m[2] && !percent && scale === 1;
    const day =
      dots === 0 &&
      !m[2] &&
      Number(digits) >= 1 &&
      Number(digits) <= 31 &&
      (MONTH_BEFORE.test(text.slice(Math.max(0, start - 12), start)) || MONTH_AFTER.test(rest));
    const paren = Boolean((m[1] || m[3]) && m[6]);
    out.push({
      // An opening bracket with no closing one is punctuation ("(34%)"), not part of the number.
      raw: paren
        ? m[0].trim()
        : m[0]
            .replace(/^\(\s*/, "")
            .replace(/\(\s*/, "")
            .trim(),
      value: dots > 1 ? Number.NaN : Number(plain),
      decimals: dots === 1 ? (plain.split(".")[1] ?? "").length : 0,
      scale,
      negative: (paren && !year) || Boolean(m[4]),
      percent,
      year,
      day,
      ...(dots > 1 ? { version: digits } : {}),
      at: start,
    });
  }
  return out;
}

/** Scales a bare passage number may be stated in ("8,420" in a table "in millions"). */
export const IMPLIED_SCALES = [1, 1e3, 1e6];

/**
 * Whether a passage quantity states the sentence's quantity: the same value once the sentence's
 * precision and scale are applied ("$8.42 billion" = "8,420" in millions, "8,420" = "8420"), and
 * the same sign when the sentence gives one ("$(0.29)" needs a negative; "0.29" takes either).
 */
export function sameQuantity(said: Quantity, stated: Quantity): boolean {
  if (said.version || stated.version) return said.version === stated.version;
  if (said.negative && !stated.negative) return false;
  const scales = stated.scale !== 1 ? [stated.scale] : said.scale !== 1 ? IMPLIED_SCALES : [1];
  const factor = 10 ** said.decimals;
  return scales.some((s) => {
    const inSaidScale = (stated.value * s) / said.scale;
    return Math.abs(Math.round(inSaidScale * factor) - Math.round(said.value * factor)) < 1e-6;
  });
}

/** Whether any of the passage's quantities states the sentence's quantity. */
export function quantityStated(said: Quantity, stated: readonly Quantity[]): boolean {
  return stated.some((q) => sameQuantity(said, q));
}

// English months capitalised (so "may" the verb is not May); Russian ones by stem.
const MONTHS =
  /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b|(?<!\p{L})(январ|феврал|март|апрел|ма[йяе](?!\p{L})|июн|июл|август|сентябр|октябр|ноябр|декабр)/gu;
const EN = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const RU = ["янв", "фев", "мар", "апр", "ма", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"];

/** Month names a text uses, as month numbers 1–12 (English and Russian, full or short). */
export function months(text: string): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(MONTHS)) {
    const i = m[1]
      ? EN.indexOf(m[1].slice(0, 3).toLowerCase())
      : RU.findIndex((p) => (m[2] ?? "").startsWith(p));
    if (i >= 0) out.add(i + 1);
  }
  return [...out];
}
