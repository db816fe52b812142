import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unsubscribePage } from './unsubscribe-page';
import { type UnsubscribeResult, unsubscribeWithToken } from './unsubscribe-service';

const querystring = z.object({
  // Missing or mangled tokens get the readable 400 page below rather than a JSON error.
  token: z.string().max(2000).default('').describe('The signed token from the unsubscribe link'),
});

const htmlPage = z.string().describe('An HTML page saying what happened');

function sendPage(reply: FastifyReply, result: UnsubscribeResult, config: Config) {
  const page = (status: number, title: string, lines: string[]) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(unsubscribePage({ title, lines, publicUrl: config.publicUrl }));
  switch (result.outcome) {
    case 'unsubscribed':
      return page(200, "You're unsubscribed", [`We won't send waitlist emails to ${result.email} again.`]);
    case 'already-unsubscribed':
      return page(200, "You're already unsubscribed", [
        `${result.email} was already off our waitlist emails. There is nothing more to do.`,
      ]);
    case 'invalid-token':
      return page(400, "This unsubscribe link doesn't work", [
        'The link may have been cut short by your email app. Open it again from the email, in full.',
        `Still stuck? Write to ${config.supportEmail} and we will take you off the list.`,
      ]);
  }
}

/**
 * `/api/waitlist/unsubscribe`: the link in every waitlist email (GET, works without signing in) and
 * the one-click POST that mail providers send for the List-Unsubscribe-Post header (RFC 8058).
 */
export async function registerUnsubscribeRoutes(app: FastifyInstance, deps: { config: Config; db: Db }) {
  await app.register(async (scope) => {
    // RFC 8058's one-click body is form-encoded ("List-Unsubscribe=One-Click"); the token is in the URL.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const rateLimit = { max: 30, timeWindow: '1 minute' };
    routes.get(
      '/api/waitlist/unsubscribe',
      {
        config: { rateLimit },
        schema: {
          tags: ['waitlist'],
          summary: 'Unsubscribe from waitlist emails (the link in every waitlist email)',
          querystring,
          response: { 200: htmlPage, 400: htmlPage },
        },
      },
      async (request, reply) => {
        const result = await unsubscribeWithToken(
          deps.db,
          deps.config.sessionSecret,
          request.query.token,
          'unsubscribe-link',
        );
        return sendPage(reply, result, deps.config);
      },
    );
    routes.post(
      '/api/waitlist/unsubscribe',
      {
        config: { rateLimit },
        schema: {
          tags: ['waitlist'],
          summary: 'One-click unsubscribe (List-Unsubscribe-Post, RFC 8058)',
          querystring,
          response: { 200: htmlPage, 400: htmlPage },
        },
      },
      async (request, reply) => {
        const result = await unsubscribeWithToken(
          deps.db,
          deps.config.sessionSecret,
          request.query.token,
          'one-click',
        );
        return sendPage(reply, result, deps.config);
      },
    );
  });
}
