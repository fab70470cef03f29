import { z } from 'zod';
import type * as common from './gen/common';
import type { PropertyType } from './property';
import { singleLine, textMessages } from './text';

/**
 * The valuation calls of the API (spec section 7): address autocomplete, address lookup, comparables and
 * refresh valuation. Request validation here is shared by the gateway and the valuation service.
 */

export const valuationLimits = {
  /** Autocomplete searches only from this many characters (spec section 5). */
  autocompleteMinLength: 3,
  /** Suggestions shown (spec section 9). */
  autocompleteMaxResults: 5,
  autocompleteMaxLength: 200,
  addressMaxLength: 300,
  /** Demo comparables answer only for addresses this long (spec section 5). */
  demoAddressMinLength: 10,
} as const;

export const valuationMessages = {
  addressRequired: 'Address is required',
  addressTooLong: `Address must be at most ${valuationLimits.addressMaxLength} characters`,
  addressUnreadable: 'Address must contain letters or numbers',
  addressControlCharacters: textMessages.controlCharacters('Address'),
  autocompleteTooLong: `Search text must be at most ${valuationLimits.autocompleteMaxLength} characters`,
  autocompleteNotText: 'input must be a single text value',
  demoAddressTooShort: `Address must have at least ${valuationLimits.demoAddressMinLength} characters`,
  placeIdInvalid: 'placeId must be at most 300 characters',
  sessionTokenInvalid: 'sessionToken must be letters, digits, "-" or "_" (at most 36)',
  notFound: 'Unable to find authentic property data for this address.',
  noValueHistory: 'No value history is available for this property.',
  valuationRange: 'Values must satisfy estimatedValueLow <= estimatedValue <= estimatedValueHigh',
} as const;

const letterOrDigit = /[\p{L}\p{N}]/u;

/** A free-text US address as a person types it. Unicode and punctuation are fine; it must say something. */
export const addressTextSchema = singleLine(
  z
    .string({ error: valuationMessages.addressRequired })
    .trim()
    .min(1, valuationMessages.addressRequired)
    .max(valuationLimits.addressMaxLength, valuationMessages.addressTooLong),
  'Address',
).refine((s) => letterOrDigit.test(s), valuationMessages.addressUnreadable);

const placeIdSchema = singleLine(
  z.string({ error: valuationMessages.placeIdInvalid }).trim().max(300, valuationMessages.placeIdInvalid),
  'placeId',
);

/**
 * The address box's autocomplete session (Google Places: "a URL and filename safe base64 string with at most 36
 * ASCII characters"; the browser sends a version 4 UUID). Predictions of one session are billed with the lookup
 * that ends it.
 */
export const sessionTokenSchema = z
  .string({ error: valuationMessages.sessionTokenInvalid })
  .regex(/^[A-Za-z0-9_-]{1,36}$/, valuationMessages.sessionTokenInvalid);

/** Query of GET /api/address-autocomplete?input=&sessionToken= (under 3 characters answers no predictions, not an error). */
export const addressAutocompleteQuerySchema = z.object({
  input: singleLine(
    z.string({ error: valuationMessages.autocompleteNotText }).max(valuationLimits.autocompleteMaxLength, valuationMessages.autocompleteTooLong),
    'Address',
  ).default(''),
  sessionToken: sessionTokenSchema.optional(),
});
export type AddressAutocompleteQuery = z.output<typeof addressAutocompleteQuerySchema>;

/** Body of POST /api/properties/lookup. */
export const propertyLookupSchema = z.object({
  address: addressTextSchema,
  placeId: placeIdSchema.nullish(),
  /** The autocomplete session the address comes from: the lookup ends it. */
  sessionToken: sessionTokenSchema.nullish(),
});
export type PropertyLookupInput = z.input<typeof propertyLookupSchema>;
export type PropertyLookup = z.output<typeof propertyLookupSchema>;

/**
 * Query of GET /api/properties/demo-property/comparables?address=&placeId=: the place id (of the lookup) says which
 * home it is; the address text is matched only without one.
 */
