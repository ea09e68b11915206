import type { EventEmitter } from 'node:events';

/**
 * kafkajs 2.2.4 arms a timer for (0 - now) ms when no broker throttles it (kafkajs#1751, still open);
 * Node 24 warns (TimeoutNegativeWarning) and waits 1 ms, which is what was meant. Every service on
 * Node 24 printed that warning into its log, where it hid the warnings that matter. This drops that
 * one warning and hands every other to the listeners that were there (Node's printer); once per
 * process, by connectBus. (infra/ops/restore.mjs, a plain Node script that cannot import the kit, does
 * the same for itself.)
 */
const quieted = new WeakSet<EventEmitter>();

export function quietKafkajsTimerWarning(target: EventEmitter = process): void {
  if (quieted.has(target)) return;
  quieted.add(target);
  const printers = target.listeners('warning') as ((warning: Error) => void)[];
  target.removeAllListeners('warning');
  target.on('warning', (warning: Error) => {
    if (warning.name === 'TimeoutNegativeWarning') return;
    for (const print of printers) print(warning);
  });
}
