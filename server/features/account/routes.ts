import { accountDeletionSchema, MAX_PROFILE_IMAGE_BYTES, profileUpdateSchema } from '@common/account';
import { apiErrorSchema } from '@common/api-error';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { sendNoticePage } from '../../http/notice-page';
import { clearedSessionCookie, type SignedIn, signedInSession, signedInUser } from '../auth/public';
import { type AccountDeletionDeps, deleteAccount } from './delete-service';
import { exportAccountData } from './export-service';
import { openProfileImage, removeProfileImage, saveProfileImage, updateFirstName } from './profile-service';

export type AccountDeps = AccountDeletionDeps & { isHttps: boolean; signedIn: SignedIn };

const MEGABYTES = MAX_PROFILE_IMAGE_BYTES / 1024 / 1024;

/** The picture from a multipart form with one file in it. */
async function readImageUpload(request: FastifyRequest) {
  try {
    const file = await request.file({ limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 5 } });
    if (!file) throw new AppError('BAD_REQUEST', 'Choose a picture to upload.');
    const data = await file.toBuffer();
    // The library notices the limit only if it is reached before its last chunk is read; the stream
    // itself always knows it was cut.
    if (file.file.truncated) throw Object.assign(new Error('truncated'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    return { fileName: file.filename || 'The file', data };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The picture is larger than ${MEGABYTES} MB. Choose a smaller one.`,
      );
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the picture as a multipart form (multipart/form-data).',
      );
    throw new AppError('BAD_REQUEST', 'The upload did not arrive complete. Please try again.');
  }
}

/** `/api/account/...`: the creator's own profile, and their rights to a copy of their data and to erasure. */
export async function registerAccountRoutes(app: FastifyInstance, deps: AccountDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const profile = { db: deps.db, storage: deps.storage };

  routes.patch(
    '/api/account/profile',
    {
      schema: {
        tags,
        summary: 'Change the first name shown on the dashboard',
        body: profileUpdateSchema,
        response: { 200: z.object({ firstName: z.string() }), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await updateFirstName(deps.db, signedInUser(request).id, request.body.firstName);
      return { firstName: request.body.firstName };
    },
  );

  // Multipart parsing, and the hooks it adds to every request, only where the picture is uploaded.
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/account/profile-image',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: `Upload a profile picture (multipart, one file: JPEG, PNG or WebP, ${MEGABYTES} MB at most)`,
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({ profileImageUrl: z.string() }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const { fileName, data } = await readImageUpload(request);
        const url = await saveProfileImage(profile, signedInUser(request).id, fileName, data);
        return { profileImageUrl: url };
      },
    );
  });

  routes.get(
    '/api/account/profile-image',
    {
      schema: {
        tags,
        summary: 'The signed-in creator’s profile picture (WebP)',
        querystring: z.object({ v: z.string().max(20).optional().describe('Cache buster') }),
        response: { 200: z.unknown().describe('image/webp'), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const image = await openProfileImage(deps.storage, signedInUser(request).id);
      return reply
        .type('image/webp')
        .header('content-length', image.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(image.body);
    },
  );

  routes.delete(
    '/api/account/profile-image',
    {
      schema: {
        tags,
        summary: 'Remove the profile picture',
        response: { 204: z.null(), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await removeProfileImage(profile, signedInUser(request).id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/account/export',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Everything Ballast holds about the signed-in creator, as one JSON file',
        response: {
          200: z.unknown().describe('The data, as JSON'),
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await exportAccountData(deps.db, deps.storage, signedInUser(request).id, deps.now());
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="ballast-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  routes.delete(
    '/api/account',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Delete the account and everything in it: type its email address, and sign in again or give the password',
        body: accountDeletionSchema,
        response: {
          200: z.object({ deleted: z.literal(true) }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(
        deps,
        signedInUser(request),
        signedInSession(request),
        request.body,
        deps.signedIn.passwordCheck(request),
      );
      return reply.header('set-cookie', clearedSessionCookie(deps.isHttps)).send({ deleted: true as const });
    },
  );
}

/** Where the browser goes once an account is deleted: a plain page saying so (no session, no app). */
export function registerAccountDeletedPage(
  app: FastifyInstance,
  options: { publicUrl: string; supportEmail: string },
) {
  app.get('/account-deleted', { schema: { hide: true } }, async (_request, reply) =>
    sendNoticePage(reply, 200, {
      title: 'Your account is deleted',
      lines: [
        'Your profile, revenue, health checks, blueprints, alerts, connections and screenshots are gone, and any subscription is cancelled.',
        'A confirmation is on its way to your inbox. You are welcome back any time.',
      ],
      publicUrl: options.publicUrl,
      footnote: `Did not ask for this? Write to ${options.supportEmail} straight away.`,
    }),
  );
}