export const demoComparablesQuerySchema = z.object({
  address: addressTextSchema.refine(
    (s) => s.length >= valuationLimits.demoAddressMinLength,
    valuationMessages.demoAddressTooShort,
  ),
  placeId: placeIdSchema.optional(),
});
export type DemoComparablesQuery = z.output<typeof demoComparablesQuerySchema>;

const dollars = z.number().int('Must be a whole number of dollars').min(0).max(1_000_000_000);

/** A value estimate saved on a property (refresh valuation). */
export const valuationValuesSchema = z
  .object({ estimatedValue: dollars, estimatedValueLow: dollars, estimatedValueHigh: dollars })
  .refine((v) => v.estimatedValueLow <= v.estimatedValue && v.estimatedValue <= v.estimatedValueHigh, {
    message: valuationMessages.valuationRange,
    path: ['estimatedValueLow'],
  });
export type ValuationValues = z.output<typeof valuationValuesSchema>;

/**
 * A refreshed estimate saved on a property: the range is null when the valuation gave none (a provider may answer
 * a value without one); otherwise low <= value <= high.
 */
export const refreshedValuationSchema = z
  .object({ estimatedValue: dollars, estimatedValueLow: dollars.nullable(), estimatedValueHigh: dollars.nullable() })
  .refine((v) => (v.estimatedValueLow === null) === (v.estimatedValueHigh === null), {
    message: 'estimatedValueLow and estimatedValueHigh go together',
    path: ['estimatedValueLow'],
  })
  .refine(
    (v) => v.estimatedValueLow === null || v.estimatedValueHigh === null || (v.estimatedValueLow <= v.estimatedValue && v.estimatedValue <= v.estimatedValueHigh),
    { message: valuationMessages.valuationRange, path: ['estimatedValueLow'] },
  );
export type RefreshedValuation = z.output<typeof refreshedValuationSchema>;

/** The spec's Address prediction. */
export interface AddressPrediction {
  description: string;
  place_id: string;
}

/** GET /api/address-autocomplete */
export interface AddressAutocompleteResponse {
  success: boolean;
  predictions: AddressPrediction[];
  /** Where the addresses come from, e.g. "Sample market data: Sacramento, CA sales, May 2008". */
  dataSource: string;
}

/**
 * The facts of a home (common.v1.HomeFacts, generated into ./gen/common): unknown facts are null, an unknown place id
 * is empty.
 */
export type HomeFacts = Omit<common.HomeFacts, 'propertyType'> & { propertyType: PropertyType };

/** The spec's Property fields a lookup fills: the home's facts and its estimate (null when it could not be valued). */
export interface LookupProperty extends HomeFacts {
  estimatedValue: number | null;
  estimatedValueLow: number | null;
  estimatedValueHigh: number | null;
}

/** A recorded sale of the home itself (common.v1.RecordedSale): its sale history, never one of its comparables. */
export type RecordedSale = common.RecordedSale;

/** How a comparable's price was adjusted for one difference from the home; `label` is what a seller reads. */
export type ComparableAdjustment = common.Adjustment;

/**
 * The spec's Comparable sale, plus how the valuation used it (common.v1.ComparableSale), with the label of where it
 * comes from. GET /api/properties/{id}/comparables and /api/properties/demo-property/comparables answer a list of
 * these: the comparables the estimate used, most weight first; never a sale of the home itself.
 * "sale": a recorded sale (saleAmount was paid on saleDate). "listing": a home listed for sale, as listing-based
 * providers (RentCast) answer: saleAmount is its list price and saleDate its listing date; show them so.
 */
export type ComparableSale = Omit<common.ComparableSale, 'propertyType' | 'priceKind'> & {
  propertyType: PropertyType | null;
  priceKind: ComparablePriceKind;
  dataSource: string;
};

/** What one valuation used, from the same run as its estimate: its comparables and the home's sale history. */
export interface ValuationEvidence {
  comparables: ComparableSale[];
  /** Oldest first; empty when none is recorded. */
  saleHistory: RecordedSale[];
}

/**
 * The figures of a comparable that say what the subject home is worth (their weighted mean is the estimate): an
 * anonymous caller's comparables leave them out, like its lookup leaves out the estimate.
 */
