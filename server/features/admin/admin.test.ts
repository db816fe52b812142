import { describe, expect, it } from 'vitest';
import { waitForDeliveryToSettle } from '../../../tests/support/outbox';
import { givePaidPlan } from '../../../tests/support/plans';
import { enqueueOutbound } from '../../jobs/outbox';
import { findOutboxMessage } from '../../jobs/outbox-store';
import {
  auditActions,
  creator,
  creatorUser,
  OPERATOR,
  operator,
  operatorUser,
  setUpAdminApp,
  smtp,
  t,
} from './test-support';

setUpAdminApp();

const adminRoutes = () => t.app.routeTable.filter(({ url }) => url.startsWith('/api/admin/'));
const concretePath = (url: string) => url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');

describe('who can reach the console', () => {
  it('answers 404 to a creator on every admin route, before reading the body, and 401 signed out', async () => {
    const routes = adminRoutes();
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/waitlist',
        'GET /api/admin/waitlist/export',
        'GET /api/admin/messages',
        'PATCH /api/admin/messages/:id',
        'GET /api/admin/deliveries',
        'POST /api/admin/deliveries/:id/retry',
        'GET /api/admin/bulletins',
        'GET /api/admin/bulletins/reach',
        'POST /api/admin/bulletins',
        'GET /api/admin/shifts',
        'POST /api/admin/shifts/:id/dismiss',
        'GET /api/admin/users',
        'GET /api/admin/audit-log',
        'GET /api/admin/people',
        'POST /api/admin/deliveries/:id/resend',
      ]),
    );
    for (const { method, url } of routes) {
      const hasBody = !['GET', 'HEAD'].includes(method);
      const init = {
        method,
        ...(hasBody ? { body: '{"not": valid json', headers: { 'content-type': 'application/json' } } : {}),
      };
      const asCreator = await creator(concretePath(url), init);
      expect(asCreator.status, `${method} ${url}`).toBe(404);
      const signedOut = await t.request(concretePath(url), init);
      expect(signedOut.status, `${method} ${url}`).toBe(401);
    }
    const asOperator = await operator('/api/admin/users');
    expect(asOperator.status).toBe(200);
  });

  it('tells the client who is an operator', async () => {
    const me = (await (await operator('/api/auth/user')).json()) as { isAdmin: boolean };
    expect(me.isAdmin).toBe(true);
    const them = (await (await creator('/api/auth/user')).json()) as { isAdmin: boolean };
    expect(them.isAdmin).toBe(false);
  });
});

describe('the inbox', () => {
  it('lists messages newest first, unread until marked, with the audit trail', async () => {
    for (const name of ['Ada', 'Grace']) {
      const sent = await t.request('/api/contact', {
        method: 'POST',
        json: { name, email: `${name.toLowerCase()}@inbox.test`, message: `Hello from ${name}, a question.` },
        headers: { 'x-forwarded-for': `203.0.113.${name.length}` },
      });
      expect(sent.status).toBe(200);
    }
    type Inbox = {
      messages: { id: string; name: string; readAt: string | null }[];
      unread: number;
      total: number;
    };
    const inbox = (await (await operator('/api/admin/messages')).json()) as Inbox;
    expect(inbox.messages.map((message) => message.name)).toEqual(['Grace', 'Ada']);
    expect(inbox.unread).toBe(2);

    const grace = inbox.messages[0]!;
    const read = await operator(`/api/admin/messages/${grace.id}`, {
      method: 'PATCH',
      json: { isRead: true },
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { readAt: string | null }).readAt).toEqual(expect.any(String));
    const unreadOnly = (await (await operator('/api/admin/messages?unread=true')).json()) as Inbox;
    expect(unreadOnly.messages.map((message) => message.name)).toEqual(['Ada']);
    expect(unreadOnly.unread).toBe(1);

    await operator(`/api/admin/messages/${grace.id}`, { method: 'PATCH', json: { isRead: false } });
    expect(((await (await operator('/api/admin/messages')).json()) as Inbox).unread).toBe(2);
    const missing = await operator('/api/admin/messages/00000000-0000-4000-8000-000000000000', {
      method: 'PATCH',
      json: { isRead: true },
    });
    expect(missing.status).toBe(404);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        { action: 'message.read', operatorEmail: OPERATOR, targetId: grace.id },
        { action: 'message.unread', operatorEmail: OPERATOR, targetId: grace.id },
      ]),
    );
  });
});

