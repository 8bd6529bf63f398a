import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP proxy of the tests' own on 127.0.0.1, between the API and a real PostgreSQL server, to play a
 * database restart or failover: `cut()` resets every connection and refuses new ones (as a server that is
 * down: ECONNREFUSED), `restore()` accepts again. It starts closed or open.
 */
export interface TcpProxy {
  readonly port: number;
  /** postgres://… of the target with this proxy's host and port. */
  url(target: string): string;
  /** How many client connections were accepted so far. */
  readonly accepted: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, { open = true } = {}): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let accepted = 0;
  const server: Server = createServer((client) => {
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
  // The port is chosen once, so a restored proxy listens where the API's pool connects.
  await listen(server, 0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('tcp proxy: no port');
  const port = address.port;
  let listening = true;

  const cut = async () => {
    if (listening) {
      listening = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // An abrupt end of each connection, as a server process that dies (resetAndDestroy sends RST).
      for (const [client, upstream] of pairs) {
        client.resetAndDestroy();
        upstream.resetAndDestroy();
      }
      pairs.clear();
      await closed;
    }
  };
  if (!open) await cut();

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
      if (!listening) {
        await listen(server, port);
        listening = true;
      }
    },
    close: cut,
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
