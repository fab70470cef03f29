import type { ValuationServiceHandlers } from '@hsa/protos';
import { unary, type Logger } from '@hsa/service-kit';
import { toEstimateResponse, toLookupResponse, toNearbySalesResponse, toValueHistoryResponse } from '../domain/messages';
import type { ValuationOperations } from '../domain/operations';
import {
  parseAutocompleteRequest,
  parseNearbySalesLimit,
  parseLookupRequest,
  parsePriceIndexRequest,
  parseSubject,
  parseValueHistoryRequest,
} from '../domain/requests';

/**
 * valuation.v1.ValuationService. Nothing here is scoped to a user (the gateway checks ownership of a saved
 * property before asking about it), so no user is required, only a trusted caller's token. Inputs are validated first: bad ones are
 * INVALID_ARGUMENT with a clear message.
 */
export function valuationServiceHandlers(operations: ValuationOperations, logger: Logger): ValuationServiceHandlers {
  const open = { requireUser: false };
  return {
    Autocomplete: unary(
      logger,
      'Autocomplete',
      async (request) => {
        const { input, sessionToken } = parseAutocompleteRequest(request);
        const result = await operations.autocomplete(input, sessionToken);
        return { predictions: result.predictions, dataSource: result.dataSource };
      },
      open,
    ),

    Lookup: unary(
      logger,
      'Lookup',
      async (request) => {
        const { address, placeId, sessionToken } = parseLookupRequest(request);
        const outcome = await operations.lookup(address, placeId ?? undefined, sessionToken ?? undefined);
        return toLookupResponse(outcome, operations.data.dataSource);
      },
      open,
    ),

    Estimate: unary(
      logger,
      'Estimate',
      async (request) => {
        const subject = parseSubject(request.subject);
        const outcome = await operations.estimate(subject);
        return toEstimateResponse(outcome, operations.data.dataSource);
      },
      open,
    ),

    NearbySales: unary(
      logger,
      'NearbySales',
      async (request) => {
        const subject = parseSubject(request.subject);
        const result = await operations.nearbySales(subject, parseNearbySalesLimit(request.limit));
        return toNearbySalesResponse(result, operations.data.dataSource);
      },
      open,
    ),

    ValueHistory: unary(
      logger,
      'ValueHistory',
      async (request) => {
        const { subject, given } = parseValueHistoryRequest(request);
        return toValueHistoryResponse(await operations.valueHistory(subject, given), operations.data.dataSource);
      },
      open,
    ),

    AdjustForPriceIndex: unary(
      logger,
      'AdjustForPriceIndex',
      async (request) => {
        const { amount, fromDate } = parsePriceIndexRequest(request);
        const adjustment = operations.adjustForPriceIndex(amount, fromDate);
        if (!adjustment) return { found: false, message: 'No house price index is loaded, so amounts cannot be brought to today.' };
        return { found: true, ...adjustment };
      },
      open,
    ),
  };
}
