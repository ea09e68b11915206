import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readBaseConfig, readConfig, type BaseConfig } from '@spa/kit';

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
  /** Review requests by email: a day after a visit or a delivery, the customer is asked once. */
  reviewRequests: {
    /** How long after the visit or delivery the request goes (REVIEW_REQUEST_DELAY_MINUTES, default a day). */
    delayMinutes: number;
    /** How often the sweep looks for visits to ask about (0: never, on this replica). */
    sweepMs: number;
    /** Signs the emailed links (HMAC-SHA256); REVIEW_LINK_SECRET, required in every environment. */
    linkSecret: string;
  };
  /** How many photos one customer may upload for reviews in 24 hours (REVIEW_PHOTOS_PER_DAY). */
  reviewPhotosPerDay: number;
}

const MIN_SECRET_LENGTH = 32;

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
  const config = readConfig((env) => {
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
      reviewRequests: {
        delayMinutes: env.int('REVIEW_REQUEST_DELAY_MINUTES', 1440, { min: 0, max: 20_160 }),
        sweepMs: env.int('REVIEW_REQUEST_SWEEP_MS', 60_000, { min: 0, max: 86_400_000 }),
        // No default anywhere: a secret written here would be published with the source, and a link
        // signed with it accepted by every stack that used it. `npm start` and the test helpers pass
        // one made on the machine (infra/local/dev-secrets.mjs, @spa/kit/testing).
        linkSecret: env.string('REVIEW_LINK_SECRET'),
      },
      reviewPhotosPerDay: env.int('REVIEW_PHOTOS_PER_DAY', 10, { min: 0, max: 1000 }),
    };
  }, source);
  const problems: string[] = [];
  const { sweepMs, linkSecret } = config.reviewRequests;
  if (sweepMs !== 0 && sweepMs < 50) problems.push('REVIEW_REQUEST_SWEEP_MS must be 0 (off) or at least 50');
  if (config.nodeEnv === 'production' && linkSecret.length < MIN_SECRET_LENGTH)
    problems.push(`REVIEW_LINK_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
