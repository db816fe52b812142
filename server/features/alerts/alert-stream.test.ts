import { describe, expect, it } from 'vitest';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';
import { alertsOf, first, second, setUpTwoInstances } from './test-support';

setUpTwoInstances();

describe('health-check bands and the live stream', () => {
  it('raises a critical-dependency alert as the check runs, and streams it to a dashboard on another instance', async () => {
    const user = await signUpUser(first);
    await givePaidPlan(first, user.id, 'guardian');
    const onFirst = as(first, user);
    await onFirst('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '900', date: '2026-10-20' },
    });

    // The dashboard is open on the second instance before anything happens.
    const stream = await fetch(`${second.baseUrl}/api/alerts/stream`, { headers: { cookie: user.cookie } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    let received = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += new TextDecoder().decode(value);
      }
    })();

    expect((await onFirst('/api/health-check', { method: 'POST' })).status).toBe(200);
    const alert = (await alertsOf(onFirst)).find((item) => item.title.startsWith('Algorithm dependency'));
    expect(alert).toMatchObject({
      title: 'Algorithm dependency is critical (100%)',
      severity: 'high',
      platform: 'youtube',
    });

    await waitUntil(() => received.includes(alert!.id), 10_000, 'the alert on the stream');
    expect(received).toContain('event: alert');
    await reader.cancel();
    await reading.catch(() => {});
  });

  it('emails critical and high alerts to Guardian and Mastermind subscribers only', async () => {
    const outboxTo = async (email: string) =>
      (
        await first.database.pool.query(
          "SELECT payload FROM outbox_messages WHERE payload->>'template' = 'alert' AND payload->>'to' = $1",
          [email],
        )
      ).rows.map((row) => row.payload as { title: string; severity: string });
    for (const plan of ['guardian', 'none'] as const) {
      const user = await signUpUser(first);
      await givePaidPlan(first, user.id, plan);
      const request = as(first, user);
      await request('/api/revenue', {
        method: 'POST',
        json: { source: 'tiktok_creator_fund', amount: '500', date: '2026-10-20' },
      });
      await request('/api/health-check', { method: 'POST' });
      const sent = await outboxTo(user.email);
      if (plan === 'guardian') {
        // The high dependency alert is emailed; the medium platform-risk one is not.
        expect(sent).toEqual([
          expect.objectContaining({ title: 'Algorithm dependency is critical (100%)', severity: 'high' }),
        ]);
      } else {
        expect(sent).toEqual([]);
      }
    }
  });

  it('answers 402 naming The Guardian to plans without real-time alerts, and opens for it', async () => {
    for (const plan of ['none', 'blueprint', 'guardian', 'mastermind'] as const) {
      const user = await signUpUser(first);
      await givePaidPlan(first, user.id, plan);
      const controller = new AbortController();
      const stream = await fetch(`${first.baseUrl}/api/alerts/stream`, {
        headers: { cookie: user.cookie },
        signal: controller.signal,
      });
      if (plan === 'none' || plan === 'blueprint') {
        expect(stream.status, plan).toBe(402);
        expect(await stream.json()).toEqual({
          error: 'PLAN_REQUIRED',
          message:
            'Real-time alerts: available with The Guardian (£29 per month). Choose it at /subscribe?plan=guardian.',
        });
      } else {
        expect(stream.status, plan).toBe(200);
        controller.abort();
      }
    }
  });

  it('ends an open stream once its plan no longer covers it, sending nothing more', async () => {
    const user = await signUpUser(first);
    await givePaidPlan(first, user.id, 'guardian');
    const request = as(first, user);
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '900', date: '2026-10-20' },
    });
    const stream = await fetch(`${second.baseUrl}/api/alerts/stream`, { headers: { cookie: user.cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let received = '';
    let isEnded = false;
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          isEnded = true;
          return;
        }
        received += new TextDecoder().decode(value);
      }
    })();

    // The subscription is cancelled while the dashboard is open; then an alert is raised.
    await givePaidPlan(first, user.id, 'none');
    expect((await request('/api/health-check', { method: 'POST' })).status).toBe(200);
    await waitUntil(() => isEnded || received.includes('event: alert'), 10_000, 'the stream to end or send');
    expect(received).not.toContain('event: alert');
    expect(isEnded).toBe(true);
    await reading.catch(() => {});
  });

  it('never opens a second alert for a cause whose alert is still open', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '900', date: '2026-10-20' },
    });
    const dependencyAlerts = async () =>
      (await alertsOf(request)).filter((alert) => alert.title.startsWith('Algorithm dependency'));
    await request('/api/health-check', { method: 'POST' });
    expect(await dependencyAlerts()).toHaveLength(1);

    // Course income brings dependency out of its critical band (the cause clears)…
    const courses = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '4000', date: '2026-10-18' },
    });
    await request('/api/health-check', { method: 'POST' });
    // …and back into it: the first alert is still open, so no second one joins it.
    const { id } = (await courses.json()) as { id: string };
    await request(`/api/revenue/${id}`, { method: 'DELETE' });
    await request('/api/health-check', { method: 'POST' });
    await request('/api/health-check', { method: 'POST' });
    expect(await dependencyAlerts()).toHaveLength(1);

    // Once dismissed, a later return of the cause alerts again.
    const [open] = await dependencyAlerts();
    await request(`/api/alerts/${open!.id}/read`, { method: 'POST' });
    const again = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '4000', date: '2026-10-19' },
    });
    await request('/api/health-check', { method: 'POST' });
    await request(`/api/revenue/${((await again.json()) as { id: string }).id}`, { method: 'DELETE' });
    await request('/api/health-check', { method: 'POST' });
    expect(await dependencyAlerts()).toHaveLength(1);
    expect((await dependencyAlerts())[0]!.id).not.toBe(open!.id);
  });

  it('refuses the stream to a signed-out visitor', async () => {
    expect((await fetch(`${first.baseUrl}/api/alerts/stream`)).status).toBe(401);
  });
});
