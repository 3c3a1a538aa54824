/**
 * The words written around a name that are not part of it, in one place for the readers that take
 * them off: before a person's, ranks of nobility and the church ("King", "Sir", "Pope"), courtesy
 * titles ("Dr.", "Mrs.") and offices ("President", "Prime Minister"); after a company's, its legal
 * form ("Limited", "GmbH"); after a person's, post-nominals ("MBE", "Jr."). General English.
 * Regular-expression alternations, pure data.
 */
export const NOBLE_TITLES =
  "King|Queen|Emperor|Empress|Prince|Princess|Duke|Duchess|Count|Countess|Sir|Lord|Lady|Saint|Pope|Imam|Sultan|Dame";
export const COURTESY_TITLES = "Dr\\.?|Mr\\.?|Mrs\\.?|Ms\\.?|Professor|Reverend|Rev\\.";
export const OFFICE_TITLES =
  "President|Vice President|Prime Minister|Deputy Prime Minister|Chancellor|Premier|Minister|Secretary|Governor|Senator|Congressman|Congresswoman|Representative|Mayor|Judge|Justice|General|Admiral|Colonel|Captain|Major|Lieutenant|Commander|Bishop|Archbishop|Cardinal";
export const LEGAL_FORMS =
  "Limited|Ltd\\.?|Inc\\.?|Incorporated|Corporation|Corp\\.?|plc|LLC|LLP|GmbH|AG|S\\.A\\.|N\\.V\\.|Co\\.";
export const POST_NOMINALS = "MBE|OBE|CBE|KBE|Jr\\.?|Sr\\.?";
