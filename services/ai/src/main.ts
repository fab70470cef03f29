import './tracing';
import { createLogger, handleShutdown, runMain } from '@hsa/service-kit';
import { readAiConfig } from './config';
import { startAiService } from './service';

const logger = createLogger('ai');

runMain(logger, async () => {
  const config = readAiConfig();
  const service = await startAiService(config, { logger });
  handleShutdown(logger, [() => service.close()]);
  logger.info({ grpcPort: service.grpcPort, healthPort: service.healthPort }, 'ai service ready');
});
