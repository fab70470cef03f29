import type { ShownComparableSale, Coordinates } from '@hsa/contracts';

/** What every map of the wizard shows: the home and its comparable sales. */
export interface ComparablesMapProps {
  subject: {
    address: string;
    coordinates: Coordinates | null;
    /** Shown in the home's popup when known and not hidden (demo). */
    estimatedValue?: number | null;
  };
  comparables: ShownComparableSale[];
  /** The data-source label shown on the map, e.g. "Sample market data: Sacramento, CA sales, May 2008". */
  dataSource: string | null;
  /** Map height in pixels (default 380). */
  height?: number;
}

/** The comparables that can be placed on a map: those with valid coordinates, numbered in list order. */
export interface NumberedComparable {
  number: number;
  comparable: ShownComparableSale;
}
