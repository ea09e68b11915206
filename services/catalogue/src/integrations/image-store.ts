import { createHash, randomUUID } from 'node:crypto';
import { access, copyFile, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '@spa/kit';
import sharp from 'sharp';
import { detectImageType, type ImageType } from '../domain/image-type.js';

/** The web version every page shows: at most this wide, WebP. */
const WEB_IMAGE_MAX_WIDTH = 1200;
// A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded.
const MAX_INPUT_PIXELS = 50_000_000;

const UPLOADS_URL_PREFIX = '/uploads/';

/**
 * Narrower copies of every web version, for the pages' srcset: `<name>.w480.webp` and
 * `<name>.w800.webp` beside `<name>.webp` (never wider than it). Made when an image is kept, and at
 * start for images kept before there were copies.
 */
const RESPONSIVE_WIDTHS = [480, 800] as const;
const SIZED_NAME = /\.w\d+\.webp$/;

/** The name of a web version's copy at `width`. */
function sizedName(name: string, width: number): string {
  return name.replace(/\.webp$/, `.w${width}.webp`);
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** How an uploaded original is named; such a file is never served, wherever it lies. */
export const ORIGINAL_NAME = /\.original\.[a-z]+$/;

/**
 * Image files on disk under one directory, served at /uploads/<name>. Every name is made here
 * (a random uuid), so no request can choose a path. Uploaded originals, with whatever metadata the
 * camera wrote (EXIF, GPS position, device serial), go to a second directory that is never served;
 * only the re-encoded web versions, which carry no metadata, are public.
 */
export class ImageStore {
  constructor(
    readonly directory: string,
    /** Needed to take uploads; a store that only draws the seed's artwork goes without. */
    readonly originalsDirectory?: string,
  ) {}

  async ensureDirectory(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  /**
   * Makes both directories, and moves originals that earlier versions kept beside the web versions
   * out of the served directory (once; a restart finds none).
   */
  async prepare(): Promise<void> {
    await this.ensureDirectory();
    const originals = this.requireOriginalsDirectory();
    await mkdir(originals, { recursive: true });
    for (const name of await readdir(this.directory)) {
      if (!ORIGINAL_NAME.test(name)) continue;
      const from = path.join(this.directory, name);
      const to = path.join(originals, name);
      try {
        await rename(from, to);
      } catch (error) {
        if ((error as { code?: string }).code !== 'EXDEV') throw error;
        await copyFile(from, to); // another volume: copy, then remove the public one
        await unlink(from);
      }
    }
    // Web versions kept before the responsive copies existed get theirs, one at a time.
    for (const name of await readdir(this.directory)) {
      if (name.startsWith('.') || !name.endsWith('.webp') || SIZED_NAME.test(name)) continue;
      await this.ensureSizes(name);
    }
  }

  /**
   * Keeps an uploaded image: its type is read from its bytes, it must decode, and a web version
   * (max 1200 px wide, WebP) is made once, now. Answers the web version's URL.
   */
  async saveUpload(bytes: Buffer): Promise<string> {
    const type = detectImageType(bytes);
    if (!type) throw badRequest('Only image files can be uploaded (JPEG, PNG, WebP or GIF)');
    const webVersion = await this.webVersion(bytes, type);
    const id = randomUUID();
    const originals = this.requireOriginalsDirectory();
    await mkdir(originals, { recursive: true });
    await writeFile(path.join(originals, `${id}.original.${type === 'jpeg' ? 'jpg' : type}`), bytes, {
      flag: 'wx',
    });
    const url = await this.write(`${id}.webp`, webVersion);
    await this.ensureSizes(`${id}.webp`, webVersion);
    return url;
  }

  /**
   * Generated artwork, named by what it depicts (a hash of its recipe): drawn only if no earlier
   * run already left the same file, and written under a temporary name first, so a reader never
   * sees half a file. Answers its URL.
   */
  async saveGenerated(slug: string, recipe: unknown, render: () => Promise<Buffer>): Promise<string> {
    const safeSlug = slug
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60);
    const digest = createHash('sha256').update(JSON.stringify(recipe)).digest('hex').slice(0, 12);
    const name = `${safeSlug || 'image'}-${digest}.webp`;
    const target = path.join(this.directory, name);
    if (!(await exists(target))) {
      await this.ensureDirectory();
      const bytes = await render();
      await this.writeAtomically(name, bytes);
      await this.ensureSizes(name, bytes);
    } else await this.ensureSizes(name);
    return `${UPLOADS_URL_PREFIX}${name}`;
  }

  /** Makes the responsive copies of a web version that are missing (from `bytes`, else its file). */
  async ensureSizes(name: string, bytes?: Buffer): Promise<void> {
    const missing: number[] = [];
    for (const width of RESPONSIVE_WIDTHS)
      if (!(await exists(path.join(this.directory, sizedName(name, width))))) missing.push(width);
    if (missing.length === 0) return;
    const source = bytes ?? (await readFile(path.join(this.directory, name)));
    for (const width of missing) {
      const copy = await sharp(source, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await this.writeAtomically(sizedName(name, width), copy);
    }
  }

  /** Written under a temporary name first, so a reader never sees half a file. */
  private async writeAtomically(name: string, bytes: Buffer): Promise<void> {
    const temporary = path.join(this.directory, `.${name}.${randomUUID()}.tmp`);
    await writeFile(temporary, bytes);
    await rename(temporary, path.join(this.directory, name));
  }

  private requireOriginalsDirectory(): string {
    if (!this.originalsDirectory) throw new Error('This image store has no directory for originals');
    return this.originalsDirectory;
  }

  private async write(name: string, bytes: Buffer): Promise<string> {
    await this.ensureDirectory();
    await writeFile(path.join(this.directory, name), bytes, { flag: 'wx' });
    return `${UPLOADS_URL_PREFIX}${name}`;
  }

  private async webVersion(bytes: Buffer, type: ImageType): Promise<Buffer> {
    const animated = type === 'gif' || type === 'webp';
    try {
      let image = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      if (type === 'jpeg') image = image.rotate(); // honour the camera's orientation
      // sharp writes no metadata unless asked (withMetadata/keepExif): the web version has no EXIF,
      // GPS, XMP or ICC comments of the original; the upload test checks it.
      return await image
        .resize({ width: WEB_IMAGE_MAX_WIDTH, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (error) {
      const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
      throw badRequest(
        tooLarge
          ? 'The image has too many pixels; please upload a smaller one'
          : 'The file looks like an image but cannot be read; it may be damaged',
      );
    }
  }
}
