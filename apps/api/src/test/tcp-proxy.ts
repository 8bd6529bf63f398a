import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP proxy of the tests' own on 127.0.0.1, between the API and a real PostgreSQL server, to play a
 * database restart or failover: `cut()` resets every connection and resets each new one at once (as a
 * server that is down), `restore()` forwards again. It starts cut or open.
 *
 * The port stays bound from start to `close()`: a cut proxy that gave its port back could find it taken by
 * another test's listener (port 0) before `restore()` (CI saw EADDRINUSE), and the API's pool connects to
 * that one port.
 */
export interface TcpProxy {
  readonly port: number;
  /** postgres://… of the target with this proxy's host and port. */
  url(target: string): string;
  /** How many client connections were forwarded so far. */
  readonly accepted: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, { open = true } = {}): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let accepted = 0;
  let forwarding = open;
  const server: Server = createServer((client) => {
    if (!forwarding) {
      // A database that is down: the connection ends at once (RST), before a byte of the protocol.
      client.on('error', () => undefined);
      client.resetAndDestroy();
      return;
    }
    accepted++;
    const upstream = new Socket();
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.connect(target.port, target.host, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
  });
  await listen(server);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('tcp proxy: no port');
  const port = address.port;

  const cut = async () => {
    forwarding = false;
    // An abrupt end of each connection, as a server process that dies (resetAndDestroy sends RST).
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    pairs.clear();
  };

  return {
    port,
    get accepted() {
      return accepted;
    },
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut,
    async restore() {
      forwarding = true;
    },
    async close() {
      await cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
