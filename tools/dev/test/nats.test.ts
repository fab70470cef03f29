import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { ensureNatsForStart, ensureNatsForTests, probeNats } from '../src/nats';
import { freePort } from '../src/ports';

function fakeServer(greeting: string): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = net.createServer((socket) => socket.end(greeting));
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `nats://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

describe('NATS helpers', () => {
  test('probeNats recognises the JetStream server of the test run', async () => {
    const probe = await probeNats(process.env.NATS_URL!);
    expect(probe).toMatchObject({ reachable: true, jetstream: true });
    expect(probe.version).toMatch(/^\d+\.\d+/);
  });

  test('probeNats tells NATS without JetStream, other servers and closed ports apart', async () => {
    const plain = await fakeServer('INFO {"server_id":"x","version":"2.9.0"}\r\n');
    const http = await fakeServer('HTTP/1.1 400 Bad Request\r\n\r\n');
    try {
      expect(await probeNats(plain.url)).toMatchObject({ reachable: true, jetstream: false });
      expect(await probeNats(http.url)).toMatchObject({ reachable: false });
      expect(await probeNats(`nats://127.0.0.1:${await freePort()}`)).toMatchObject({ reachable: false });
    } finally {
      plain.close();
      http.close();
    }
  });

  test('tests get a nats-server of their own when nothing answers, and it stops', async () => {
    const nothing = `nats://127.0.0.1:${await freePort()}`;
    const nats = await ensureNatsForTests({ url: nothing });
    expect(nats.started).toBe(true);
    expect(nats.url).not.toBe(nothing);
    expect(await probeNats(nats.url)).toMatchObject({ reachable: true, jetstream: true });
    await nats.stop();
    expect(await probeNats(nats.url)).toMatchObject({ reachable: false });
  });

  test('tests fail with a message naming nats-server and how to install it when there is none', async () => {
    const nothing = `nats://127.0.0.1:${await freePort()}`;
    await expect(ensureNatsForTests({ url: nothing, binary: null })).rejects.toThrow(
      /nothing answers at nats:\/\/127\.0\.0\.1:\d+ and nats-server is not on PATH.*apt-get install nats-server/,
    );
  });

  test('npm start uses a running server, else runs without events after one warning', async () => {
    const warn = vi.fn();
    const storeDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-nats-test-'));
    try {
      const existing = await ensureNatsForStart({ url: process.env.NATS_URL, storeDir, logs: { kind: 'file', dir: storeDir }, warn });
      expect(existing).toMatchObject({ url: process.env.NATS_URL, started: false });
      expect(warn).not.toHaveBeenCalled();

      const nothing = `nats://127.0.0.1:${await freePort()}`;
      const none = await ensureNatsForStart({ url: nothing, storeDir, logs: { kind: 'file', dir: storeDir }, warn, binary: null });
      expect(none.started).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/running without live events.*apt-get install nats-server/);
    } finally {
      await rm(storeDir, { recursive: true, force: true });
    }
  });

  test('npm start starts nats-server on the port of NATS_URL with its store in the given folder', async () => {
    const port = await freePort();
    const storeDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-nats-test-'));
    try {
      const nats = await ensureNatsForStart({ url: `nats://127.0.0.1:${port}`, storeDir, logs: { kind: 'file', dir: storeDir }, warn: () => undefined });
      expect(nats).toMatchObject({ url: `nats://127.0.0.1:${port}`, started: true });
      await nats.stop();
      const { readdir } = await import('node:fs/promises');
      expect(await readdir(storeDir)).toEqual(expect.arrayContaining(['jetstream', 'nats.log']));
    } finally {
      await rm(storeDir, { recursive: true, force: true });
    }
  });
});
