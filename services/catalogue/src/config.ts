import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBaseConfig, readConfig, type BaseConfig } from '@spa/kit';

export interface CatalogueConfig extends BaseConfig {
  /** Where uploaded and seeded images live; served at /uploads/<name>. */
  uploadDir: string;
  /**
   * Where the uploaded originals are kept, as sent (camera EXIF, GPS and all): never served. Must not
   * be inside uploadDir.
   */
  uploadOriginalsDir: string;
  uploadMaxBytes: number;
  /** Fill an empty database with a demo catalogue at start (never in production). */
  seedDemoData: boolean;
  /** How long a cached public read may live in Redis; writes invalidate it sooner. */
  readCacheSeconds: number;
  /** Booking's internal address: how many future appointments use a room or a treatment before deleting it. */
  bookingUrl: string;
  bookingTimeoutMs: number;
}

// <repo>/.data/uploads, from src/ (tsx) and from dist/ (the bundle) alike.
const defaultUploadDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '.data',
  'uploads',
);

export function loadConfig(source: Record<string, string | undefined> = process.env): CatalogueConfig {
  return readConfig((env) => {
    const base = readBaseConfig(env, 'catalogue', 4002);
    const uploadDir = path.resolve(env.string('UPLOAD_DIR', defaultUploadDir));
    const uploadOriginalsDir = path.resolve(
      env.string(
        'UPLOAD_ORIGINALS_DIR',
        path.join(path.dirname(uploadDir), `${path.basename(uploadDir)}-originals`),
      ),
    );
    const relative = path.relative(uploadDir, uploadOriginalsDir);
    if (!relative || (!relative.startsWith('..') && !path.isAbsolute(relative)))
      throw new Error('UPLOAD_ORIGINALS_DIR must be outside UPLOAD_DIR: everything in UPLOAD_DIR is served');
    return {
      ...base,
      uploadDir,
      uploadOriginalsDir,
      uploadMaxBytes: env.int('UPLOAD_MAX_BYTES', 5 * 1024 * 1024),
      seedDemoData:
        env.bool('SEED_DEMO_DATA', base.nodeEnv !== 'production') && base.nodeEnv !== 'production',
      readCacheSeconds: env.int('READ_CACHE_SECONDS', 60),
      bookingUrl: env.string('BOOKING_URL', 'http://127.0.0.1:4003'),
      bookingTimeoutMs: env.int('BOOKING_TIMEOUT_MS', 5000),
    };
  }, source);
}
