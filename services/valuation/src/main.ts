import './tracing';
import { createLogger, handleShutdown, runMain } from '@hsa/service-kit';
import { readValuationConfig } from './config';
import { startValuationService } from './service';

const logger = createLogger('valuation');

runMain(logger, async () => {
  const config = readValuationConfig();
  const service = await startValuationService(config, { logger });
  handleShutdown(logger, [() => service.close()]);
  logger.info(
    { grpcPort: service.grpcPort, healthPort: service.healthPort, dataSource: service.dataSource },
    'valuation service ready',
  );
});
