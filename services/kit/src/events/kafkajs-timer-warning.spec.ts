import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { quietKafkajsTimerWarning } from './kafkajs-timer-warning.js';

const warning = (name: string) => Object.assign(new Error(`a ${name}`), { name });

describe('quietKafkajsTimerWarning', () => {
  it("drops kafkajs's negative-timer warning and prints every other, once however often installed", () => {
    const emitter = new EventEmitter();
    const printed: string[] = [];
    emitter.on('warning', (printedWarning: Error) => printed.push(printedWarning.name));
    quietKafkajsTimerWarning(emitter);
    quietKafkajsTimerWarning(emitter);
    emitter.emit('warning', warning('TimeoutNegativeWarning'));
    emitter.emit('warning', warning('DeprecationWarning'));
    emitter.emit('warning', warning('MaxListenersExceededWarning'));
    expect(printed).toEqual(['DeprecationWarning', 'MaxListenersExceededWarning']);
  });
});
