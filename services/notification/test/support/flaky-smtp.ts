import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * An SMTP relay in front of the real sink that turns the first `failures` connections away with
 * "421 service not available" (what a busy or restarting mail server says), then passes the rest
 * through. It records when each connection came, to check the backoff between attempts.
 */
export async function startFlakySmtp(options: { failures: number; target: { host: string; port: number } }) {
  const connections: number[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    connections.push(Date.now());
    if (connections.length <= options.failures) {
      client.end('421 4.3.2 Service not available, closing transmission channel\r\n');
      return;
    }
    const upstream = connect(options.target.port, options.target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port for the flaky SMTP relay');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
