import { formatAddressLine } from './format';
import { addressWords, canonicalWords, longFormOf } from './normalize';
import { sameWord, trigrams } from './similarity';
import { WordPrefixIndex } from './word-prefix-index';

/** An address the index can find. */
export interface AddressEntry {
  placeId: string;
  /** Street line as displayed, e.g. "3526 High St". */
  street: string;
  city: string;
  state: string;
  zip: string;
}

export interface AddressMatch<T extends AddressEntry> {
  entry: T;
  /** 0..1: share of the entry's street words the text contains (the house number must be equal). */
  confidence: number;
}

export const minSearchLength = 3;
export const maxSearchResults = 5;
/** Free text must name this share of a street's words (and its house number) to count as that address. */
export const matchThreshold = 0.75;
/** Below this trigram similarity a fuzzy candidate is not offered at all. */
const fuzzyThreshold = 0.45;

interface Indexed<T extends AddressEntry> {
  entry: T;
  description: string;
  /** Canonical words of the whole line: street words, then city, state and zip. */
  words: string[];
  /** Per word: the spellings a typed prefix may match (canonical and long form). */
  spellings: string[][];
  /** Every spelling between spaces, to find a word prefix with one substring search. */
  haystack: string;
  houseNumber: string | null;
  /** Canonical street words after the house number. */
  streetWords: string[];
  streetGramCount: number;
  allGramCount: number;
}

interface Ranked<T extends AddressEntry> {
  item: Indexed<T>;
  tier: number;
  score: number;
}

/**
 * In-memory address search over a fixed set of addresses (built once at start). Ranking: the typed text
 * as a prefix of the address (house number + street prefix) first, then addresses containing every typed
 * word in any order, then fuzzy matches by trigram similarity. Case, commas, extra spaces, accents, quotes
 * and street-suffix spellings (St/Street, Ct/Court, ...) don't matter.
 */
export class AddressIndex<T extends AddressEntry> {
  private readonly items: Indexed<T>[];
  private readonly byId = new Map<string, Indexed<T>>();
  private readonly byHouseNumber = new Map<string, Indexed<T>[]>();
  /** Trigram -> the items (by position) whose street / whole line contains it: fuzzy search without a full scan. */
  private readonly streetPostings = new Map<string, number[]>();
  private readonly allPostings = new Map<string, number[]>();
  /** Every spelling of every word: the addresses that may contain a typed word, without reading them all. */
  private readonly wordStarts: WordPrefixIndex;

  constructor(entries: readonly T[]) {
    this.items = entries.map((entry) => indexEntry(entry));
    this.items.sort((a, b) => (a.description < b.description ? -1 : a.description > b.description ? 1 : 0));
    this.items.forEach((item, position) => {
      const street = trigrams(item.houseNumber ? [item.houseNumber, ...item.streetWords] : item.streetWords);
      const all = trigrams(item.words);
      item.streetGramCount = street.size;
      item.allGramCount = all.size;
      for (const gram of street) push(this.streetPostings, gram, position);
      for (const gram of all) push(this.allPostings, gram, position);
    });
    this.wordStarts = new WordPrefixIndex(this.items.map((item) => item.spellings.flat()));
    for (const item of this.items) {
      this.byId.set(item.entry.placeId, item);
      if (item.houseNumber) {
        const list = this.byHouseNumber.get(item.houseNumber) ?? [];
        list.push(item);
        this.byHouseNumber.set(item.houseNumber, list);
      }
    }
  }

  get size(): number {
    return this.items.length;
  }

  byPlaceId(placeId: string): T | undefined {
    return this.byId.get(placeId)?.entry;
  }

  description(entry: AddressEntry): string {
    return formatAddressLine(entry);
  }

  /** Up to `limit` addresses for what a person is typing; nothing under 3 characters. */
  search(input: string, limit = maxSearchResults): T[] {
    if (input.trim().length < minSearchLength) return [];
    const raw = addressWords(input);
    const words = canonicalWords(input);
    if (words.length === 0 || words.join(' ').length < minSearchLength) return [];
    const queryNumber = /^\d+$/.test(words[0]!) ? words[0]! : null;

    const prefixes = typedWordPrefixes(words, raw);
    // The same prefixes as starts of a word of an address's haystack (its words between spaces).
    const needles = prefixes.map((spellings) => spellings.map((spelling) => ` ${spelling}`));
    const ranked: Ranked<T>[] = [];
    for (const position of this.wordStarts.candidates(prefixes)) {
      const item = this.items[position]!;
      // A prefix match also contains every word, so the cheaper test of the two rules out the other candidates first.
      if (!containsAll(needles, item)) continue;
      ranked.push({ item, tier: isPrefixOf(words, raw, item) ? 0 : 1, score: exactNumberBonus(queryNumber, item) });
    }
    if (ranked.length < limit) ranked.push(...this.fuzzy(words, queryNumber, new Set(ranked.map((r) => r.item))));
    ranked.sort(
      (a, b) =>
        a.tier - b.tier ||
        b.score - a.score ||
        a.item.words.length - b.item.words.length ||
        (a.item.description < b.item.description ? -1 : a.item.description > b.item.description ? 1 : 0),
    );
    return ranked.slice(0, limit).map((r) => r.item.entry);
  }

