import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadPropertyProto, type PropertyServiceClient } from '@hsa/protos';
import {
  InternalTokenSigner,
  InternalTokenVerifier,
  call,
  callerKeyEnv,
  callerKeyFrom,
  createClient,
  createLogger,
  readConfig,
  startGrpcServer,
  trustedCallerKeysVar,
  unary,
  type GrpcServerHandle,
} from '../src';

/**
 * PEM keys as Helm makes them: `genPrivateKey "ecdsa"` (SEC1 EC P-256) and `genSelfSignedCertWithKey "<caller>"`
 * (an X.509 certificate whose subject CN names the caller). Keys are made here with node:crypto, certificates with
 * the openssl CLI.
 */
const logger = createLogger('kit-test', 'silent');
const dir = mkdtempSync(path.join(tmpdir(), 'hsa-pem-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function ecKey(curve = 'P-256') {
  return generateKeyPairSync('ec', { namedCurve: curve }).privateKey;
}
function sec1Pem(key = ecKey()): string {
  return key.export({ type: 'sec1', format: 'pem' }) as string;
}
function pkcs8Pem(key = ecKey()): string {
  return key.export({ type: 'pkcs8', format: 'pem' }) as string;
}
/** A self-signed certificate of `keyPem` with the given subject (openssl req -x509). */
function certificate(keyPem: string, subject: string): string {
  const keyFile = path.join(dir, `key-${++counter}.pem`);
  const certFile = path.join(dir, `cert-${counter}.pem`);
  writeFileSync(keyFile, keyPem);
  execFileSync('openssl', ['req', '-x509', '-new', '-key', keyFile, '-subj', subject, '-days', '1', '-out', certFile], { stdio: 'pipe' });
  return readFileSync(certFile, 'utf8');
}

const callerSchema = (caller: string) => z.object(callerKeyEnv(caller));
const calleeSchema = z.object({ INTERNAL_AUTH_PUBLIC_KEYS: trustedCallerKeysVar });

/** A signer as a calling component reads it from its environment. */
function signerFrom(caller: string, env: Record<string, string>): InternalTokenSigner {
  return new InternalTokenSigner(callerKeyFrom(readConfig(callerSchema(caller), env), caller), caller);
}

/** A property stand-in whose only method answers who the verified caller is. */
async function calleeWith(publicKeys: string): Promise<GrpcServerHandle> {
  const { INTERNAL_AUTH_PUBLIC_KEYS } = readConfig(calleeSchema, { INTERNAL_AUTH_PUBLIC_KEYS: publicKeys });
  return startGrpcServer({
    address: '127.0.0.1:0',
    logger,
    auth: new InternalTokenVerifier(INTERNAL_AUTH_PUBLIC_KEYS, 'property'),
    services: [
      {
        name: 'property.v1.PropertyService',
        definition: loadPropertyProto().PropertyService.service,
        handlers: {
          ListProperties: unary(logger, 'ListProperties', async (_req, ctx) => ({ properties: [{ id: ctx.caller }] }), {
            requireUser: false,
          }),
        },
      },
    ],
  });
}

async function callAs(server: GrpcServerHandle, signer: InternalTokenSigner): Promise<{ id: string }> {
  const client: PropertyServiceClient = createClient(loadPropertyProto().PropertyService, `127.0.0.1:${server.port}`, { signer, audience: 'property' });
  try {
    const res = await call(client, client.listProperties, {}, { userId: 'user-1' });
    return res.properties[0] as { id: string };
  } finally {
    client.close();
  }
}

describe('internal auth keys in PEM (what Helm can generate)', () => {
  const gatewayKey = sec1Pem();
  const neighborhoodKey = pkcs8Pem();
  const bundle = certificate(gatewayKey, '/CN=gateway') + certificate(neighborhoodKey, '/CN=neighborhood.2026/O=hsa');
  let server: GrpcServerHandle;

  afterAll(() => server?.close());

  it('accepts a call signed with a PEM key by a callee trusting the certificate bundle', async () => {
    server = await calleeWith(bundle);
    // SEC1 key, kid defaulting to the caller's name.
    expect(await callAs(server, signerFrom('gateway', { INTERNAL_AUTH_PRIVATE_KEY: gatewayKey }))).toMatchObject({ id: 'gateway' });
    // PKCS8 key with INTERNAL_AUTH_KEY_ID (a rotated key), matching the second certificate's CN.
    const neighborhood = signerFrom('neighborhood', { INTERNAL_AUTH_PRIVATE_KEY: neighborhoodKey, INTERNAL_AUTH_KEY_ID: 'neighborhood.2026' });
    const client: PropertyServiceClient = createClient(loadPropertyProto().PropertyService, `127.0.0.1:${server.port}`, {
      signer: neighborhood,
      audience: 'property',
    });
    try {
      // The neighborhood may not name a user: a call without one gets in.
      const res = await call(client, client.listProperties, {});
      expect(res.properties[0]?.id).toBe('neighborhood');
    } finally {
      client.close();
    }
  });

  it('refuses a call whose key is not the one in the certificate of that CN', async () => {
    const otherKey = sec1Pem();
    const stranger = await calleeWith(certificate(otherKey, '/CN=gateway'));
    try {
      await expect(callAs(stranger, signerFrom('gateway', { INTERNAL_AUTH_PRIVATE_KEY: gatewayKey }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      // ...and accepts the key that certificate holds, so the refusal is about the key.
      expect((await callAs(stranger, signerFrom('gateway', { INTERNAL_AUTH_PRIVATE_KEY: otherKey }))).id).toBe('gateway');
    } finally {
      await stranger.close();
    }
  });

  it('refuses a valid key whose kid names a certificate of another caller', async () => {
    // The neighborhood's key is trusted under CN=neighborhood.2026; signing as "neighborhood" (kid default) finds no key.
    await expect(callAs(server, signerFrom('neighborhood', { INTERNAL_AUTH_PRIVATE_KEY: neighborhoodKey }))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('reads a PEM given on one line with \\n escapes (as some secret stores hand it over)', () => {
    const oneLine = gatewayKey.trim().replace(/\n/g, '\\n');
    const key = callerKeyFrom(readConfig(callerSchema('gateway'), { INTERNAL_AUTH_PRIVATE_KEY: oneLine }), 'gateway');
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: 'gateway' });
    expect(typeof key.d).toBe('string');
    const { INTERNAL_AUTH_PUBLIC_KEYS } = readConfig(calleeSchema, { INTERNAL_AUTH_PUBLIC_KEYS: bundle.replace(/\n/g, '\\n') });
    expect(INTERNAL_AUTH_PUBLIC_KEYS.keys.map((k) => k.kid)).toEqual(['gateway', 'neighborhood.2026']);
    expect(INTERNAL_AUTH_PUBLIC_KEYS.keys.every((k) => k.d === undefined)).toBe(true);
  });
});

describe('internal auth PEM configuration errors name the variable and the problem', () => {
  const privateKeyError = (caller: string, env: Record<string, string>) => {
    try {
      signerFrom(caller, env);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('configuration was accepted');
  };
  const publicKeysError = (value: string) => {
    try {
      readConfig(calleeSchema, { INTERNAL_AUTH_PUBLIC_KEYS: value });
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('configuration was accepted');
  };

  it('refuses malformed, encrypted and unsupported private keys', () => {
    const pem = sec1Pem();
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: pem.slice(0, 120) })).toMatch(
      /INTERNAL_AUTH_PRIVATE_KEY: is not well-formed PEM/,
    );
    const corrupted = pem.replace(/\n([A-Za-z0-9+/]{10})/, '\n!!!!!!!!!!');
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: corrupted })).toMatch(/INTERNAL_AUTH_PRIVATE_KEY: is not a readable PEM private key/);
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: sec1Pem(ecKey('P-384')) })).toMatch(
      /INTERNAL_AUTH_PRIVATE_KEY: the PEM private key is ec secp384r1: use EC P-256/,
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: rsa })).toMatch(/the PEM private key is rsa: use EC P-256/);
    const encrypted = ecKey().export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'x' }) as string;
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: encrypted })).toMatch(/is an encrypted PEM key/);
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: certificate(pem, '/CN=gateway') })).toMatch(
      /must be a PEM private key \("BEGIN EC PRIVATE KEY" or "BEGIN PRIVATE KEY"\), not "BEGIN CERTIFICATE"/,
    );
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: pem + pem })).toMatch(/exactly one PEM private key, not 2 blocks/);
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: 'not a key' })).toMatch(/or a PEM EC P-256 private key/);
  });

  it('refuses a key id that does not name the caller, or contradicts a JWK kid', () => {
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: sec1Pem(), INTERNAL_AUTH_KEY_ID: 'neighborhood' })).toMatch(
      /INTERNAL_AUTH_KEY_ID: must be "gateway" or "gateway.<suffix>"/,
    );
    const jwk = JSON.stringify({ ...(ecKey().export({ format: 'jwk' }) as object), kid: 'gateway.a' });
    expect(privateKeyError('gateway', { INTERNAL_AUTH_PRIVATE_KEY: jwk, INTERNAL_AUTH_KEY_ID: 'gateway.b' })).toMatch(
      /INTERNAL_AUTH_KEY_ID: "gateway.b" contradicts the kid "gateway.a" of the JWK/,
    );
  });

  it('refuses private keys, other PEM blocks, unreadable certificates and certificates without or with duplicate CN', () => {
    const key = sec1Pem();
    const cert = certificate(key, '/CN=gateway');
    expect(publicKeysError(cert + key)).toMatch(/INTERNAL_AUTH_PUBLIC_KEYS: must hold public keys only \(PEM block 2 is a private key\)/);
    const publicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    expect(publicKeysError(publicKey)).toMatch(/must be PEM certificates \("BEGIN CERTIFICATE": the key id is its subject CN\), but PEM block 1 is "BEGIN PUBLIC KEY"/);
    expect(publicKeysError(cert.replace(/\n[A-Za-z0-9+/]{20}/, '\nAAAAAAAAAAAAAAAAAAAA'))).toMatch(/PEM block 1 is not a readable X.509 certificate/);
    expect(publicKeysError(certificate(key, '/O=hsa'))).toMatch(/PEM block 1: the certificate's subject has no CN/);
    expect(publicKeysError(cert + certificate(sec1Pem(), '/CN=gateway'))).toMatch(/two certificates have CN=gateway/);
    expect(publicKeysError(certificate(sec1Pem(ecKey('P-384')), '/CN=gateway'))).toMatch(/the key of the certificate CN=gateway is ec secp384r1/);
    expect(publicKeysError(cert + 'trailing text')).toMatch(/is not well-formed PEM/);
  });
});
