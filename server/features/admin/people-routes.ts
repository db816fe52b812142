import { adminIdParamsSchema } from '@common/admin';
import {
  auditPageSchema,
  auditQuerySchema,
  personQuerySchema,
  personSchema,
  resentEmailSchema,
} from '@common/admin-people';
import { apiErrorSchema } from '@common/api-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { signedInUser } from '../auth/public';
import { findAuditPage } from './audit-service';
import { findPerson, resendEmail } from './people-service';

const tags = ['admin'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/**
 * A person's page, sending an email again, and the audit log, inside the console's operators-only
 * scope (admin/routes.ts). The address looked up rides in the query, which request logs redact.
 */
export function registerPeopleRoutes(scope: FastifyInstance, deps: { db: Db; jobs: Jobs; now: Clock }) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/people',
    {
      schema: {
        tags,
        summary:
          'Everything held under one address: waitlist place, account and plan, emails sent (with whether each can be sent again) and contact messages',
        querystring: personQuerySchema,
        response: { 200: personSchema, ...errors },
      },
    },
    async (request) => findPerson(deps.db, request.query.email, deps.now()),
  );

  routes.post(
    '/api/admin/deliveries/:id/resend',
    {
      schema: {
        tags,
        summary:
          'Send an email again as it was, within the address’s hourly limit for its kind (over it, the copy is kept as skipped); audited',
        params: adminIdParamsSchema,
        response: { 200: resentEmailSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => resendEmail(deps, signedInUser(request), request.params.id),
  );

  routes.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags,
        summary:
          'Operator actions, newest first, 50 a page, each naming what it acted on; filter by operator, action and London days',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => findAuditPage(deps.db, request.query),
  );
}
