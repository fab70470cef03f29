import type { DataCredit } from '@hsa/contracts';
import type { LatLng } from './geo';

/** The census tract a home lies in, with its median house value in the 2000 census. */
export interface TractFacts {
  fips: string;
  /** e.g. "Census tract 74.01, Sacramento County". */
  name: string;
  medianHouseValue2000: number | null;
  source: string;
}

/** Where a home lies: its City of Sacramento neighborhood (if any) and its census tract (if any). */
export interface AreaFacts {
  neighborhood: { name: string; source: string } | null;
  tract: TractFacts | null;
}

/** The areas a home lies in (neighborhood names, census tracts). */
export interface AreaSource {
  locate(at: LatLng): AreaFacts;
  credits(facts: AreaFacts): DataCredit[];
}

const counties: Record<string, string> = {
  '017': 'El Dorado County',
  '061': 'Placer County',
  '067': 'Sacramento County',
  '101': 'Sutter County',
  '113': 'Yolo County',
};

/** "06067007401" -> "Census tract 74.01, Sacramento County" (the tract code's last two digits are its suffix). */
export function tractName(fips: string): string {
  const county = counties[fips.slice(2, 5)] ?? `county ${fips.slice(2, 5)}`;
  const code = fips.slice(5);
  const base = String(Number(code.slice(0, 4)));
  const suffix = code.slice(4);
  return `Census tract ${suffix === '00' ? base : `${base}.${suffix}`}, ${county}`;
}
