import { Router } from 'express';
import { kitMetrics } from '@hsa/service-kit';
import type { EventHub } from '../domain/event-hub';
import { requireUser } from './errors';

const KEEPALIVE_MS = 25_000;

/** GET /api/events: Server-Sent Events carrying the signed-in user's domain events. */
export function eventsRoute(hub: EventHub): Router {
  const router = Router();
  router.get('/api/events', requireUser, (req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n: connected\n\n');
    kitMetrics().sseConnections.add(1);
    const remove = hub.add(req.user!.id, {
      send: (event) => res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
    });
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    req.on('close', () => {
      clearInterval(keepalive);
      remove();
      kitMetrics().sseConnections.add(-1);
    });
  });
  return router;
}
