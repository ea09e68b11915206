import { describe, expect, it } from 'vitest';
import {
  childTraceparent,
  currentContext,
  newTraceparent,
  propagationHeaders,
  runWithContext,
} from './context.js';

describe('request context', () => {
  it('keeps the trace id and changes the span id on each hop', () => {
    const parent = newTraceparent();
    const child = childTraceparent(parent);
    expect(child.split('-')[1]).toBe(parent.split('-')[1]);
    expect(child.split('-')[2]).not.toBe(parent.split('-')[2]);
    expect(childTraceparent('garbage')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('travels through async work and into outgoing headers', async () => {
    await runWithContext({ requestId: 'req-7' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentContext()?.requestId).toBe('req-7');
      expect(propagationHeaders()['x-request-id']).toBe('req-7');
    });
    expect(currentContext()).toBeUndefined();
  });
});
