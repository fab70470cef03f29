// Imported first by main.ts, so OpenTelemetry patches grpc, http and pg before they load.
import { startTracing } from '@hsa/service-kit/tracing';

startTracing('neighborhood');
