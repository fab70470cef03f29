/**
 * Address text as a search key: case, accents, quotes, commas and extra spaces don't matter, and the
 * usual USPS street suffixes, directionals and unit words have one spelling ("Street" and "St" are both
 * "st"). The result is lowercase ASCII words separated by single spaces.
 */

/** Long form -> the USPS abbreviation every spelling is reduced to. */
const suffixes: Record<string, string> = {
  street: 'st', str: 'st', st: 'st',
  avenue: 'ave', av: 'ave', ave: 'ave', aven: 'ave', avn: 'ave',
  court: 'ct', crt: 'ct', ct: 'ct',
  drive: 'dr', drv: 'dr', dr: 'dr',
  boulevard: 'blvd', boul: 'blvd', blv: 'blvd', blvd: 'blvd',
  lane: 'ln', ln: 'ln',
  road: 'rd', rd: 'rd',
  way: 'way', wy: 'way',
  circle: 'cir', circ: 'cir', crcl: 'cir', cir: 'cir',
  place: 'pl', pl: 'pl',
  terrace: 'ter', terr: 'ter', ter: 'ter',
  parkway: 'pkwy', pkway: 'pkwy', pky: 'pkwy', pkwy: 'pkwy',
  highway: 'hwy', hiway: 'hwy', hwy: 'hwy',
  trail: 'trl', trl: 'trl',
  square: 'sq', sq: 'sq',
  loop: 'loop',
  alley: 'aly', aly: 'aly',
  expressway: 'expy', expy: 'expy',
  freeway: 'fwy', fwy: 'fwy',
  plaza: 'plz', plz: 'plz',
  point: 'pt', pt: 'pt',
  crossing: 'xing', xing: 'xing',
  commons: 'cmns', cmns: 'cmns',
  grove: 'grv', grv: 'grv',
  heights: 'hts', hts: 'hts',
  hollow: 'holw', holw: 'holw',
  landing: 'lndg', lndg: 'lndg',
  meadow: 'mdw', meadows: 'mdws', mdw: 'mdw', mdws: 'mdws',
  path: 'path',
  pike: 'pike',
  ridge: 'rdg', rdg: 'rdg',
  run: 'run',
  view: 'vw', vw: 'vw',
  vista: 'vis', vis: 'vis',
  walk: 'walk',
  cove: 'cv', cv: 'cv',
  creek: 'crk', crk: 'crk',
  glen: 'gln', gln: 'gln',
  harbor: 'hbr', hbr: 'hbr',
  island: 'is',
  lake: 'lk', lk: 'lk',
  mount: 'mt', mt: 'mt',
  mountain: 'mtn', mtn: 'mtn',
  park: 'park',
  spring: 'spg', spg: 'spg',
  springs: 'spgs', spgs: 'spgs',
  station: 'sta', sta: 'sta',
  valley: 'vly', vly: 'vly',
};

const directionals: Record<string, string> = {
  north: 'n', n: 'n',
  south: 's', s: 's',
  east: 'e', e: 'e',
  west: 'w', w: 'w',
  northeast: 'ne', ne: 'ne',
  northwest: 'nw', nw: 'nw',
  southeast: 'se', se: 'se',
  southwest: 'sw', sw: 'sw',
};

const units: Record<string, string> = {
  unit: 'unit', apartment: 'unit', apt: 'unit', suite: 'unit', ste: 'unit',
};

const abbreviations: Record<string, string> = { ...suffixes, ...directionals, ...units };

/** Every abbreviation -> its long spelling (for matching what a person is still typing, e.g. "stre"). */
const longForms: Record<string, string> = (() => {
  const result: Record<string, string> = {};
  for (const table of [suffixes, directionals]) {
    for (const [word, abbreviation] of Object.entries(table)) {
      if (word.length > (result[abbreviation]?.length ?? 0)) result[abbreviation] = word;
    }
  }
  return result;
})();

/** The long spelling of an abbreviation ("st" -> "street"), or undefined. */
export function longFormOf(token: string): string | undefined {
  const long = longForms[token];
  return long && long !== token ? long : undefined;
}

/**
 * Text -> plain words: NFKD with accents removed, lowercase, apostrophes and quotes dropped ("O'Neil" ->
 * "oneil"), "#" read as "unit", ordinal suffixes kept ("1st"), anything else that is not a letter or digit
 * a separator.
 */
export function addressWords(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´"“”„«»]/g, '')
    .replace(/#/g, ' unit ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return plain === '' ? [] : plain.split(' ');
}

/** One word's canonical spelling ("street" -> "st", "north" -> "n", "apt" -> "unit"). */
export function canonicalWord(word: string): string {
  return abbreviations[word] ?? word;
}

/** The search key of an address: canonical words joined by single spaces. */
export function normalizeAddress(text: string): string {
  return canonicalWords(text).join(' ');
}

export function canonicalWords(text: string): string[] {
  return addressWords(text).map(canonicalWord);
}
