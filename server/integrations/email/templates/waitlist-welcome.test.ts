import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/support/app';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/support/smtp';
import { seedSignupsUpTo, signUp } from '../../../../tests/support/waitlist';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, EMAIL_FROM: 'Ballast <hello@ballast.test>', TRUST_PROXY: 'true' },
    delivery: {},
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// Accounts are open: the welcome email may not promise an invitation "when the doors open".
describe('the waitlist welcome email', () => {
  for (const [tier, seededUpTo] of [
    ['free', 0],
    ['lifetime_paid', 60],
    ['waitlist', 600],
  ] as const) {
    it(`tells a ${tier} signup that accounts are open and links to creating one`, async () => {
      if (seededUpTo > 0) await seedSignupsUpTo(t.database.pool, seededUpTo);
      const email = `welcome.${tier}.${Date.now()}@ballast.test`;
      const response = await signUp(t, { email });
      expect((await response.json()).tier).toBe(tier);

      const mail = await smtp.waitForMailTo(email, /waitlist/);
      const text = mail.parsed.text ?? '';
      expect(text).not.toMatch(/doors open|when your access opens/i);
      expect(text).toContain('Accounts are open now');
      expect(text).toMatch(/https?:\/\/[^\s]+\/sign-in\?mode=create/);
      expect(mail.parsed.html).toContain('/sign-in?mode=create');
    });
  }
});
