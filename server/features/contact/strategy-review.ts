import { apiErrorSchema } from '@common/api-error';
import { londonDate, monthOf } from '@common/calendar';
import { contactMessageResponseSchema, strategyReviewRequestSchema } from '@common/contact-schemas';
import { STRATEGY_REVIEW_REQUESTED } from '@common/plans';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessages } from '../../db/schema/contact';
import { AppError } from '../../errors';
import { enqueueOutbound } from '../../jobs/outbox';
import { signedInUser } from '../auth/session';
import { requireFeature } from '../billing/entitlements';
import type { ContactDeps } from './service';

/**
 * POST /api/strategy-review: The Mastermind's monthly strategy review, asked for from the dashboard.
 * It reaches the operators' inbox (listed first, as priority support) and the support address. One a
 * London month; another plan answers 402 naming The Mastermind.
 */
export function registerStrategyReviewRoute(scope: FastifyInstance, deps: ContactDeps & { now: () => Date }) {
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/strategy-review',
    {
      schema: {
        tags: ['contact'],
        summary:
          'Ask for this month’s strategy review (The Mastermind), with an optional note of what to look at',
        body: strategyReviewRequestSchema,
        response: {
          200: contactMessageResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          402: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await requireFeature(deps.db, user.id, 'strategyReview');
      const monthStart = `${monthOf(londonDate(deps.now()))}-01`;
      const contact = {
        name: user.firstName || user.email,
        email: user.email.toLowerCase(),
        message: request.body.note || 'Please arrange my strategy review for this month.',
      };
      await deps.db.transaction(async (tx) => {
        // One a month: the creator's row lock keeps two clicks from both getting through.
        await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
        const [earlier] = await tx
          .select({ id: contactMessages.id })
          .from(contactMessages)
          .where(
            and(
              eq(contactMessages.email, contact.email),
              eq(contactMessages.kind, 'strategy_review'),
              gte(
                contactMessages.createdAt,
                sql`(${monthStart}::date::timestamp AT TIME ZONE 'Europe/London')`,
              ),
            ),
          );
        if (earlier) {
          throw new AppError(
            'CONFLICT',
            'You have asked for this month’s strategy review already: we will be in touch.',
          );
        }
        await tx.insert(contactMessages).values({ ...contact, kind: 'strategy_review', userId: user.id });
        await enqueueOutbound(deps.jobs, tx, [
          { channel: 'email', template: 'contact-notification', to: deps.supportEmail, ...contact },
        ]);
      });
      return { success: true, message: STRATEGY_REVIEW_REQUESTED };
    },
  );
}
