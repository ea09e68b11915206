import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_REVIEW_LINK_SECRET, loadConfig } from './config.js';

const base = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://x@127.0.0.1/catalogue',
  KAFKA_BROKERS: '127.0.0.1:9092',
  REDIS_URL: 'redis://127.0.0.1:6379',
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
  it('asks a day after the visit, sweeps every minute, and signs with a development secret outside production', () => {
    const config = loadConfig(base);
    expect(config.reviewRequests).toEqual({
      delayMinutes: 1440,
      sweepMs: 60_000,
      linkSecret: DEV_REVIEW_LINK_SECRET,
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

  it('requires its own REVIEW_LINK_SECRET in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/REVIEW_LINK_SECRET is required/);
  });
});
