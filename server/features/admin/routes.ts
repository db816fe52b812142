import { Readable } from 'node:stream';
import {
  adminContactMessageSchema,
  adminContactMessagesSchema,
  adminIdParamsSchema,
  adminWaitlistPageSchema,
  bulletinToPublishSchema,
  contactMessageReadSchema,
  contactMessagesQuerySchema,
  deliveriesSchema,
  publishedBulletinSchema,
  usersOverviewSchema,
  waitlistFiltersSchema,
  waitlistQuerySchema,
} from '@common/admin';
import { accountPlanSchema, usersQuerySchema } from '@common/admin-plans';
import { bulletinSchema } from '@common/alerts';
import { apiErrorSchema } from '@common/api-error';
import { platformShiftSchema } from '@common/shifts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/boss';
import { signedInUser } from '../auth/public';
import type { Payments } from '../billing/public';
import { findShiftsForConsole } from '../shifts/public';
import { findAccounts, findUsersOverview } from './account-service';
import { registerPeopleRoutes } from './people-routes';
import { registerAccountPlanRoutes } from './plan-routes';
import {
  countBulletinReach,
  dismissShiftFor,
  findContactMessages,
  findDeliveries,
  listBulletins,
  markContactMessage,
  publishBulletinFor,
  retryDelivery,
} from './service';
import { registerWaitlistOperatorRoutes } from './waitlist-routes';
import { exportWaitlist, findWaitlistPage, waitlistExportName } from './waitlist-service';

export type AdminDeps = {
  db: Db;
  jobs: Jobs;
  payments: Payments | undefined;
  log: FastifyBaseLogger;
  now: Clock;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const conflict = { 409: apiErrorSchema };

/**
 * `/api/admin/...`, the operator console's calls. They live in their own scope inside the signed-in
 * one: the session check runs first (401 signed out), then this scope's check answers 404 to anyone who
 * is not in ADMIN_EMAILS, before any body is read, so a creator cannot even learn the routes exist.
 */
export async function registerAdminRoutes(signedIn: FastifyInstance, deps: AdminDeps) {
  await signedIn.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (!signedInUser(request).isAdmin) throw new AppError('NOT_FOUND', 'There is nothing here.');
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    routes.get(
      '/api/admin/waitlist',
      {
        schema: {
          tags,
          summary: 'The waitlist in position order: search by email, filter by tier and source, 50 a page',
          querystring: waitlistQuerySchema,
          response: { 200: adminWaitlistPageSchema, ...errors },
        },
      },
      async (request) => {
        const { page, ...filters } = request.query;
        return findWaitlistPage(deps.db, filters, page);
      },
    );

    routes.get(
      '/api/admin/waitlist/export',
      {
        schema: {
          tags,
          summary: 'The filtered waitlist as CSV (streamed)',
          querystring: waitlistFiltersSchema,
          produces: ['text/csv'],
          // A stream is sent as it is, never through the serialiser.
          response: { 200: z.unknown().describe('text/csv, one signup per row'), ...errors },
        },
      },
      async (request, reply) => {
        const lines = await exportWaitlist(deps.db, signedInUser(request), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${waitlistExportName(deps.now())}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(lines));
      },
    );

    routes.get(
      '/api/admin/messages',
      {
        schema: {
          tags,
          summary: 'Contact form messages, newest first, 50 a page',
          querystring: contactMessagesQuerySchema,
          response: { 200: adminContactMessagesSchema, ...errors },
        },
      },
      async (request) => findContactMessages(deps.db, request.query.page, request.query.unread === 'true'),
    );

    routes.patch(
      '/api/admin/messages/:id',
      {
        schema: {
          tags,
          summary: 'Mark a contact message read or unread',
          params: adminIdParamsSchema,
          body: contactMessageReadSchema,
          response: { 200: adminContactMessageSchema, ...errors },
        },
      },
      async (request) =>
        markContactMessage(deps.db, signedInUser(request), request.params.id, request.body.isRead),
    );

    routes.get(
      '/api/admin/deliveries',
      {
        schema: {
          tags,
          summary: 'Outbox counts by state, and messages that failed after every retry',
          response: { 200: deliveriesSchema, ...errors },
        },
      },
      async () => findDeliveries(deps.db),
    );

    routes.post(
      '/api/admin/deliveries/:id/retry',
      {
        schema: {
          tags,
          summary: 'Queue a failed message again, with a full set of retries',
          params: adminIdParamsSchema,
          response: { 200: z.object({ id: z.string(), status: z.literal('pending') }), ...errors },
        },
      },
      async (request) => retryDelivery(deps, signedInUser(request), request.params.id),
    );

    routes.get(
      '/api/admin/bulletins',
      {
        schema: {
          tags,
          summary: 'Published algorithm-change bulletins, newest first',
          response: { 200: z.array(publishedBulletinSchema), ...errors },
        },
      },
      async () => listBulletins(deps.db),
    );

    routes.get(
      '/api/admin/bulletins/reach',
      {
        schema: {
          tags,
          summary: 'How many creators a bulletin for this platform would reach now',
          querystring: bulletinSchema.pick({ platform: true }),
          response: { 200: z.object({ recipients: z.number() }), ...errors },
        },
      },
      async (request) => ({ recipients: await countBulletinReach(deps.db, request.query.platform) }),
    );

    routes.post(
      '/api/admin/bulletins',
      {
        schema: {
          tags,
          summary:
            'Publish an algorithm-change bulletin to every creator on the platform (with shiftId: the platform shift it announces, marked published with it)',
          body: bulletinToPublishSchema,
          response: { 201: z.object({ id: z.string(), recipients: z.number() }), ...errors, ...conflict },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await publishBulletinFor(deps, signedInUser(request), request.body)),
    );

    routes.get(
      '/api/admin/shifts',
      {
        schema: {
          tags,
          summary:
            'Falls shared by most of a platform’s creators (20 or more), waiting for review first, each with a draft bulletin; aggregates only',
          response: { 200: z.array(platformShiftSchema), ...errors },
        },
      },
      async () => findShiftsForConsole(deps.db),
    );

    routes.post(
      '/api/admin/shifts/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Dismiss a detected platform shift: no bulletin goes out for it',
          params: adminIdParamsSchema,
          response: { 200: platformShiftSchema, ...errors, ...conflict },
        },
      },
      async (request) => dismissShiftFor(deps.db, signedInUser(request), request.params.id),
    );

    routes.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          summary:
            'Accounts by plan and onboarding state, the latest sign-ups, and with ?email= the accounts whose address contains it (with their plan and where it comes from)',
          querystring: usersQuerySchema,
          response: {
            200: usersOverviewSchema.extend({ matches: z.array(accountPlanSchema).nullable() }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { email } = request.query;
        const [overview, matches] = await Promise.all([
          findUsersOverview(deps.db),
          email ? findAccounts(deps.db, email) : null,
        ]);
        return { ...overview, matches };
      },
    );
    registerAccountPlanRoutes(scope, deps);
    registerWaitlistOperatorRoutes(scope, deps);
    registerPeopleRoutes(scope, deps);
  });
}