describe('deliveries', () => {
  it('shows a message that failed after every retry with its error, and retries it on request', async () => {
    const [id] = await t.database.db.transaction((tx) =>
      enqueueOutbound(t.jobs, tx, [
        { channel: 'email', template: 'magic-link', to: 'retry@deliveries.test', url: 'http://x.test/in' },
      ]),
    );
    await waitForDeliveryToSettle(t.database.pool, id!);
    // As the outbox leaves a message when every retry has failed.
    await t.database.pool.query(
      `UPDATE outbox_messages SET status = 'failed', failed_at = now(), attempts = 5, last_error = '451 mailbox busy' WHERE id = $1`,
      [id],
    );
    const before = smtp.received.length;

    type Deliveries = {
      counts: Record<string, number>;
      failed: { id: string; kind: string; recipient: string; lastError: string }[];
    };
    const listed = (await (await operator('/api/admin/deliveries')).json()) as Deliveries;
    expect(listed.counts.failed).toBe(1);
    expect(listed.counts.delivered).toBeGreaterThan(0);
    expect(listed.failed).toEqual([
      expect.objectContaining({
        id,
        kind: 'magic-link',
        recipient: 'retry@deliveries.test',
        lastError: '451 mailbox busy',
      }),
    ]);

    const retried = await operator(`/api/admin/deliveries/${id}/retry`, { method: 'POST' });
    expect(retried.status).toBe(200);
    await waitForDeliveryToSettle(t.database.pool, id!);
    expect((await findOutboxMessage(t.database.db, id!))?.status).toBe('delivered');
    expect(smtp.received.slice(before).map((mail) => mail.recipients)).toEqual([['retry@deliveries.test']]);

    const notFailed = await operator(`/api/admin/deliveries/${id}/retry`, { method: 'POST' });
    expect(notFailed.status).toBe(404);
    expect(await auditActions()).toContainEqual({
      action: 'delivery.retry',
      operatorEmail: OPERATOR,
      targetId: id,
    });
  });
});

describe('bulletins and users', () => {
  it('publishes a bulletin, lists it with its reach, and counts accounts by plan and onboarding', async () => {
    // Bulletins reach creators whose plan brings them (The Guardian and up).
    await givePaidPlan(t, creatorUser.id, 'guardian');
    await creator('/api/user/onboarding', { method: 'POST', json: { platforms: ['tiktok'] } });
    const reach = await operator('/api/admin/bulletins/reach?platform=tiktok');
    expect(await reach.json()).toEqual({ recipients: 1 });
    expect(await (await operator('/api/admin/bulletins/reach?platform=instagram')).json()).toEqual({
      recipients: 0,
    });
    expect((await operator('/api/admin/bulletins/reach?platform=myspace')).status).toBe(400);
    const published = await operator('/api/admin/bulletins', {
      method: 'POST',
      json: {
        platform: 'tiktok',
        severity: 'medium',
        title: 'TikTok is favouring longer videos',
        description: 'Videos over a minute are getting more of the For You feed this week.',
        impactDescription: 'Short clips may see fewer views.',
      },
    });
    expect(published.status).toBe(201);
    const { id } = (await published.json()) as { id: string };
    const list = (await (await operator('/api/admin/bulletins')).json()) as {
      id: string;
      recipients: number;
      publishedBy: string;
    }[];
    expect(list[0]).toMatchObject({ id, recipients: 1, publishedBy: OPERATOR });
    expect(await auditActions()).toContainEqual({
      action: 'bulletin.publish',
      operatorEmail: OPERATOR,
      targetId: id,
    });

    const users = (await (await operator('/api/admin/users')).json()) as {
      total: number;
      byPlan: Record<string, number>;
      onboarded: number;
      notOnboarded: number;
      recent: { email: string }[];
    };
    expect(users.total).toBe(2);
    expect(users.byPlan).toEqual({ none: 1, blueprint: 0, guardian: 1, mastermind: 0 });
    expect(users.onboarded).toBe(1);
    expect(users.notOnboarded).toBe(1);
    expect(users.recent.map((user) => user.email)).toContain(operatorUser.email);
  });
});
