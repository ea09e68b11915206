// The bench's yardstick: a bare Fastify server answering the same JSON bodies from memory, no
// gateway, no cache, no database. Started by catalogue.bench.ts in its own process.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [bodiesFile, port] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(bodiesFile!, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies)) {
  app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
