// A minimal SMTP server that accepts every message and keeps only a count. The load run's stack sends
// its emails (verification, booking confirmation, payment receipt...) here instead of the shared
// maildev, whose inbox other people's tests read: thousands of load-test emails would slow them down.
import { createServer } from 'node:net';

/**
 * @returns {Promise<{ url: string, received: () => number, close: () => Promise<void> }>}
 */
export async function startSmtpSink() {
  let received = 0;
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    const reply = (/** @type {string} */ line) => socket.write(`${line}\r\n`);
    reply('220 load-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) {
            // Keep only the tail that may hold a split terminator.
            if (buffer.length > 8) buffer = buffer.slice(-8);
            return;
          }
          buffer = buffer.slice(end + 5);
          inData = false;
          received++;
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-load-sink\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('250 OK');
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received: () => received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