export const estimateEvidenceFields = ['timeAdjustedPrice', 'adjustedValue', 'adjustments', 'weight'] as const;
/** A comparable sale as an anonymous caller (the demo) gets it: the sale as recorded, not what it says the home is worth. */
export type AnonymousComparableSale = Omit<ComparableSale, (typeof estimateEvidenceFields)[number]>;
/** A comparable sale as the browser receives it: whole for a signed-in caller, without the estimate's figures for the demo. */
export type ShownComparableSale = ComparableSale | AnonymousComparableSale;

/**
 * What a lookup answers beside the estimate, from the same run: the comparables it used and the home's sale history.
 * An anonymous caller's comparables leave out what reveals the estimate and its sale history is empty.
 */
export interface LookupEvidence {
  comparables: ShownComparableSale[];
  saleHistory: RecordedSale[];
}

/** One valuation of a home (one run): the estimate, its range when the provider gave one, and the evidence it used. */
export interface HomeValuation extends ValuationEvidence {
  estimatedValue: number;
  estimatedValueLow: number | null;
  estimatedValueHigh: number | null;
  /** 0..1; null when the provider gives none. */
  confidence: number | null;
  /** The price level of the estimate (YYYY-MM-DD). */
  valueDate: string;
  notes: string[];
}

/** POST /api/properties/lookup: the home, its estimate and the evidence of that estimate (one valuation run). */
export type PropertyLookupResponse =
  | ({
      success: true;
      property: LookupProperty;
      dataSource: string;
      /** 0..1, how often similar estimates landed within 10% of the price. */
      confidence: number | null;
      /** The price level of the estimate (YYYY-MM-DD). */
      valueDate: string | null;
      notes: string[];
      /**
       * True when the home has an estimate that only signed-in users get: an anonymous caller's answer carries no
       * figure of it (value, range, notes, what each comparable says the home is worth, the home's sale history),
       * so the demo's blurred estimate cannot be read anywhere in the browser.
       */
      estimateWithheld?: boolean;
    } & LookupEvidence)
  | { success: false; message: string };

export const comparablePriceKinds = ['sale', 'listing'] as const;
export type ComparablePriceKind = (typeof comparablePriceKinds)[number];

/** POST /api/properties/{id}/refresh-valuation (a null range: the valuation gave none). */
export type RefreshValuationResponse = RefreshedValuation;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

/** The house price index a value history follows (FHFA; metro, else state, else national). */
export const priceIndexInfoSchema = z.object({
  /** e.g. "FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro)" */
  name: z.string(),
  level: z.enum(['metro', 'state', 'national']),
  /** e.g. "1976 Q2" */
  firstPeriod: z.string(),
  /** e.g. "2024 Q3" */
  lastPeriod: z.string(),
  /** Last day of the last period. */
  endDate: isoDate,
});
export type PriceIndexInfo = z.output<typeof priceIndexInfoSchema>;

/** The estimate carried to one date along the index, with its range. */
export const valuePointSchema = z.object({
  date: isoDate,
  value: dollars,
  low: dollars,
  high: dollars,
  /** After the index's last period: held at its last level. */
  afterIndexEnd: z.boolean(),
});
export type ValuePoint = z.output<typeof valuePointSchema>;

export const recordedSaleSchema = z.object({ date: isoDate, price: dollars, timeAdjustedPrice: dollars.nullable() }) satisfies z.ZodType<RecordedSale>;

/**
 * GET /api/properties/{id}/value-history: the home's estimated value over time (the saved estimate carried
 * back along the price index, oldest point first) and its own recorded sales; or why there is none.
 */
export const valueHistoryResponseSchema = z.discriminatedUnion('found', [
  z.object({
    found: z.literal(true),
    estimate: dollars,
    low: dollars,
    high: dollars,
    valueDate: isoDate,
    index: priceIndexInfoSchema,
    points: z.array(valuePointSchema),
    sales: z.array(recordedSaleSchema),
    notes: z.array(z.string()),
    dataSource: z.string(),
  }),
  z.object({ found: z.literal(false), message: z.string(), dataSource: z.string() }),
]);
export type ValueHistoryResponse = z.output<typeof valueHistoryResponseSchema>;
