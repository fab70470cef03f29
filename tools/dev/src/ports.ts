import net from 'node:net';

/** A TCP port that was free a moment ago on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether nothing listens on `port` (checked by binding it on every interface, as servers do). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** `preferred` when it is free, else a free port chosen by the OS. 0 means "any free port". */
export async function portOrFree(preferred: number): Promise<number> {
  if (preferred !== 0 && (await isPortFree(preferred))) return preferred;
  return freePort();
}

/** Whether something accepts TCP connections on host:port within `timeoutMs`. */
export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
