import { createRequire } from 'node:module';

/** The parts of kafkajs's RequestQueue (one per broker connection) this fix touches. */
interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for a queue with requests waiting behind the in-flight limit. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

// kafkajs has no exports map, so its files can be required by path; Node resolves this to the module
// kafkajs itself loads (also from a service's bundle, where kafkajs stays an import).
const require = createRequire(import.meta.url);

let fixed = false;

/**
 * kafkajs 2.2.4 checks a connection's queue after every answer and then arms a timer for
 * `throttledUntil - now` ms even when nothing waits and no broker throttles (throttledUntil is -1):
 * a negative delay, which Node runs after 1 ms, and which checks and arms the next. So every broker
 * connection of every process polled about 750 times a second for as long as it lived (kafkajs#1751,
 * still open upstream; measured here: 32 ms of CPU a second for one connection on this machine), and
 * Node 24 printed a TimeoutNegativeWarning. This arms the timer only when a request waits or a broker
 * throttles; otherwise the next request or answer checks the queue anyway, as kafkajs does for the
 * first one. Once per process, by connectBus and the topic reader.
 */
export function stopKafkajsIdlePolling(): void {
  if (fixed) return;
  fixed = true;
  const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as { prototype: RequestQueue };
  RequestQueue.prototype.scheduleCheckPendingRequests = function (this: RequestQueue) {
    if (this.throttleCheckTimeoutId) return;
    const throttledForMs = this.throttledUntil - Date.now();
    if (this.pending.length === 0 && throttledForMs <= 0) return;
    const delayMs = throttledForMs > 0 ? throttledForMs : CHECK_PENDING_REQUESTS_INTERVAL_MS;
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, delayMs);
  };
}
