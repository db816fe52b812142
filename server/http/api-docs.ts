import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { SignedIn } from '../features/auth/public';

/** The OpenAPI document, built from the schemas of the routes added after it. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ballast API',
        description: 'Waitlist, revenue, health checks, blueprints, alerts and billing for creators.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** The OpenAPI document without `/api/admin/...`, for everyone but operators. */
function withoutOperatorPaths(document: Record<string, unknown>) {
  const paths = (document.paths ?? {}) as Record<string, unknown>;
  return {
    ...document,
    paths: Object.fromEntries(Object.entries(paths).filter(([url]) => !url.startsWith('/api/admin/'))),
  };
}

/** `/api/docs`: the document and its viewer. The operators' calls are listed to operators only. */
export async function registerApiDocs(app: FastifyInstance, signedIn: SignedIn) {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiHooks: {
      onRequest: async (request) => {
        request.user = await signedIn.currentUser(request);
      },
    },
    transformSpecification: (document, request) =>
      (request as FastifyRequest).user?.isAdmin ? document : withoutOperatorPaths(document),
  });
}
