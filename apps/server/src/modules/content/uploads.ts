import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, okEnvelope } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { sniffImage, type ImageType } from '../../shared/images.ts';
import { sendError } from '../../http/error-handler.ts';
import { recordAudit } from './content-admin.service.ts';
import { contentUploads } from './content.tables.ts';
import { actorOf } from './actor.ts';

const extensions: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const typeOfExtension: Record<string, ImageType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export function uploadFolder(env: FastifyInstance['env']): string {
  return path.resolve(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, 'uploads'));
}

/** Public path of the stored images: outside the API (no rate limit), cached for good (content-addressed). */
export const uploadsPath = '/uploads/';
const storedName = /^[0-9a-f]{64}\.(png|jpg|webp)$/;

/**
 * POST the raw image as the body (Content-Type image/png, image/jpeg or image/webp). The body limit is
 * UPLOAD_MAX_BYTES (413 above it), the bytes must be an image of an accepted type whatever the header
 * says (400 otherwise), and the file is stored under its SHA-256 so a repeated upload is the same file.
 * The operator check runs before the body is read.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const folder = uploadFolder(app.env);
  const call = calls.uploadImage;

  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: app.env.UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: 'POST',
    url: call.path,
    schema: {
      operationId: call.id,
      summary: call.summary,
      tags: [call.tag],
      response: { 200: okEnvelope(call.value) },
      security: [{ bearer: [] }],
    },
    config: { call },
    onRequest: async (request: FastifyRequest) => {
      await app.authorize(request, call);
    },
    handler: async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ field: 'body', reason: 'send the image bytes as image/png, image/jpeg or image/webp' }],
        });
      }
      const contentType = sniffImage(body);
      if (!contentType) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ field: 'body', reason: 'is not a PNG, JPEG or WebP image' }],
        });
      }
      const fileName = `${createHash('sha256').update(body).digest('hex')}.${extensions[contentType]}`;
      await mkdir(folder, { recursive: true });
      const target = path.join(folder, fileName);
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        // Written beside and renamed, so a reader never sees half a file.
        const partial = `${target}.${process.pid}.part`;
        await writeFile(partial, body);
        await rename(partial, target);
      }
      const actor = actorOf(request);
      await app.db
        .insert(contentUploads)
        .values({ fileName, contentType, bytes: body.length, uploadedBy: actor.name })
        .onConflictDoNothing();
      const url = `${uploadsPath}${fileName}`;
      await recordAudit(app.db, actor, {
        action: 'upload',
        entity: 'upload',
        entityId: fileName,
        after: { url, contentType, bytes: body.length },
      });
      return { success: true as const, value: { url, contentType, bytes: body.length } };
    },
  });

  app.get<{ Params: { file: string } }>(
    `${uploadsPath}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!storedName.test(file)) return sendError(reply, 'NOT_FOUND');
      const target = path.join(folder, file);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return sendError(reply, 'NOT_FOUND');
      const extension = file.slice(file.lastIndexOf('.') + 1);
      return reply
        .type(typeOfExtension[extension] ?? 'application/octet-stream')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(createReadStream(target));
    },
  );
}
