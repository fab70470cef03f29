import { describe, expect, it } from 'vitest';
import { WordPrefixIndex } from '../src/domain/address/word-prefix-index';

const items = [
  ['3526', 'high', 'st', 'street', 'sacramento'],
  ['3924', 'high', 'st', 'street', 'sacramento'],
  ['35', 'highland', 'dr', 'drive', 'roseville'],
  ['51', 'omaha', 'ct', 'court', 'sacramento'],
  ['7', 'crystalwood', 'cir', 'circle', 'lincoln'],
];
const index = new WordPrefixIndex(items);
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe('WordPrefixIndex', () => {
  it('finds the items with a word starting with the prefix, each once', () => {
    expect(sorted(index.candidates([['hig']]))).toEqual([0, 1, 2]);
    expect(sorted(index.candidates([['high']]))).toEqual([0, 1, 2]);
    expect(sorted(index.candidates([['highl']]))).toEqual([2]);
    // "st" and "street" are both words of items 0 and 1: still one candidate each.
    expect(sorted(index.candidates([['st']]))).toEqual([0, 1]);
  });

  it('takes the rarest typed word, so every item matching all of them is among the candidates', () => {
    expect(sorted(index.candidates([['sacramento'], ['35']]))).toEqual([0, 2]);
    expect(sorted(index.candidates([['35'], ['sacramento']]))).toEqual([0, 2]);
    expect(sorted(index.candidates([['s'], ['omaha']]))).toEqual([3]);
  });

  it('joins the alternative spellings of one typed word', () => {
    expect(sorted(index.candidates([['court', 'circle']]))).toEqual([3, 4]);
  });

  it('finds nothing for a prefix no word starts with, nor a prefix past the last word', () => {
    expect(index.candidates([['zz']]).size).toBe(0);
    expect(index.candidates([['high'], ['nowhere']]).size).toBe(0);
    expect(index.candidates([['\uffff']]).size).toBe(0);
    expect(new WordPrefixIndex([]).candidates([['a']]).size).toBe(0);
  });
});
