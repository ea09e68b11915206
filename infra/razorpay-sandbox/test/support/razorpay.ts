import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';

/** Fresh for every test run: nothing signs with a value written in the source. */
export const SECRETS = {
  keyId: 'rzp_test_sandbox',
  keySecret: randomBytes(32).toString('base64url'),
  webhookSecret: randomBytes(32).toString('base64url'),
} as const;

/**
 * The real SDK, pointed at the sandbox: its constructor fixes https://api.razorpay.com as the axios
 * base URL, so the base URL is replaced afterwards, exactly as commerce does with RAZORPAY_API_URL.
 */
export function sdkFor(sandboxUrl: string, keySecret: string = SECRETS.keySecret): Razorpay {
  const instance = new Razorpay({ key_id: SECRETS.keyId, key_secret: keySecret });
  const api = instance.api as unknown as { rq: { defaults: { baseURL: string } } };
  api.rq.defaults.baseURL = sandboxUrl;
  return instance;
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/**
 * A local HTTP endpoint standing in for our webhook route: it records each delivery's raw body and
 * headers and answers with the status `answer` chooses (so a test can refuse the first attempts).
 */
export async function startWebhookReceiver(answer: (received: ReceivedWebhook[]) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answer(received);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1/payments/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
