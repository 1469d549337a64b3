// A TCP proxy for tests (not a test file itself) between an app's connection pool and the
// real PostgreSQL server, to make the database unreachable for that app alone: the shared
// server, which other test files use at the same time, is never stopped.

import net from 'node:net';

export type ProxyMode =
  /** Forwards every connection. */
  | 'up'
  /** Cuts the open connections and refuses new ones (ECONNREFUSED): a server that is down. */
  | 'down'
  /** Cuts the open connections and accepts new ones that never get an answer: a dropped route. */
  | 'silent';

export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'up';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode !== 'up') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async set(next) {
      if (next === mode) return;
      const wasListening = mode !== 'down';
      mode = next;
      if (next !== 'up') cutAll();
      if (next === 'down' && wasListening) await new Promise<void>((resolve) => server.close(() => resolve()));
      // The same port again: the pool keeps the address it was given.
      if (next !== 'down' && !wasListening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      cutAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
