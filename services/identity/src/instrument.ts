// Loaded first by main.ts, so tracing patches http and express before they are required.
import { startTracing } from '@hsa/service-kit/tracing';

startTracing('identity');
