// A TCP proxy that can be cut, for the chaos scenarios (npm run chaos) and the tests of what they found:
// it listens on a free port of this machine and forwards each connection to a target (NATS, a LabLive
// instance), until told to fail the way networks fail.
//   blackhole()  a partition: connections stay open but nothing passes either way, new ones are accepted
//                and go nowhere; bytes already sent wait (as TCP retransmits them) and pass on restore(),
//                and a close by either side reaches the other only then, as a FIN lost in a partition.
//                With { newConnections: 'pass' }, only the current connections are cut: a phone whose
//                path died silently, whose next connection takes another path.
//   refuse()     a reset: every connection is destroyed at once and new ones are refused (closed at once).
//   restore()    forwarding again; what a black hole held goes through.
//   closeIdle(ms)  a proxy that closes a connection nothing crossed for `ms` (an idle timeout).
// Counts connections and bytes, so a scenario can say what crossed and when.
import net from 'node:net';

export type ProxyMode = 'open' | 'blackhole' | 'refuse';

export type FaultyProxy = {
  /** 127.0.0.1:<port> */
  readonly address: string;
  readonly port: number;
  mode(): ProxyMode;
  blackhole(options?: { newConnections: 'held' | 'pass' }): void;
  refuse(): void;
  restore(): void;
  /** Closes (both sides of) a connection once nothing crossed it for `ms`; null stops doing so. */
  closeIdle(ms: number | null): void;
  stats(): { accepted: number; open: number; bytesUp: number; bytesDown: number; closedIdle: number };
  close(): Promise<void>;
};

/** `held`: black-holed, its bytes and its close wait for restore(). */
type Link = {
  client: net.Socket;
  upstream: net.Socket | null;
  lastActive: number;
  ended: boolean;
  held: boolean;
};

type Counts = { accepted: number; bytesUp: number; bytesDown: number; closedIdle: number };

/** The proxy's open connections: each a client socket and its upstream, piped both ways. */
function createLinks(target: { host: string; port: number }, counts: Counts) {
  const links = new Set<Link>();

  function end(link: Link) {
    if (link.ended) return;
    link.ended = true;
    links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  }

  /** Pipes one direction; while black-holed, the reader is paused and its bytes wait in the kernel. */
  function pipe(from: net.Socket, to: net.Socket, link: Link, up: boolean) {
    from.on('data', (chunk: Buffer) => {
      link.lastActive = performance.now();
      if (up) counts.bytesUp += chunk.length;
      else counts.bytesDown += chunk.length;
      if (!to.write(chunk)) {
        from.pause();
        to.once('drain', () => {
          if (!link.held) from.resume();
        });
      }
    });
    // A close waits for the partition to end: the other side learns of it then, as from a late FIN.
    const closed = () => {
      if (link.held) from.once('proxy-restored', () => end(link));
      else end(link);
    };
    from.once('end', closed);
    from.once('close', closed);
  }

  function connectUpstream(link: Link) {
    const upstream = net.connect(target);
    link.upstream = upstream;
    upstream.on('error', () => end(link));
    upstream.once('connect', () => {
      pipe(link.client, upstream, link, true);
      pipe(upstream, link.client, link, false);
      link.client.resume();
    });
  }

  /** A partition of the current connections: nothing read either way, closes held back. */
  function hold() {
    for (const link of links) {
      link.held = true;
      link.client.pause();
      link.upstream?.pause();
    }
  }

  /** The partition ends: held bytes flow, held closes reach the other side, held accepts connect. */
  function release() {
    for (const link of [...links]) {
      if (!link.held) continue;
      link.held = false;
      link.lastActive = performance.now();
      if (link.upstream === null) {
        if (link.client.destroyed) end(link);
        else connectUpstream(link);
        continue;
      }
      link.client.emit('proxy-restored');
      link.upstream.emit('proxy-restored');
      if (!link.ended) {
        link.client.resume();
        link.upstream.resume();
      }
    }
  }

  return { links, end, connectUpstream, hold, release };
}

export async function startFaultyProxy(target: { host: string; port: number }): Promise<FaultyProxy> {
  let mode: ProxyMode = 'open';
  let idleMs: number | null = null;
  const counts: Counts = { accepted: 0, bytesUp: 0, bytesDown: 0, closedIdle: 0 };
  const { links, end, connectUpstream, hold, release } = createLinks(target, counts);

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    counts.accepted++;
    client.on('error', () => {});
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    const held = mode === 'blackhole';
    const link: Link = { client, upstream: null, lastActive: performance.now(), ended: false, held };
    links.add(link);
    client.once('close', () => {
      if (!link.held || link.upstream === null) end(link);
    });
    // Accepted during a partition: it reaches the target once the partition ends.
    if (!held) connectUpstream(link);
  });

  const idleTimer = setInterval(() => {
    if (idleMs === null) return;
    const now = performance.now();
    for (const link of links) {
      if (link.held || now - link.lastActive < idleMs) continue;
      counts.closedIdle++;
      end(link);
    }
  }, 100);
  idleTimer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port');

  return {
    address: `127.0.0.1:${address.port}`,
    port: address.port,
    mode: () => mode,
    blackhole(options = { newConnections: 'held' }) {
      if (options.newConnections === 'held') mode = 'blackhole';
      hold();
    },
    refuse() {
      mode = 'refuse';
      for (const link of [...links]) {
        link.client.resetAndDestroy();
        link.upstream?.resetAndDestroy();
        end(link);
      }
    },
    restore() {
      mode = 'open';
      release();
    },
    closeIdle(ms) {
      idleMs = ms;
    },
    stats: () => ({ ...counts, open: links.size }),
    async close() {
      clearInterval(idleTimer);
      for (const link of [...links]) end(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
