// The frontier bench's yardstick: a bare Fastify server answering the same JSON bodies from memory (no
// gateway, no token, no database), in its own process. Argument: a JSON file of { path: body }; it
// prints its port on stdout once it listens.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = /** @type {Record<string, string>} */ (
  JSON.parse(readFileSync(String(process.argv[2]), 'utf8'))
);
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies))
  app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
