/**
 * The words written before a person's name that are not part of it, in one place for the readers
 * that take them off: ranks of nobility and the church ("King", "Sir", "Pope"), courtesy titles
 * ("Dr.", "Mrs."), and offices ("President", "Prime Minister"). General English. Pure data.
 */
export const NOBLE_TITLES =
  "King|Queen|Emperor|Empress|Prince|Princess|Duke|Duchess|Count|Countess|Sir|Lord|Lady|Saint|Pope|Imam|Sultan|Dame";
export const COURTESY_TITLES = "Dr\\.?|Mr\\.?|Mrs\\.?|Ms\\.?|Professor|Reverend|Rev\\.";
export const OFFICE_TITLES =
  "President|Vice President|Prime Minister|Deputy Prime Minister|Chancellor|Premier|Minister|Secretary|Governor|Senator|Congressman|Congresswoman|Representative|Mayor|Judge|Justice|General|Admiral|Colonel|Captain|Major|Lieutenant|Commander|Bishop|Archbishop|Cardinal";
