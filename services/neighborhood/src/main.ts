import './tracing';
import { createLogger, handleShutdown, runMain } from '@hsa/service-kit';
import { readNeighborhoodConfig } from './config';
import { startNeighborhoodService } from './service';

const logger = createLogger('neighborhood');

runMain(logger, async () => {
  const config = readNeighborhoodConfig();
  const service = await startNeighborhoodService(config, { logger });
  handleShutdown(logger, [() => service.close()]);
  logger.info({ grpcPort: service.grpcPort, healthPort: service.healthPort }, 'neighborhood service ready');
});
