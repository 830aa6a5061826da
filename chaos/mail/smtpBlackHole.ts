// A mail server that takes connections and never answers (a hung process, a proxy whose backend is
// gone): on the SMTP server's port while it is stopped. What it tests is how long the product waits on
// it before the mail is tried again later, not how it fails.
import net from 'node:net';

export type SmtpBlackHole = {
  /** Connections taken so far. */
  connections(): number;
  /** Stops listening and cuts every connection it holds. */
  close(): Promise<void>;
};

export async function startSmtpBlackHole(port: number): Promise<SmtpBlackHole> {
  const sockets = new Set<net.Socket>();
  let taken = 0;
  const server = net.createServer((socket) => {
    taken++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    // Reads what comes, says nothing.
    socket.resume();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    connections: () => taken,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
