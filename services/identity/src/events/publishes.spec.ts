import { describe, expect, it } from 'vitest';
import { identityTopics } from './publishes.js';

describe('identity topics', () => {
  it('keeps entity state on compacted topics, email requests and erasures on plain ones', () => {
    expect(identityTopics).toEqual([
      { topic: 'identity.user.v1', compacted: true },
      // Carries the erased person's email and phone: never the last kept value of a compacted key.
      { topic: 'identity.user-erasure.v1', compacted: false },
      // The erased address's hash only, kept for good: a wiped consumer rebuilds its suppression list.
      { topic: 'identity.erased-recipient.v1', compacted: true },
      { topic: 'identity.employee-role.v1', compacted: true },
      { topic: 'identity.account-email.v1', compacted: false },
    ]);
  });
});
