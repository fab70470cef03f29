import type { DataCredit } from '@hsa/contracts';

/**
 * The data sets of the neighborhood data folder, with their years and the credit lines of its data card
 * (README.md there). `label` is how a place names its source.
 */
export interface OpenDataSet extends DataCredit {
  label: string;
}

const dataSet = (id: string, name: string, short: string, year: string, credit: string): OpenDataSet => ({
  id,
  name,
  year,
  credit,
  label: `${short} (${year})`,
});

export const openDataSets = {
  schools: dataSet(
    'cde-schools',
    'Public schools: California Department of Education school directory; schools open in May 2008',
    'California Department of Education school directory',
    '2018',
    'California Department of Education. A state public data file; no explicit licence.',
  ),
  parks: dataSet(
    'cpad-parks',
    'Parks and open space: California Protected Areas Database',
    'California Protected Areas Database',
    'about 2015',
    'California Protected Areas Database (CPAD), GreenInfo Network',
  ),
  grocery: dataSet(
    'wic-grocery',
    'Grocery stores: California WIC vendor list (stores that do not accept WIC are missing)',
    'California WIC vendor list',
    'about 2019',
    'California Department of Public Health (WIC vendor list), via Code for Sacramento',
  ),
  transit: dataSet(
    'sacrt-gtfs',
    'Transit: Sacramento Regional Transit GTFS feed "Spring_2021" (SacRT only)',
    'SacRT GTFS feed',
    '2021',
    'Sacramento Regional Transit (SacRT). Public GTFS feed.',
  ),
  tracts: dataSet(
    'census-2000-tracts',
    'Census tracts and their median house value: Census 2000',
    'US Census',
    '2000',
    'US Census Bureau (public domain); PySAL example data (BSD-3-Clause)',
  ),
  neighborhoods: dataSet(
    'sacramento-neighborhoods',
    'Neighborhood names: City of Sacramento neighborhoods (City of Sacramento only)',
    'City of Sacramento neighborhoods',
    '2013',
    "City of Sacramento, via Code for America's \"Click that 'hood\" (MIT)",
  ),
} as const;

/** The public credit of a data set (without its internal label). */
export function creditOf(set: OpenDataSet): DataCredit {
  return { id: set.id, name: set.name, year: set.year, credit: set.credit };
}