  /** Items whose trigram similarity (Sørensen–Dice, street or whole line) with the words passes the threshold. */
  private fuzzy(words: string[], queryNumber: string | null, exclude: Set<Indexed<T>>): Ranked<T>[] {
    const grams = trigrams(words);
    const sharedStreet = new Uint16Array(this.items.length);
    const sharedAll = new Uint16Array(this.items.length);
    for (const gram of grams) {
      for (const position of this.streetPostings.get(gram) ?? []) sharedStreet[position]!++;
      for (const position of this.allPostings.get(gram) ?? []) sharedAll[position]!++;
    }
    const ranked: Ranked<T>[] = [];
    for (let position = 0; position < this.items.length; position++) {
      if (sharedAll[position] === 0) continue;
      const item = this.items[position]!;
      if (exclude.has(item)) continue;
      const similarity = Math.max(
        (2 * sharedStreet[position]!) / (grams.size + item.streetGramCount),
        (2 * sharedAll[position]!) / (grams.size + item.allGramCount),
      );
      if (similarity < fuzzyThreshold) continue;
      ranked.push({ item, tier: 2, score: similarity + (queryNumber && item.houseNumber === queryNumber ? 0.1 : 0) });
    }
    return ranked;
  }

  /**
   * The address a free-text line means, when it is clear enough: same house number, the street's words
   * present (one typo allowed in longer words), and no contradicting ZIP code.
   */
  match(input: string): AddressMatch<T> | undefined {
    const words = canonicalWords(input);
    const number = words.find((w) => /^\d+$/.test(w));
    if (!number) return undefined;
    const rest = words.slice(words.indexOf(number) + 1);
    const zips = rest.filter((w) => /^\d{5}$/.test(w));
    let best: AddressMatch<T> | undefined;
    let bestZipAgrees = false;
    for (const item of this.byHouseNumber.get(number) ?? []) {
      if (zips.length > 0 && !zips.includes(item.entry.zip)) continue;
      const streetWords = item.streetWords;
      if (streetWords.length === 0) continue;
      const matched = streetWords.filter((w) => rest.some((q) => sameWord(q, w))).length;
      // The street's name (its first word) must be there: "3526 Main St" is not "3526 High St".
      if (!rest.some((q) => sameWord(q, streetWords[0]!))) continue;
      const confidence = matched / streetWords.length;
      const zipAgrees = zips.includes(item.entry.zip);
      if (!best || confidence > best.confidence || (confidence === best.confidence && zipAgrees && !bestZipAgrees)) {
        best = { entry: item.entry, confidence };
        bestZipAgrees = zipAgrees;
      }
    }
    return best && best.confidence >= matchThreshold ? best : undefined;
  }
}

function indexEntry<T extends AddressEntry>(entry: T): Indexed<T> {
  const streetWords = canonicalWords(entry.street);
  const placeWords = canonicalWords(`${entry.city} ${entry.state} ${entry.zip}`);
  const words = [...streetWords, ...placeWords];
  const houseNumber = streetWords[0] && /^\d+$/.test(streetWords[0]) ? streetWords[0] : null;
  const spellings = words.map((w) => {
    const long = longFormOf(w);
    return long ? [w, long] : [w];
  });
  return {
    entry,
    description: formatAddressLine(entry),
    words,
    spellings,
    haystack: ` ${spellings.flat().join(' ')} `,
    houseNumber,
    streetWords: houseNumber ? streetWords.slice(1) : streetWords,
    streetGramCount: 0,
    allGramCount: 0,
  };
}

/** The last typed word may be unfinished: it matches as a prefix of either spelling (or its raw form does). */
function wordMatches(query: string, rawQuery: string | undefined, spellings: string[], last: boolean): boolean {
  if (!last) return spellings[0] === query;
  return spellings.some((s) => s.startsWith(query) || (rawQuery !== undefined && s.startsWith(rawQuery)));
}

function isPrefixOf<T extends AddressEntry>(words: string[], raw: string[], item: Indexed<T>): boolean {
  if (words.length > item.words.length) return false;
  const lastIndex = words.length - 1;
  for (let i = 0; i < words.length; i++) {
    if (!wordMatches(words[i]!, raw[i], item.spellings[i]!, i === lastIndex)) return false;
  }
  return true;
}

/** Per typed word, its spellings as typed: canonical and, when it differs, raw. Each is the start of an address's word. */
function typedWordPrefixes(words: string[], raw: string[]): string[][] {
  return words.map((word, i) => {
    const rawWord = raw[i];
    return rawWord && rawWord !== word ? [word, rawWord] : [word];
  });
}

/** Every typed word starts some word of the address (unfinished words match as prefixes), in any order. */
function containsAll<T extends AddressEntry>(needles: string[][], item: Indexed<T>): boolean {
  return needles.every((alternatives) => alternatives.some((needle) => item.haystack.includes(needle)));
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function exactNumberBonus<T extends AddressEntry>(queryNumber: string | null, item: Indexed<T>): number {
  return queryNumber !== null && item.houseNumber === queryNumber ? 1 : 0;
}
