/**
 * The words of a fixed list of items, sorted, each with the items it is in: the items having a word that starts with
 * a typed prefix are found by binary search over the words instead of by reading every item.
 */
export class WordPrefixIndex {
  /** Distinct words in code-unit order, so the words starting with a prefix are one run of this array. */
  private readonly words: string[];
  /** Per word (same position): the items it is in, by position in the list given, ascending, no repeats. */
  private readonly postings: number[][];
  /** Per word: how many postings the words before it have (one more entry at the end), to size a run at once. */
  private readonly postingsBefore: number[];

  constructor(itemWords: readonly (readonly string[])[]) {
    const itemsByWord = new Map<string, number[]>();
    itemWords.forEach((words, position) => {
      for (const word of new Set(words)) {
        const items = itemsByWord.get(word);
        if (items) items.push(position);
        else itemsByWord.set(word, [position]);
      }
    });
    this.words = [...itemsByWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.postings = this.words.map((word) => itemsByWord.get(word)!);
    this.postingsBefore = [0];
    for (const items of this.postings) this.postingsBefore.push(this.postingsBefore.at(-1)! + items.length);
  }

  /**
   * The items having a word that starts with one of the prefixes of some group, taking the group with the fewest
   * (the rarest typed word): a superset of the items matching every group, to be checked one by one.
   */
  candidates(prefixGroups: readonly (readonly string[])[]): Set<number> {
    let rarest: readonly [number, number][] = [];
    let rarestCount = Number.POSITIVE_INFINITY;
    for (const prefixes of prefixGroups) {
      const runs = prefixes.map((prefix) => this.run(prefix));
      const count = runs.reduce((sum, [start, end]) => sum + this.postingsBefore[end]! - this.postingsBefore[start]!, 0);
      if (count < rarestCount) {
        rarest = runs;
        rarestCount = count;
      }
    }
    const items = new Set<number>();
    for (const [start, end] of rarest) {
      for (let word = start; word < end; word++) for (const item of this.postings[word]!) items.add(item);
    }
    return items;
  }

  /** [start, end): the positions of the words starting with `prefix`. */
  private run(prefix: string): [number, number] {
    // Every word starting with the prefix sorts before the prefix followed by the highest code unit.
    return [this.lowerBound(prefix), this.lowerBound(`${prefix}\uffff`)];
  }

  private lowerBound(value: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[middle]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
