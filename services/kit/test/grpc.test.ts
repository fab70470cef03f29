import * as grpc from '@grpc/grpc-js';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPropertyProto } from '@hsa/protos';
import {
  fromServiceError,
  AppError,
  call,
  createClient,
  generateInternalKeyPair,
  InternalTokenSigner,
  InternalTokenVerifier,
  type GrpcServerHandle,
} from '../src';
import { testCallerKey, testClientAuth, testTrustedCallerKeys } from '../src/testing';
import { standInClient, startStandIn, useStandIn } from './support/property-stand-in';

describe('gRPC server and client helpers', () => {
  const standIn = useStandIn();

  it('passes the user id in the signed token', async () => {
    const res = await call(standIn.client, standIn.client.getProperty, { id: 'p1' }, { userId: 'user-7' });
    expect(res.userId).toBe('user-7');
  });

  it('refuses calls without a user', async () => {
    await expect(call(standIn.client, standIn.client.getProperty, { id: 'p1' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('maps domain errors with their messages and field errors', async () => {
    await expect(call(standIn.client, standIn.client.getProperty, { id: 'missing' }, { userId: 'u' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Property not found',
    });
    const err = (await call(standIn.client, standIn.client.getProperty, { id: 'bad' }, { userId: 'u' }).catch((e: unknown) => e)) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.fieldErrors).toEqual([{ path: 'bedrooms', message: 'Must have at least 1 bedroom' }]);
  });

  it('hides internal error details', async () => {
    const err = (await call(standIn.client, standIn.client.getProperty, { id: 'boom' }, { userId: 'u' }).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('INTERNAL');
    expect(err.message).not.toContain('secret');
  });

  it('answers UNAVAILABLE, not INTERNAL, when its database cannot be reached', async () => {
    const err = (await call(standIn.client, standIn.client.getProperty, { id: 'db-down' }, { userId: 'u' }).catch((e: unknown) => e)) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('UNAVAILABLE');
  });

  it('answers the standard health protocol, and NOT_SERVING while closing', async () => {
    const { HealthClient } = await healthClient();
    const health = new HealthClient(`127.0.0.1:${standIn.server.port}`, grpc.credentials.createInsecure());
    const check = (service: string) =>
      new Promise<string>((resolve, reject) =>
        health.check({ service }, (err: grpc.ServiceError | null, res: { status: string }) => (err ? reject(err) : resolve(res.status))),
      );
    expect(await check('')).toBe('SERVING');
    expect(await check('property.v1.PropertyService')).toBe('SERVING');
    standIn.server.setServing(false);
    expect(await check('')).toBe('NOT_SERVING');
    standIn.server.setServing(true);
    health.close();
  });

  it('applies a deadline to every call', async () => {
    const unreachable = createClient(loadPropertyProto().PropertyService, '127.0.0.1:1', testClientAuth('property'));
    const started = Date.now();
    await expect(call(unreachable, unreachable.getProperty, { id: 'x' }, { userId: 'u', timeoutMs: 300 })).rejects.toMatchObject({
      code: expect.stringMatching(/UNAVAILABLE|DEADLINE_EXCEEDED/),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    unreachable.close();
  });

  it('never passes grpc-js transport details (remote_addr, timings) on to the caller', () => {
    const leaky = Object.assign(new Error('4 DEADLINE_EXCEEDED'), {
      code: grpc.status.DEADLINE_EXCEEDED,
      details: 'Deadline exceeded after 5.002s,LB pick: 0s,remote_addr=127.0.0.1:51052',
      metadata: new grpc.Metadata(),
    });
    const error = fromServiceError(leaky);
    expect(error).toMatchObject({ code: 'DEADLINE_EXCEEDED', message: 'Service did not answer in time' });
    expect(fromServiceError({ ...leaky, code: grpc.status.UNAVAILABLE, details: 'No connection established. Last error: connect ECONNREFUSED 10.0.0.7:50051' }).message).toBe('Service unavailable');
  });

  it('dials a restarted service again within a second (reconnect backoff 100 ms to 1 s)', () => {
    const client = createClient(loadPropertyProto().PropertyService, '127.0.0.1:1', testClientAuth('property'));
    try {
      const options = (client.getChannel() as unknown as { internalChannel: { options: Record<string, unknown> } }).internalChannel.options;
      expect(options).toMatchObject({ 'grpc.initial_reconnect_backoff_ms': 100, 'grpc.max_reconnect_backoff_ms': 1000 });
    } finally {
      client.close();
    }
  });
});

describe('internal callers: only a token signed by a trusted caller, for this service and method, gets in', () => {
  const GET = '/property.v1.PropertyService/GetProperty';
  let server: GrpcServerHandle;
  let raw: grpc.Client;

  beforeAll(async () => {
    server = await startStandIn();
    raw = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
  });

  afterAll(async () => {
    raw.close();
    await server.close();
  });

  /** GetProperty over a plain grpc-js client with whatever metadata an attacker chooses; resolves the status code. */
  const rawGet = (metadata: Record<string, string>) =>
    new Promise<grpc.status>((resolve) => {
      const md = new grpc.Metadata();
      for (const [name, value] of Object.entries(metadata)) md.set(name, value);
      const proto = loadPropertyProto().PropertyService.service.GetProperty;
      raw.makeUnaryRequest(GET, proto.requestSerialize, proto.responseDeserialize, { id: 'p1' }, md, { deadline: Date.now() + 5000 }, (err) =>
        resolve(err ? err.code : grpc.status.OK),
      );
    });

  const token = (claims: Record<string, unknown>, options: { key?: Parameters<SignJWT['sign']>[0] | undefined; kid?: string; expiresIn?: string | number } = {}) =>
    new SignJWT({ method: GET, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? 'gateway.test', typ: 'hsa-internal+jwt' })
      .setIssuer(typeof claims.iss === 'string' ? claims.iss : 'gateway')
      .setAudience(typeof claims.aud === 'string' ? claims.aud : 'property')
      .setSubject('victim')
      .setIssuedAt(typeof claims.iat === 'number' ? claims.iat : undefined)
      .setExpirationTime(options.expiresIn ?? '60s')
      .sign(options.key ?? testCallerKey('gateway'));

  it('a properly signed call gets in (the control)', async () => {
    expect(await rawGet({ authorization: `Bearer ${await token({})}` })).toBe(grpc.status.OK);
  });

  it('refuses every forged or misused credential UNAUTHENTICATED', async () => {
    const attacker = generateInternalKeyPair('gateway');
    const now = Math.floor(Date.now() / 1000);
    const valid = await token({});
    const [header, , signature] = valid.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ iss: 'gateway', aud: 'property', sub: 'someone-else', method: GET, iat: now, exp: now + 60 })).toString('base64url');
    const attempts: Record<string, Record<string, string>> = {
      'a bare x-user-id': { 'x-user-id': 'victim' },
      'no credentials at all': {},
      'a token signed by a key nobody trusts': { authorization: `Bearer ${await token({}, { key: attacker.privateJwk })}` },
      'an unsigned token (alg none)': {
        authorization: `Bearer ${new UnsecuredJWT({ method: GET, sub: 'victim' }).setIssuer('gateway').setAudience('property').setIssuedAt().setExpirationTime('60s').encode()}`,
      },
      'a token for another service': { authorization: `Bearer ${await token({ aud: 'media' })}` },
      'a token for another method': { authorization: `Bearer ${await token({ method: '/property.v1.PropertyService/ListProperties' })}` },
      'an expired token': { authorization: `Bearer ${await token({ iat: now - 600 }, { expiresIn: now - 540 })}` },
      'a long-lived token': { authorization: `Bearer ${await token({}, { expiresIn: '1d' })}` },
      'a valid token whose user was changed': { authorization: `Bearer ${header}.${forgedPayload}.${signature}` },
      "the neighborhood's key acting for a user": {
        authorization: `Bearer ${await token({ iss: 'neighborhood' }, { key: testCallerKey('neighborhood'), kid: 'neighborhood.test' })}`,
      },
      "the neighborhood's key claiming to be the gateway": {
        authorization: `Bearer ${await token({}, { key: testCallerKey('neighborhood'), kid: 'neighborhood.test' })}`,
      },
      'not a token': { authorization: 'Bearer not-a-token' },
      'another scheme': { authorization: 'Basic Z2F0ZXdheTpzZWNyZXQ=' },
    };
    const refused: string[] = [];
    for (const [what, metadata] of Object.entries(attempts)) {
      if ((await rawGet(metadata)) === grpc.status.UNAUTHENTICATED) refused.push(what);
    }
    expect(refused).toEqual(Object.keys(attempts));
    console.log(`[internal-auth] forged calls attempted ${Object.keys(attempts).length}, refused ${refused.length}`);
  });

  it('costs a fraction of a millisecond per call (printed, not asserted)', async () => {
    const signer = new InternalTokenSigner(testCallerKey('gateway'), 'gateway');
    const verifier = new InternalTokenVerifier(testTrustedCallerKeys(), 'property');
    const n = 500;
    let began = performance.now();
    const tokens = [];
    for (let i = 0; i < n; i++) tokens.push(await signer.sign({ audience: 'property', method: GET, userId: 'u' }));
    const sign = (performance.now() - began) / n;
    began = performance.now();
    for (const t of tokens) expect((await verifier.verify(`Bearer ${t}`, GET)).userId).toBe('u');
    const verify = (performance.now() - began) / n;
    console.log(`[internal-auth] ${n} tokens: sign ${(sign * 1000).toFixed(0)} µs, verify ${(verify * 1000).toFixed(0)} µs each, ${tokens[0]!.length} characters`);
  });

  it('a bare x-user-id beside a valid token does not change the user', async () => {
    const client = standInClient(server);
    const res = await call(client, client.getProperty, { id: 'p1' }, { userId: 'owner' });
    expect(res.userId).toBe('owner');
    client.close();
  });

  it('a calling service without a user reaches methods that need none, and is named', async () => {
    const client = standInClient(server, 'neighborhood');
    const res = await call(client, client.listProperties, {});
    expect(res.properties[0]?.userId).toBe('neighborhood');
    await expect(call(client, client.getProperty, { id: 'p1' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    client.close();
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
