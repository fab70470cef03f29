/**
 * Fair housing: no text the product writes about a home or its neighborhood may describe the people who live
 * there, or suggest who should, by race, color, religion, national origin, sex, disability or familial status
 * (Fair Housing Act, section 804(c)). The phrases below follow HUD's advertising guidance: the word list of
 * 24 CFR 109.20 (1989; withdrawn from the CFR in 1996 but still HUD's reference) and the memorandum
 * "Guidance Regarding Advertisements Under Section 804(c) of the Fair Housing Act" (R. Achtenberg, 9 January
 * 1995), which keeps descriptions of the property, its facilities and services ("walk to bus stop", "family
 * room", "quiet streets") allowed. The product goes further than the Act: a neighborhood is never described by
 * its residents at all. Any generated text with a finding is not used.
 */

export type FairHousingBasis =
  | 'race'
  | 'color'
  | 'religion'
  | 'national origin'
  | 'sex'
  | 'disability'
  | 'familial status'
  | 'residents'
  | 'steering';

export interface FairHousingRule {
  id: string;
  basis: FairHousingBasis;
  pattern: RegExp;
}

export interface FairHousingFinding {
  rule: string;
  basis: FairHousingBasis;
  text: string;
}

export const fairHousingSource =
  "HUD advertising guidance: 24 CFR 109.20 word list (1989) and the memorandum 'Guidance Regarding Advertisements Under Section 804(c) of the Fair Housing Act' (9 January 1995)";

const people = '(?:people|persons|residents|neighbou?rs|families|family|households?|community|communities|population|crowd|folks|locals|owners|buyers|tenants|renters)';
const area = '(?:neighbou?rhoods?|areas?|communit(?:y|ies)|streets?|blocks?|enclaves?|districts?|suburbs?|towns?|parts? of town)';
const who = '(?:famil(?:y|ies)|couples?|singles?|newlyweds|retirees|seniors|empty[- ]nesters?|students?|bachelors?|professionals|kids|children|child|young|old(?:er)?|elderly|mature|adults?|men|women|ladies|gentlemen|christians?|catholics?|jews|muslims?|immigrants?)';
const rule = (id: string, basis: FairHousingBasis, source: string): FairHousingRule => ({ id, basis, pattern: new RegExp(source, 'i') });

