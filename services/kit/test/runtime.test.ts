import { describe, expect, it } from 'vitest';
import { Cleanups, createLogger, dialAddress } from '../src';

describe('Cleanups', () => {
  it('runs newest first, keeps going past a failure, and runs each cleanup once', async () => {
    const order: string[] = [];
    const cleanups = new Cleanups(createLogger('kit-test', 'silent'));
    cleanups.push(() => order.push('database'));
    cleanups.push(async () => {
      order.push('bus');
      throw new Error('already closed');
    });
    cleanups.push(() => order.push('server'));
    await cleanups.run();
    await cleanups.run();
    expect(order).toEqual(['server', 'bus', 'database']);
  });
});

describe('dialAddress', () => {
  it('dials loopback for wildcard binds and the host otherwise', () => {
    expect(dialAddress('0.0.0.0', 50051)).toBe('127.0.0.1:50051');
    expect(dialAddress('::', 1)).toBe('127.0.0.1:1');
    expect(dialAddress('10.1.2.3', 7)).toBe('10.1.2.3:7');
  });
});
