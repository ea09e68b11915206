import { describe, expect, it } from 'vitest';
import { identityTopics } from './publishes.js';

describe('identity topics', () => {
  it('keeps entity state on compacted topics and email requests on a plain one', () => {
    expect(identityTopics).toEqual([
      { topic: 'identity.user.v1', compacted: true },
      { topic: 'identity.employee-role.v1', compacted: true },
      { topic: 'identity.account-email.v1', compacted: false },
    ]);
  });
});