export const fairHousingRules: readonly FairHousingRule[] = [
  // 24 CFR 109.20(a): words descriptive of the dwelling or its occupants.
  rule('dwelling-by-group', 'race', `\\b(?:white|black|colou?red|jewish|christian|catholic|hispanic|latino|asian|mexican|chinese|irish|italian) (?:private )?(?:home|house|residence|building)s?\\b`),
  rule('adult-building', 'familial status', '\\badults?[- ](?:only|building|community|living|complex)\\b'),
  // 109.20(b)(1)-(2): race and color.
  rule('race-words', 'race', '\\b(?:negro(?:es)?|caucasians?|orientals?|american indians?|african[- ]americans?|asian[- ]americans?|native americans?)\\b'),
  rule('race-terms', 'race', '\\b(?:rac(?:e|es|ial|ially)|ethnic(?:ity|ally)?|minorit(?:y|ies)|integrated|segregated|multicultural|multi-ethnic)\\b'),
  rule('color-of-people', 'color', `\\b(?:white|black|brown|colou?red)\\s+${people}\\b|\\b(?:white|black)\\s+${area}\\b|(?<![\\w-])colou?red\\b(?!-)`),
  rule('diverse-people', 'race', `\\bdivers(?:e|ity)\\s+(?:of\\s+)?${people}\\b|\\b${area}\\s+(?:is|are)\\s+diverse\\b`),
  // (b)(3): religion, and landmarks of a faith used to describe an area (109.20(c), (f)).
  rule('religion-words', 'religion', '\\b(?:protestants?|christians?|catholics?|jews|jewish|muslims?|islamic|mormons?|hindus?|buddhists?|sikhs?)\\b'),
  rule('faith-landmarks', 'religion', '\\b(?:near|close to|walk to|steps from|minutes from)\\s+(?:a |the )?(?:church|churches|synagogues?|mosques?|temples?|parish|congregations?)\\b|\\b(?:church|synagogue|mosque|temple|parish)(?:es|s)?\\s+nearby\\b'),
  // (b)(4): national origin.
  rule('national-origin', 'national origin', '\\b(?:mexican|puerto rican|philippine|filipinos?|polish|hungarian|irish|italian|chicanos?|african|hispanics?|chinese|indian|latin[oa]s?|latinx|immigrants?|foreigners?|foreign[- ]born|native[- ]born|american[- ]born)\\b'),
  rule('language', 'national origin', '\\benglish[- ](?:speaking|only)\\b'),
  // (b)(5): sex.
  rule('one-sex', 'sex', `\\b(?:men|women|males?|females?|ladies|gentlemen|girls|boys)(?:'s)?\\s+only\\b|\\bbachelors?(?:\\s+pad)?\\b|\\bsingle\\s+(?:man|men|woman|women|male|female|guy|girl)s?\\b|\\bhis and hers\\b`),
  // (b)(6): handicap (disability).
  rule('disability', 'disability', '\\b(?:handicapped|crippled?|cripples|retarded|mentally ill|mentally (?:handicapped|disabled|retarded)|physically fit|able[- ]bodied|must be ambulatory|no wheelchairs?|disabled (?:people|persons|residents))\\b'),
  rule('impairment', 'disability', '\\b(?:blind|deaf|impaired)\\b'),
  // (b)(7): familial status, and any suggestion of who the home suits.
  rule('no-children', 'familial status', '\\bno (?:children|kids|families)\\b|\\bchildren (?:not allowed|not permitted)\\b'),
  rule('who-it-suits', 'familial status', `\\b(?:perfect|ideal|great|good|best|suited?|suitable|made|designed|built)\\s+for\\s+(?:a |an |the |your )?(?:young |growing |small |large |new |busy |active )?${who}\\b|\\bsuits?\\s+(?:a |an |the )?(?:young |growing |small |large )?${who}\\b`),
  rule('household-kind', 'familial status', '\\b(?:growing|young|starter|large|small|new|busy) (?:household|famil(?:y|ies))\\b|\\bempty[- ]nesters?\\b|\\bnewlyweds\\b|\\bmature (?:adults|persons|couples?|residents|tenants|buyers)\\b'),
  rule('children', 'familial status', "\\b(?:children|child|kids|toddlers|teens|teenagers)\\b"),
  rule('family-area', 'familial status', `\\bfamily[- ](?:friendly\\s+)?(?:oriented\\s+)?${area}\\b|\\bfamily[- ]oriented\\b`),
  // Beyond the Act: never describe who lives in an area.
  rule('residents-are', 'residents', `\\b${people}\\s+(?:here\\s+|nearby\\s+|around here\\s+)?(?:are|is|tend to be|include|includes|skew)\\b`),
  rule('who-lives', 'residents', `\\b(?:who|that)\\s+(?:live|lives|living|reside|resides)\\s+(?:here|there|nearby|in the area|around)\\b|\\bpopulated by\\b|\\bdemographics?\\b|\\binhabitants\\b|\\bhome to (?:many |mostly )?${people}\\b`),
  rule('kind-of-people', 'residents', `\\b(?:young|older|elderly|retired|affluent|wealthy|rich|poor|working[- ]class|blue[- ]collar|upscale|professional|well[- ]to[- ]do|educated|hip|trendy|quiet)\\s+${people}\\b`),
  rule('safety-code', 'steering', `\\b(?:safe|safer|crime[- ]free|low[- ]crime|high[- ]crime|dangerous|rough|sketchy)\\s+${area}\\b|\\bcrime\\b`),
  // 109.20(d): catch words.
  rule('catch-words', 'steering', `\\b(?:exclusive|restricted|private|traditional)\\s+${area}\\b|\\bcountry club\\b|\\b(?:board|membership) approval\\b|\\bselect (?:few|clientele)\\b`),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The fair-housing findings in a text (empty when it is clean). Proper names the facts hold (a school, a park,
 * a neighborhood) are names, not descriptions (HUD's guidance allows legal names), and are not read as words.
 */
export function fairHousingFindings(text: string, allowedNames: readonly string[] = []): FairHousingFinding[] {
  let checked = text;
  for (const name of [...allowedNames].filter((n) => n.trim().length > 1).sort((a, b) => b.length - a.length)) {
    checked = checked.replace(new RegExp(escape(name), 'gi'), ' ');
  }
  const findings: FairHousingFinding[] = [];
  for (const r of fairHousingRules) {
    const match = r.pattern.exec(checked);
    if (match) findings.push({ rule: r.id, basis: r.basis, text: match[0] });
  }
  return findings;
}
