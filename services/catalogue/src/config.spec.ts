import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

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
