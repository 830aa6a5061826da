// Before the Socket.IO ramp: the real socket.io-client joins, one raw client sends a chat text, and the
// real client must receive it as the server broadcast it. This checks that the generator's raw protocol
// clients talk to the server exactly as Socket.IO's own client does.
import { io } from 'socket.io-client';
import type { BenchClient } from './benchClient.ts';

export async function probeWithSocketIoClient(httpUrl: string, sender: BenchClient): Promise<void> {
  const client = io(httpUrl, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket.io-client: no ready within 10 s')), 10_000);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
      client.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    const received = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket.io-client: probe not received in 5 s')), 5000);
      client.on('chat', (message: unknown) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
    sender.sendChat(-1, 'probe');
    const message = await received;
    const ok =
      typeof message === 'object' && message !== null && 'text' in message && message.text === 'probe';
    if (!ok) throw new Error(`socket.io-client received ${JSON.stringify(message)} instead of the probe`);
  } finally {
    client.close();
  }
}
