import {
  adminIdParamsSchema,
  placeActionSchema,
  voidReferralSchema,
  waitlistOverviewSchema,
} from '@common/admin';
import { apiErrorSchema } from '@common/api-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../auth/public';
import {
  actOnPlaces,
  type OperatorDeps,
  releaseSetAsidePlace,
  voidReferralAsOperator,
  waitlistOverview,
} from '../waitlist/public';
import { recordOperatorAction } from './store';

const tags = ['admin'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * The Waitlist tab's overview and its actions on places and referrals. Registered inside the admin
 * scope, whose hook answers 404 to anyone who is not an operator before a body is read.
 */
export function registerWaitlistOperatorRoutes(scope: FastifyInstance, deps: OperatorDeps) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/waitlist/overview',
    {
      schema: {
        tags,
        summary: "Each tier's fill, signups by day, hour and source, top referrers, voided referrals, flags",
        response: { 200: waitlistOverviewSchema, ...errors },
      },
    },
    async () => waitlistOverview(deps.db, deps.now()),
  );

  routes.post(
    '/api/admin/waitlist/places/actions',
    {
      schema: {
        tags,
        summary:
          'Remove places, or set them aside for review, one or many at once; everyone after moves up, and a proven address is emailed',
        body: placeActionSchema,
        response: { 200: z.object({ places: z.number() }), ...errors },
      },
    },
    async (request) => {
      const { ids, action, reason } = request.body;
      const operator = signedInUser(request);
      const kind = action === 'remove' ? 'waitlist.remove' : 'waitlist.quarantine';
      const places = await actOnPlaces(deps, ids, action, async (tx, done) => {
        for (const place of done) {
          await recordOperatorAction(tx, operator, kind, place.id, {
            email: place.email,
            position: place.position,
            reason,
            wasConfirmed: Boolean(place.confirmedAt),
          });
        }
      });
      return { places: places.length };
    },
  );

  routes.post(
    '/api/admin/waitlist/places/:id/release',
    {
      schema: {
        tags,
        summary: 'Put a set-aside place back on the list, at its end',
        params: adminIdParamsSchema,
        response: { 200: z.object({ position: z.number() }), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const position = await releaseSetAsidePlace(deps, id, (tx, at) =>
        recordOperatorAction(tx, signedInUser(request), 'waitlist.release', id, { position: at }),
      );
      return { position };
    },
  );

  routes.post(
    '/api/admin/waitlist/referrals/:id/void',
    {
      schema: {
        tags,
        summary: 'Void a counted referral: the places it moved its referrer up go back',
        params: adminIdParamsSchema,
        body: voidReferralSchema,
        response: { 200: z.object({ voided: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      await voidReferralAsOperator(deps, id, reason, (tx) =>
        recordOperatorAction(tx, signedInUser(request), 'referral.void', id, { reason }),
      );
      return { voided: true as const };
    },
  );
}
