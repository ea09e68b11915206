import path from 'node:path';
import { testSecretEnv, testServiceKeyEnv } from '@spa/kit/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const { REVIEW_LINK_SECRET } = testSecretEnv;

const base = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://x@127.0.0.1/catalogue',
  KAFKA_BROKERS: '127.0.0.1:9092',
  REDIS_URL: 'redis://127.0.0.1:6379',
  REVIEW_LINK_SECRET,
};

describe('upload directories', () => {
  it('keeps the originals beside the served directory by default, never inside it', () => {
    const config = loadConfig({ ...base, UPLOAD_DIR: '/srv/spa/uploads' });
    expect(config.uploadDir).toBe(path.resolve('/srv/spa/uploads'));
    expect(config.uploadOriginalsDir).toBe(path.resolve('/srv/spa/uploads-originals'));
  });

  it('takes UPLOAD_ORIGINALS_DIR', () => {
    const config = loadConfig({
      ...base,
      UPLOAD_DIR: '/data/uploads',
      UPLOAD_ORIGINALS_DIR: '/data/upload-originals',
    });
    expect(config.uploadOriginalsDir).toBe(path.resolve('/data/upload-originals'));
  });

  it.each(['/data/uploads', '/data/uploads/originals', '/data/uploads/.originals'])(
    'refuses originals at %s, inside the served directory',
    (originals) => {
      expect(() =>
        loadConfig({ ...base, UPLOAD_DIR: '/data/uploads', UPLOAD_ORIGINALS_DIR: originals }),
      ).toThrow(/UPLOAD_ORIGINALS_DIR must be outside UPLOAD_DIR/);
    },
  );
});

describe('review requests', () => {
  it('asks a day after the visit, sweeps every minute, and signs with the REVIEW_LINK_SECRET it is given', () => {
    const config = loadConfig(base);
    expect(config.reviewRequests).toEqual({
      delayMinutes: 1440,
      sweepMs: 60_000,
      linkSecret: REVIEW_LINK_SECRET,
    });
    expect(
      loadConfig({ ...base, REVIEW_REQUEST_DELAY_MINUTES: '0', REVIEW_REQUEST_SWEEP_MS: '0' }).reviewRequests,
    ).toMatchObject({ delayMinutes: 0, sweepMs: 0 });
  });

  it.each([
    [{ REVIEW_REQUEST_DELAY_MINUTES: '-1' }, /REVIEW_REQUEST_DELAY_MINUTES must be at least 0/],
    [{ REVIEW_REQUEST_DELAY_MINUTES: 'a day' }, /REVIEW_REQUEST_DELAY_MINUTES must be an integer/],
    [{ REVIEW_REQUEST_DELAY_MINUTES: '50000' }, /REVIEW_REQUEST_DELAY_MINUTES must be at most/],
    [{ REVIEW_REQUEST_SWEEP_MS: '10' }, /REVIEW_REQUEST_SWEEP_MS must be 0 \(off\) or at least 50/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  // A secret written in the source is published with it: a link signed with it would open the review
  // form on every stack that fell back to it. So no environment has a default.
  it.each(['development', 'test', 'production'])(
    'refuses to start without REVIEW_LINK_SECRET in %s (no default written in the source)',
    (nodeEnv) => {
      const { REVIEW_LINK_SECRET: _omitted, ...withoutSecret } = base;
      expect(() =>
        loadConfig({ ...withoutSecret, ...testServiceKeyEnv('catalogue'), NODE_ENV: nodeEnv }),
      ).toThrow(/REVIEW_LINK_SECRET is required but not set/);
      expect(() => loadConfig({ ...withoutSecret, NODE_ENV: nodeEnv, REVIEW_LINK_SECRET: '' })).toThrow(
        /REVIEW_LINK_SECRET is required but not set/,
      );
    },
  );

  it('refuses a short REVIEW_LINK_SECRET in production', () => {
    expect(() =>
      loadConfig({
        ...base,
        ...testServiceKeyEnv('catalogue'),
        NODE_ENV: 'production',
        REVIEW_LINK_SECRET: 'x'.repeat(31),
      }),
    ).toThrow(/REVIEW_LINK_SECRET must be at least 32 characters/);
    expect(
      loadConfig({ ...base, ...testServiceKeyEnv('catalogue'), NODE_ENV: 'production' }).reviewRequests
        .linkSecret,
    ).toBe(REVIEW_LINK_SECRET);
  });
});
