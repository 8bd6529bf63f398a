import { type AddressInfo, createServer } from 'node:net';

/** A TCP port of 127.0.0.1 free a moment ago, for a server a test starts outside this process (nginx, PostgreSQL). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
