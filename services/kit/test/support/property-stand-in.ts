import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadPropertyProto, type PropertyMessage, type PropertyServiceClient } from '@hsa/protos';
import { createClient, createLogger, invalidArgument, InternalTokenVerifier, notFound, startGrpcServer, unary, type GrpcServerHandle } from '../../src';
import { testClientAuth, testTrustedCallerKeys } from '../../src/testing';

const logger = createLogger('kit-test', 'silent');

/** A property service stand-in that only echoes who called: enough to test the kit's plumbing. */
function fakeProperty(id: string, userId: string): PropertyMessage {
  return {
    id, userId, address: 'a', city: 'c', state: 's', zipCode: 'z', bedrooms: 1, bathrooms: 1, squareFootage: 1,
    propertyType: 'single_family', createdAt: '', updatedAt: '', archived: false,
  };
}

/** A real query through drizzle to a port where no database listens: the driver's error arrives wrapped. */
async function queryUnreachableDatabase(): Promise<never> {
  const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
  try {
    await drizzle(pool).execute(sql`select 1`);
  } finally {
    await pool.end();
  }
  throw new Error('the query was expected to fail');
}

/** The stand-in served with the kit's helpers and its caller check (the property service's trusted keys). */
export function startStandIn(): Promise<GrpcServerHandle> {
  return startGrpcServer({
    address: '127.0.0.1:0',
    logger,
    auth: new InternalTokenVerifier(testTrustedCallerKeys(), 'property'),
    services: [
      {
        name: 'property.v1.PropertyService',
        definition: loadPropertyProto().PropertyService.service,
        handlers: {
          GetProperty: unary(logger, 'GetProperty', async (req: { id: string }, ctx) => {
            if (req.id === 'missing') throw notFound('Property not found');
            if (req.id === 'bad') throw invalidArgument('Must have at least 1 bedroom', [{ path: 'bedrooms', message: 'Must have at least 1 bedroom' }]);
            if (req.id === 'boom') throw new Error('secret internals');
            if (req.id === 'db-down') await queryUnreachableDatabase();
            return fakeProperty(req.id, ctx.userId);
          }),
          // Needs no user: answers who the verified caller is.
          ListProperties: unary(logger, 'ListProperties', async (_req, ctx) => ({ properties: [fakeProperty('any', ctx.caller)] }), {
            requireUser: false,
          }),
        },
      },
    ],
  });
}

/** A client of the stand-in, calling as `caller` with the test keys (close it after use). */
export function standInClient(server: GrpcServerHandle, caller: 'gateway' | 'neighborhood' = 'gateway'): PropertyServiceClient {
  return createClient(loadPropertyProto().PropertyService, `127.0.0.1:${server.port}`, testClientAuth('property', caller));
}

/** The stand-in and a client of it for the tests of the enclosing describe block: started before them, closed after. */
export function useStandIn(): { server: GrpcServerHandle; client: PropertyServiceClient } {
  const standIn = {} as { server: GrpcServerHandle; client: PropertyServiceClient };
  beforeAll(async () => {
    standIn.server = await startStandIn();
    standIn.client = standInClient(standIn.server);
  });
  afterAll(async () => {
    standIn.client.close();
    await standIn.server.close();
  });
  return standIn;
}
