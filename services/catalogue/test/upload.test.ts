import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageStore } from '../src/integrations/image-store.js';
import { startCatalogue, type CatalogueWorld } from './support/catalogue-world.js';

const MAX_BYTES = 300_000;
let world: CatalogueWorld;
beforeAll(async () => {
  world = await startCatalogue('upload', { UPLOAD_MAX_BYTES: String(MAX_BYTES) });
});
afterAll(async () => world?.close());

function multipart(parts: Array<{ field: string; filename?: string; type?: string; bytes: Buffer }>) {
  const boundary = `----catalogue-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  bytes: Buffer,
  options: { token?: string; filename?: string; type?: string; field?: string } = {},
) {
  const { body, headers } = multipart([
    {
      field: options.field ?? 'file',
      filename: options.filename ?? 'photo.png',
      type: options.type ?? 'image/png',
      bytes,
    },
  ]);
  return world.request('POST', '/upload', { token: options.token ?? world.tokens.admin, body, headers });
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 31, g: 77, b: 69 } } });

describe('POST /upload', () => {
  it.each([
    ['png', () => solid(2400, 1600).png().toBuffer()],
    ['jpeg', () => solid(800, 600).jpeg().toBuffer()],
    ['webp', () => solid(300, 200).webp().toBuffer()],
    ['gif', () => solid(64, 64).gif().toBuffer()],
  ])(
    'keeps a %s and serves a web version at most 1200 px wide with long cache headers',
    async (_type, make) => {
      const original = await make();
      const response = await upload(original);
      expect(response.statusCode).toBe(201);
      const { imageUrl } = response.json();
      expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);

      const served = await world.request('GET', imageUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      const originalWidth = (await sharp(original).metadata()).width!;
      expect(metadata.width).toBe(Math.min(originalWidth, 1200));

      // Narrower copies for srcset, never wider than the web version, cached the same way.
      for (const width of [480, 800]) {
        const copy = await world.request('GET', imageUrl.replace(/\.webp$/, `.w${width}.webp`));
        expect(copy.statusCode).toBe(200);
        expect(copy.headers['content-type']).toBe('image/webp');
        expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await sharp(copy.rawPayload).metadata()).width).toBe(Math.min(originalWidth, width));
      }
    },
  );

  it('refuses a file that is not an image even when it is named and typed as one', async () => {
    const response = await upload(Buffer.from('MZ this is really a program, not a picture'), {
      filename: 'holiday.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Only image files can be uploaded (JPEG, PNG, WebP or GIF)',
      code: 'BAD_REQUEST',
    });
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      {
        filename: 'logo.png',
      },
    );
    expect(svg.statusCode).toBe(400);
  });

  it('refuses a file with an image signature that does not decode', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    const response = await upload(fake);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The file looks like an image but cannot be read; it may be damaged',
    );
  });

  it('answers 413 in the error shape when the file is too large', async () => {
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 600, height: 600, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(MAX_BYTES);
    const response = await upload(noisy);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The image is larger than 0.3 MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('is for admins only', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const { body, headers } = multipart([
      { field: 'file', filename: 'a.png', type: 'image/png', bytes: png },
    ]);
    expect((await world.request('POST', '/upload', { body, headers })).statusCode).toBe(401);
    expect((await upload(png, { token: world.tokens.user })).statusCode).toBe(403);
    expect((await upload(png, { token: world.tokens.employee })).statusCode).toBe(403);
  });

  it('needs the image in a field named file, sent as multipart', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const wrongField = await upload(png, { field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Send the image in a field named file');
    const noFile = multipart([{ field: 'note', bytes: Buffer.from('hello') }]);
    const empty = await world.request('POST', '/upload', { token: world.tokens.admin, ...noFile });
    expect(empty.statusCode).toBe(400);
    const json = await world.request('POST', '/upload', { token: world.tokens.admin, body: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the image as multipart/form-data in a field named file');
  });

  it('serves only files it named: unknown names and path tricks are refused in the error shape', async () => {
    for (const url of [
      '/uploads/nothing-here.webp',
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/..%2f..%2fpackage.json',
    ]) {
      const response = await world.request('GET', url);
      expect([403, 404], url).toContain(response.statusCode);
      expect(Object.keys(response.json()).sort(), url).toEqual(['code', 'message']);
    }
    const names = await readdir(world.uploadDir);
    expect(names.every((name) => /^[0-9a-f-]{36}(\.w(480|800))?\.webp$/.test(name))).toBe(true);
  });

  it("keeps a JPEG's EXIF (GPS, camera) only in the original, which no URL serves", async () => {
    const secret = 'SpyCam-serial-4411';
    const jpeg = await solid(640, 480)
      .jpeg()
      .withExif({
        IFD0: { Make: secret },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '22/1 43/1 3/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '75/1 51/1 7/1',
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.includes(secret)).toBe(true);
    const response = await upload(jpeg, { filename: 'holiday.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    const { imageUrl } = response.json();
    const id = imageUrl.match(/([0-9a-f-]{36})\.webp$/)[1];

    // The original is kept, as sent, outside the served directory.
    const originalsDir = world.deps.config.uploadOriginalsDir;
    expect(path.relative(world.uploadDir, originalsDir).startsWith('..')).toBe(true);
    expect((await readFile(path.join(originalsDir, `${id}.original.jpg`))).equals(jpeg)).toBe(true);

    // Nothing served carries the metadata: the web version has none, the original has no URL.
    const served = await world.request('GET', imageUrl);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.includes(secret)).toBe(false);
    for (const url of [
      `/uploads/${id}.original.jpg`,
      `/uploads/../${path.basename(originalsDir)}/${id}.original.jpg`,
    ]) {
      const attempt = await world.request('GET', url);
      expect([403, 404], url).toContain(attempt.statusCode);
      expect(attempt.rawPayload.includes(secret), url).toBe(false);
    }
    for (const name of await readdir(world.uploadDir)) {
      const file = await readFile(path.join(world.uploadDir, name));
      expect(file.includes(secret), name).toBe(false);
    }
  });

  it('moves originals an earlier version kept in the served directory out of it, and never serves one', async () => {
    const legacy = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.original.png`;
    const bytes = await solid(8, 8).png().toBuffer();
    await writeFile(path.join(world.uploadDir, legacy), bytes);
    expect((await world.request('GET', `/uploads/${legacy}`)).statusCode).toBe(404);
    await new ImageStore(world.uploadDir, world.deps.config.uploadOriginalsDir).prepare(); // as at start
    expect(await readdir(world.uploadDir)).not.toContain(legacy);
    expect((await readFile(path.join(world.deps.config.uploadOriginalsDir, legacy))).equals(bytes)).toBe(
      true,
    );
  });

  it('makes the responsive copies at start for web versions kept before there were any', async () => {
    const name = `${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}.webp`;
    await writeFile(path.join(world.uploadDir, name), await solid(1000, 500).webp().toBuffer());
    await new ImageStore(world.uploadDir, world.deps.config.uploadOriginalsDir).prepare(); // as at start
    const names = await readdir(world.uploadDir);
    for (const width of [480, 800]) {
      const copy = name.replace(/\.webp$/, `.w${width}.webp`);
      expect(names).toContain(copy);
      const served = await world.request('GET', `/uploads/${copy}`);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
    }
  });
});
