import { insightsApiToMessage, type NeighborhoodServiceHandlers } from '@hsa/protos';
import { unary, type Logger } from '@hsa/service-kit';
import type { NeighborhoodOperations } from '../domain/operations';
import { parseInsightsRequest } from '../domain/requests';

/** neighborhood.v1.NeighborhoodService. The gateway checks property ownership before it asks. */
export function neighborhoodServiceHandlers(operations: NeighborhoodOperations, logger: Logger): NeighborhoodServiceHandlers {
  return {
    GetInsights: unary(logger, 'GetInsights', async (request) =>
      insightsApiToMessage(await operations.insights(parseInsightsRequest(request))),
    ),
  };
}
