import './tracing';
import { createLogger, handleShutdown, runMain } from '@hsa/service-kit';
import { readPropertyConfig } from './config';
import { startPropertyService } from './service';

const logger = createLogger('property');

runMain(logger, async () => {
  const config = readPropertyConfig();
  const service = await startPropertyService(config, { logger });
  handleShutdown(logger, [() => service.close()]);
  logger.info({ grpcPort: service.grpcPort, healthPort: service.healthPort }, 'property service ready');
});
