import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPropertyProto, type PropertyMessage, type PropertyServiceClient } from '@hsa/protos';
import {
  AppError,
  call,
  createClient,
  createLogger,
  invalidArgument,
  notFound,
  startGrpcServer,
  unary,
  type GrpcServerHandle,
} from '../src';

const logger = createLogger('kit-test', 'silent');

/** A property service stand-in that only echoes who called: enough to test the kit's plumbing. */
function fakeProperty(id: string, userId: string): PropertyMessage {
  return {
    id, userId, address: 'a', city: 'c', state: 's', zipCode: 'z', bedrooms: 1, bathrooms: 1, squareFootage: 1,
    propertyType: 'single_family', createdAt: '', updatedAt: '', archived: false,
  };
}

describe('gRPC server and client helpers', () => {
  let server: GrpcServerHandle;
  let client: PropertyServiceClient;

  beforeAll(async () => {
    const proto = loadPropertyProto();
    server = await startGrpcServer({
      address: '127.0.0.1:0',
      logger,
      services: [
        {
          name: 'property.v1.PropertyService',
          definition: proto.PropertyService.service,
          handlers: {
            GetProperty: unary(logger, 'GetProperty', async (req: { id: string }, ctx) => {
              if (req.id === 'missing') throw notFound('Property not found');
              if (req.id === 'bad') throw invalidArgument('Must have at least 1 bedroom', [{ path: 'bedrooms', message: 'Must have at least 1 bedroom' }]);
              if (req.id === 'boom') throw new Error('secret internals');
              return fakeProperty(req.id, ctx.userId);
            }),
          },
        },
      ],
    });
    client = createClient(proto.PropertyService, `127.0.0.1:${server.port}`);
  });

  afterAll(async () => {
    client.close();
    await server.close();
  });

  it('passes the user id as metadata', async () => {
    const res = await call(client, client.getProperty, { id: 'p1' }, { userId: 'user-7' });
    expect(res.userId).toBe('user-7');
  });

  it('refuses calls without a user', async () => {
    await expect(call(client, client.getProperty, { id: 'p1' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('maps domain errors with their messages and field errors', async () => {
    await expect(call(client, client.getProperty, { id: 'missing' }, { userId: 'u' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Property not found',
    });
    const err = (await call(client, client.getProperty, { id: 'bad' }, { userId: 'u' }).catch((e: unknown) => e)) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.fieldErrors).toEqual([{ path: 'bedrooms', message: 'Must have at least 1 bedroom' }]);
  });

  it('hides internal error details', async () => {
    const err = (await call(client, client.getProperty, { id: 'boom' }, { userId: 'u' }).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('INTERNAL');
    expect(err.message).not.toContain('secret');
  });

  it('answers the standard health protocol, and NOT_SERVING while closing', async () => {
    const { HealthClient } = await healthClient();
    const health = new HealthClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    const check = (service: string) =>
      new Promise<string>((resolve, reject) =>
        health.check({ service }, (err: grpc.ServiceError | null, res: { status: string }) => (err ? reject(err) : resolve(res.status))),
      );
    expect(await check('')).toBe('SERVING');
    expect(await check('property.v1.PropertyService')).toBe('SERVING');
    server.setServing(false);
    expect(await check('')).toBe('NOT_SERVING');
    server.setServing(true);
    health.close();
  });

  it('applies a deadline to every call', async () => {
    const unreachable = createClient(loadPropertyProto().PropertyService, '127.0.0.1:1');
    const started = Date.now();
    await expect(call(unreachable, unreachable.getProperty, { id: 'x' }, { userId: 'u', timeoutMs: 300 })).rejects.toMatchObject({
      code: expect.stringMatching(/UNAVAILABLE|DEADLINE_EXCEEDED/),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    unreachable.close();
  });
});

async function healthClient() {
  const protoLoader = await import('@grpc/proto-loader');
  const { protoPath } = await import('grpc-health-check');
  const def = protoLoader.loadSync(protoPath, { keepCase: true, enums: String, defaults: true });
  const pkg = grpc.loadPackageDefinition(def) as unknown as {
    grpc: { health: { v1: { Health: new (a: string, c: grpc.ChannelCredentials) => grpc.Client & Record<string, Function> } } };
  };
  return { HealthClient: pkg.grpc.health.v1.Health as unknown as new (a: string, c: grpc.ChannelCredentials) => any };
}
