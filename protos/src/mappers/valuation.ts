import {
  valuationMessages,
  type AddressPrediction,
  type HomeValuation,
  type PropertyLookupResponse,
  type ValueHistoryResponse,
} from '@hsa/contracts';
import type { AddressPrediction__Output as AddressPredictionMessage } from '../gen/valuation/v1/AddressPrediction';
import type { LookupResponse__Output as LookupResponseMessage } from '../gen/valuation/v1/LookupResponse';
import type { Valuation__Output as ValuationMessage } from '../gen/valuation/v1/Valuation';
import type { ValueHistoryResponse__Output as ValueHistoryResponseMessage } from '../gen/valuation/v1/ValueHistoryResponse';
import { comparableSaleToApi, homeFactsToApi, orNull, recordedSaleToApi } from './common';

/**
 * The one mapping between valuation.v1 messages and the HTTP API's shapes (contracts), used by the gateway. The shared
 * shapes (facts, comparables, sales) map in ./common.
 */

export function predictionMessageToApi(msg: AddressPredictionMessage): AddressPrediction {
  return { description: msg.description, place_id: msg.placeId };
}

/** One valuation: its estimate (a range only when the provider gave one) and the evidence it used. */
export function valuationToApi(msg: ValuationMessage, dataSource: string): HomeValuation {
  const ranged = msg.low !== undefined && msg.high !== undefined;
  return {
    estimatedValue: msg.estimate,
    estimatedValueLow: ranged ? msg.low! : null,
    estimatedValueHigh: ranged ? msg.high! : null,
    confidence: orNull(msg.confidence),
    valueDate: msg.valueDate,
    notes: msg.notes,
    comparables: msg.comparables.map((c) => comparableSaleToApi(c, dataSource)),
    saleHistory: msg.saleHistory.map(recordedSaleToApi),
  };
}

export function lookupResponseToApi(msg: LookupResponseMessage): PropertyLookupResponse {
  if (!msg.found || !msg.property) return { success: false, message: msg.message || valuationMessages.notFound };
  const valuation = msg.valuation ? valuationToApi(msg.valuation, msg.dataSource) : null;
  return {
    success: true,
    property: {
      ...homeFactsToApi(msg.property),
      estimatedValue: valuation?.estimatedValue ?? null,
      estimatedValueLow: valuation?.estimatedValueLow ?? null,
      estimatedValueHigh: valuation?.estimatedValueHigh ?? null,
    },
    dataSource: msg.dataSource,
    confidence: valuation?.confidence ?? null,
    valueDate: valuation?.valueDate || null,
    notes: valuation?.notes ?? [],
    comparables: valuation?.comparables ?? [],
    saleHistory: valuation?.saleHistory ?? [],
  };
}

const indexLevels = ['metro', 'state', 'national'] as const;

export function valueHistoryResponseToApi(msg: ValueHistoryResponseMessage): ValueHistoryResponse {
  if (!msg.found || !msg.index) return { found: false, message: msg.message || valuationMessages.noValueHistory, dataSource: msg.dataSource };
  const level = (indexLevels as readonly string[]).includes(msg.index.level) ? (msg.index.level as (typeof indexLevels)[number]) : 'national';
  return {
    found: true,
    estimate: msg.estimate,
    low: msg.low,
    high: msg.high,
    valueDate: msg.valueDate,
    index: { name: msg.index.name, level, firstPeriod: msg.index.firstPeriod, lastPeriod: msg.index.lastPeriod, endDate: msg.index.endDate },
    points: msg.points.map((p) => ({ date: p.date, value: p.value, low: p.low, high: p.high, afterIndexEnd: p.afterIndexEnd })),
    sales: msg.sales.map(recordedSaleToApi),
    notes: msg.notes,
    dataSource: msg.dataSource,
  };
}
