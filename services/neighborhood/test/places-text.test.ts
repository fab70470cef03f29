import { describe, expect, it } from 'vitest';
import type { PlaceNearby, PlacesAround } from '../src/domain/places';
import { familyText, placeFeatures } from '../src/domain/places-text';

const school = (name: string, grades: string, bands: PlaceNearby['bands'], distanceMiles: number): PlaceNearby => ({
  name,
  kind: 'school',
  location: { lat: 38.7, lng: -120.6 },
  detail: '',
  level: null,
  grades,
  bands,
  source: 'California Department of Education school directory (2018)',
  distanceMiles,
});

const around = (schools: PlaceNearby[]): PlacesAround =>
  ({ radiusMiles: 1.5, places: { schools, parks: [], grocery: [], transitStops: [] }, routes: [] }) as unknown as PlacesAround;

describe('texts about schools', () => {
  it('never calls a middle school that teaches grade 5 an elementary school', () => {
    const middle = school('Sierra Ridge Middle', '5-8', ['elementary', 'secondary'], 3);
    const text = familyText(around([middle]));
    expect(text).not.toMatch(/elementary school is/);
    expect(text).toContain('the nearest public school teaching elementary grades is Sierra Ridge Middle (grades 5-8), 3');
    expect(placeFeatures(around([middle]))[0]).toMatch(/^Nearest school with elementary grades: Sierra Ridge Middle/);
  });

  it('names a separate secondary school by the grades it teaches', () => {
    const text = familyText(around([school('Pine Elementary', 'K-5', ['elementary'], 1), school('Ridge High', '9-12', ['secondary'], 2)]));
    expect(text).toContain('teaching elementary grades is Pine Elementary (grades K-5)');
    expect(text).toContain('teaching middle or high school grades is Ridge High (grades 9-12)');
  });
});
