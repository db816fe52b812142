import { apiErrorSchema } from '@common/api-error';
import {
  MAX_SCREENSHOT_BYTES,
  MAX_SCREENSHOTS_PER_UPLOAD,
  metricCorrectionSchema,
  screenshotParamsSchema,
  screenshotPeriodSchema,
  screenshotPlatformSchema,
  screenshotSchema,
  screenshotUploadResponseSchema,
  typedFiguresSchema,
} from '@common/screenshots';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { signedInUser } from '../auth/public';
import {
  confirmMetric,
  correctMetric,
  listScreenshots,
  openScreenshotImage,
  type ScreenshotDeps,
  setScreenshotPeriod,
  typeFigures,
  type UploadedFile,
} from './service';
import { uploadScreenshots } from './upload';

const MEGABYTES = MAX_SCREENSHOT_BYTES / 1024 / 1024;
const metricParamsSchema = screenshotParamsSchema.extend({ key: z.string().max(40) });

/** The multipart form, read into memory within the limits; each limit answers with what to do about it. */
async function readUpload(request: FastifyRequest) {
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let current = '';
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_SCREENSHOT_BYTES, files: MAX_SCREENSHOTS_PER_UPLOAD, fields: 10, parts: 30 },
    })) {
      if (part.type === 'file') {
        current = part.filename || 'A file';
        const data = await part.toBuffer();
        // The library notices the size limit only if it is reached before its last chunk is read; the
        // stream itself always knows it was cut.
        if (part.file.truncated)
          throw Object.assign(new Error('truncated'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        files.push({ fileName: current, data });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `${current} is larger than ${MEGABYTES} MB. Upload a smaller screenshot.`,
      );
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `Upload at most ${MAX_SCREENSHOTS_PER_UPLOAD} screenshots at a time.`,
      );
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the screenshots as a multipart form (multipart/form-data).',
      );
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('BAD_REQUEST', 'The upload form has more fields than it should.');
    throw new AppError('BAD_REQUEST', 'The upload did not arrive complete. Please try again.');
  }
  return { files, fields };
}

export async function registerScreenshotRoutes(app: FastifyInstance, deps: ScreenshotDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['screenshots'];

  // Multipart parsing, and the hooks it adds to every request, only where files are uploaded.
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/upload/screenshots',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: `Upload analytics screenshots (multipart: files, platform, uploadType=screenshots); JPEG, PNG or WebP, ${MEGABYTES} MB each, ${MAX_SCREENSHOTS_PER_UPLOAD} at most`,
          consumes: ['multipart/form-data'],
          response: {
            200: screenshotUploadResponseSchema,
            201: screenshotUploadResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { files, fields } = await readUpload(request);
        const platform = screenshotPlatformSchema.safeParse(fields.platform);
        if (!platform.success) throw new AppError('BAD_REQUEST', platform.error.issues[0]!.message);
        if (fields.uploadType !== undefined && fields.uploadType !== 'screenshots')
          throw new AppError('BAD_REQUEST', "uploadType must be 'screenshots'.");
        if (files.length === 0)
          throw new AppError('BAD_REQUEST', 'Choose at least one screenshot to upload.');
        const upload = await uploadScreenshots(deps, signedInUser(request).id, platform.data, files);
        // Nothing new was kept when every file had been sent before.
        return reply.status(upload.screenshots.length > 0 ? 201 : 200).send(upload);
      },
    );
  });

  routes.get(
    '/api/screenshots',
    {
      schema: {
        tags,
        summary: 'The creator’s recent screenshots, newest first, with their status and the figures read',
        response: { 200: z.array(screenshotSchema), 401: apiErrorSchema },
      },
    },
    async (request) => listScreenshots(deps.db, signedInUser(request).id),
  );

  routes.get(
    '/api/screenshots/:id/image',
    {
      schema: {
        tags,
        summary: 'The screenshot as it was kept: re-encoded, without what the file carried besides pixels',
        params: screenshotParamsSchema,
        response: {
          200: z.unknown().describe('image/jpeg, image/png or image/webp'),
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const image = await openScreenshotImage(deps, signedInUser(request).id, request.params.id);
      return reply
        .type(image.mimeType)
        .header('content-length', image.size)
        .header('cache-control', 'private, max-age=3600')
        .send(image.body);
    },
  );

  routes.patch(
    '/api/screenshots/:id/metrics/:key',
    {
      schema: {
        tags,
        summary:
          'Correct a figure that was misread: a number, or the figure as the screen shows it ("1.2M", "£3,412.50")',
        params: metricParamsSchema,
        body: metricCorrectionSchema,
        response: { 200: screenshotSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      correctMetric(
        deps.db,
        signedInUser(request).id,
        request.params.id,
        request.params.key,
        request.body.value,
      ),
  );

  routes.post(
    '/api/screenshots/:id/metrics/:key/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirm a figure shown for checking: it is what the screen shows, and counts in the health check and alerts from now',
        params: metricParamsSchema,
        response: { 200: screenshotSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      confirmMetric(deps.db, signedInUser(request).id, request.params.id, request.params.key),
  );

  routes.put(
    '/api/screenshots/:id/period',
    {
      schema: {
        tags,
        summary:
          'Say what period a screenshot covers (last_28_days, calendar_year:2025, custom_range:2025-10-01/2025-10-31, unknown …): its figures count as that period’s',
        params: screenshotParamsSchema,
        body: screenshotPeriodSchema,
        response: { 200: screenshotSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      setScreenshotPeriod(deps.db, signedInUser(request).id, request.params.id, request.body.period),
  );

  routes.put(
    '/api/screenshots/:id/metrics',
    {
      schema: {
        tags,
        summary:
          'Type the figures of a screenshot that could not be read (or add ones it missed), by key, as the screen shows them',
        params: screenshotParamsSchema,
        body: typedFiguresSchema,
        response: { 200: screenshotSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => typeFigures(deps.db, signedInUser(request).id, request.params.id, request.body),
  );
}
