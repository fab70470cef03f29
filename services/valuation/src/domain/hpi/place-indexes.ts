import { indexFromHpiSeries, type HpiCatalog } from './fhfa';
import type { LogLinearIndex } from './price-index';
import { chooseHpiSeries, type SeriesChoice } from './series-choice';

export interface PlaceIndex {
  index: LogLinearIndex;
  level: SeriesChoice['level'];
}

/**
 * The FHFA series for one place (metro whose title names the city, else the state's, else the national
 * series), built once per place and kept.
 */
export class PlaceIndexes {
  private readonly cache = new Map<string, PlaceIndex | null>();

  constructor(private readonly catalog: HpiCatalog) {}

  forPlace(city: string | null | undefined, state: string | null | undefined): PlaceIndex | undefined {
    const key = `${(city ?? '').trim().toUpperCase()}|${(state ?? '').trim().toUpperCase()}`;
    let chosen = this.cache.get(key);
    if (chosen === undefined) {
      const choice = chooseHpiSeries(this.catalog, [{ city: city ?? null, state: state ?? null }]);
      chosen = choice ? { index: indexFromHpiSeries(choice.series), level: choice.level } : null;
      this.cache.set(key, chosen);
    }
    return chosen ?? undefined;
  }
}
