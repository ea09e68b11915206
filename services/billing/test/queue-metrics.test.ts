import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_PDF_QUEUE } from '../src/worker.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

// The invoice PDF queue's depth on billing's /metrics, where the HPA's metrics adapter reads
// it (infra/deploy). No worker runs here, so the render a new bill asks for stays waiting.
let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('queue_metrics');
});
afterAll(() => world?.close());

async function waiting(): Promise<number | undefined> {
  const response = await world.app.inject({ url: '/metrics' });
  expect(response.statusCode).toBe(200);
  const line = response.body
    .split('\n')
    .find((candidate) => candidate.startsWith(`bullmq_queue_waiting_jobs{queue="${INVOICE_PDF_QUEUE}"} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe("the invoice PDF queue's depth on /metrics", () => {
  it('counts the renders waiting for a worker', async () => {
    expect(await waiting()).toBe(0);
    for (const name of ['Asha Rao', 'Meera Iyer']) {
      const created = await world.call({
        method: 'POST',
        url: '/bills',
        payload: billForm({ name }),
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    await expect.poll(waiting, { timeout: 5_000 }).toBe(2);
  });
});
