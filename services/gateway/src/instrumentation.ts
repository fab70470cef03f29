import { startTracing } from '@hsa/service-kit/tracing';

startTracing('gateway');
