import fastifyStatic from '@fastify/static';
import { AppError, badRequest, requireRole } from '@spa/kit';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from './route-deps.js';
import { ORIGINAL_NAME } from '../integrations/image-store.js';
import { bearer, errors } from './schemas.js';

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

function tooLarge(maxBytes: number) {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', `The image is larger than ${megabytes(maxBytes)}`);
}

/** The one image of a multipart upload (field `file`), refused in the one error shape when it is not. */
export async function readImagePart(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the image as multipart/form-data in a field named file',
      );
    throw badRequest('The upload could not be read; send one image in a field named file');
  }
  if (!part) throw badRequest('Choose an image to upload (multipart field "file")');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest('Send the image in a field named file');
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw badRequest('The upload was interrupted; please try again');
  }
}

export async function uploadRoutes(app: FastifyInstance, { images, config }: RouteDeps) {
  app.post(
    '/upload',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['upload'],
        summary: 'Upload one image (multipart field "file"); answers its URL',
        description:
          `JPEG, PNG, WebP or GIF, recognised by the file's bytes (not its name); at most ${megabytes(config.uploadMaxBytes)} ` +
          '(413 beyond). The answer points at a web version (at most 1200 px wide, WebP) made once at upload.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: {
          201: { type: 'object', required: ['imageUrl'], properties: { imageUrl: { type: 'string' } } },
          ...errors,
          413: errors[400],
          415: errors[400],
        },
      },
    },
    async (request, reply) => {
      const bytes = await readImagePart(request, config.uploadMaxBytes);
      return reply.code(201).send({ imageUrl: await images.saveUpload(bytes) });
    },
  );

  await images.prepare();
  // Names are unique and never reused, so a browser may keep a file for a year without asking again.
  await app.register(fastifyStatic, {
    root: images.directory,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    schemaHide: true,
    // Originals live elsewhere; one left here by hand is still never served.
    allowedPath: (pathName) => !ORIGINAL_NAME.test(pathName),
    setHeaders: (response) => {
      response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      response.setHeader('x-content-type-options', 'nosniff');
    },
  });
}
