// A TCP port nobody listens on now, on the loopback interface: the embedded PostgreSQL's by default,
// and the testkit's servers and local clusters (through the server's testing entry).
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}
