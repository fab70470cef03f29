import { dayNumber } from '../hpi/dates';
import { KdTree, projectionAround, type Projection } from './geo';
import type { PropertyTypeCode, Sale, Subject } from './types';
import { propertyTypeCodes } from './types';

/** Numeric facts of a home, NaN where unknown (the form every model component works on). */
export interface HomeFacts {
  x: number;
  y: number;
  latitude: number;
  longitude: number;
  logSqft: number;
  bedrooms: number;
  bathrooms: number;
  yearBuilt: number;
  logLot: number;
  /** Index into propertyTypeCodes, NaN when unknown. */
  typeCode: number;
  /** Same coordinates (to ~1 m) and same living area: the same home. */
  propertyKey: string;
}

/** History sales in column form with a spatial index. */
export interface PreparedSales {
  sales: Sale[];
  n: number;
  projection: Projection;
  facts: HomeFacts[];
  day: Int32Array;
  logPrice: Float64Array;
  xs: Float64Array;
  ys: Float64Array;
  tree: KdTree;
  /** Sale indices per property key (repeat sales). */
  byKey: Map<string, number[]>;
}

const num = (v: number | null | undefined): number => (v === null || v === undefined || !Number.isFinite(v) ? Number.NaN : v);
const positiveLog = (v: number | null | undefined): number => {
  const x = num(v);
  return x > 0 ? Math.log(x) : Number.NaN;
};

export function typeCodeOf(type: PropertyTypeCode | null): number {
  if (!type) return Number.NaN;
  const i = propertyTypeCodes.indexOf(type);
  return i < 0 ? Number.NaN : i;
}

export function propertyKeyOf(latitude: number, longitude: number, livingSqft: number): string {
  return `${latitude.toFixed(5)},${longitude.toFixed(5)},${Math.round(livingSqft)}`;
}

export function factsOf(home: Subject | Sale, projection: Projection): HomeFacts {
  // A home with no bathrooms is not plausible; zero means "not recorded". Zero bedrooms can be a studio.
  const bathrooms = num(home.bathrooms);
  const bedrooms = num(home.bedrooms);
  const yearBuilt = num(home.yearBuilt);
  return {
    x: projection.x(home.latitude, home.longitude),
    y: projection.y(home.latitude),
    latitude: home.latitude,
    longitude: home.longitude,
    logSqft: positiveLog(home.livingSqft),
    bedrooms: bedrooms >= 0 && bedrooms < 30 ? bedrooms : Number.NaN,
    bathrooms: bathrooms > 0 && bathrooms < 30 ? bathrooms : Number.NaN,
    yearBuilt: yearBuilt > 1600 && yearBuilt < 2200 ? yearBuilt : Number.NaN,
    logLot: positiveLog(home.lotSqft),
    typeCode: typeCodeOf(home.propertyType),
    propertyKey: propertyKeyOf(home.latitude, home.longitude, home.livingSqft),
  };
}

/** True when a sale can be used at all (price, date, coordinates and living area present and positive). */
export function isUsableSale(sale: Sale): boolean {
  return (
    Number.isFinite(sale.salePrice) && sale.salePrice > 0 &&
    Number.isFinite(sale.latitude) && Number.isFinite(sale.longitude) &&
    Math.abs(sale.latitude) <= 90 && Math.abs(sale.longitude) <= 180 &&
    Number.isFinite(sale.livingSqft) && sale.livingSqft > 0 &&
    /^\d{4}-\d{2}-\d{2}$/.test(sale.saleDate)
  );
}

export function prepareSales(sales: Sale[], projection?: Projection): PreparedSales {
  const proj = projection ?? projectionAround(medianOf(sales.map((s) => s.latitude)));
  const facts = sales.map((s) => factsOf(s, proj));
  const xs = Float64Array.from(facts, (f) => f.x);
  const ys = Float64Array.from(facts, (f) => f.y);
  const byKey = new Map<string, number[]>();
  facts.forEach((f, i) => {
    const list = byKey.get(f.propertyKey);
    if (list) list.push(i);
    else byKey.set(f.propertyKey, [i]);
  });
  return {
    sales,
    n: sales.length,
    projection: proj,
    facts,
    day: Int32Array.from(sales, (s) => dayNumber(s.saleDate)),
    logPrice: Float64Array.from(sales, (s) => Math.log(s.salePrice)),
    xs,
    ys,
    tree: new KdTree(xs, ys),
    byKey,
  };
}

function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}
