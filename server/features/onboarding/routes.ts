import { apiErrorSchema } from '@common/api-error';
import {
  onboardingResultSchema,
  onboardingSubmissionSchema,
  savedOnboardingSchema,
} from '@common/onboarding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { signedInUser } from '../auth/public';
import { completeOnboarding, getOnboardingAnswers } from './service';

export function registerOnboardingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/user/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Save the onboarding answers and mark onboarding complete (again to update them)',
        body: onboardingSubmissionSchema,
        response: { 200: onboardingResultSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => completeOnboarding(db, signedInUser(request).id, request.body),
  );

  routes.get(
    '/api/user/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'The saved onboarding answers, or null before the questionnaire is first completed',
        response: { 200: savedOnboardingSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ answers: await getOnboardingAnswers(db, signedInUser(request).id) }),
  );
}
