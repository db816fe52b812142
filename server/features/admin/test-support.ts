// What the admin test files share: one app with mail, an operator and a creator, and the audit trail.
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';
import { as, signInWithEmailLink, signUpUser, type TestUser } from '../../../tests/support/users';

export const OPERATOR = 'ops@ballast.test';

// Assigned before the file's tests run; importers read them as live bindings.
export let smtp: TestSmtpServer;
export let t: TestApp;
export let operator: ReturnType<typeof as>;
export let creator: ReturnType<typeof as>;
export let operatorUser: TestUser;
export let creatorUser: TestUser;

/** Starts the app, signs the operator in and a creator up before the calling file's tests; stops it after. */
export function setUpAdminApp(): void {
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await startTestApp({
      env: {
        ADMIN_EMAILS: `someone@else.test, ${OPERATOR.toUpperCase()}`,
        SMTP_URL: smtp.url,
        TRUST_PROXY: 'true',
      },
      delivery: {},
    });
    operatorUser = await signInWithEmailLink(t, OPERATOR);
    operator = as(t, operatorUser);
    creatorUser = await signUpUser(t);
    creator = as(t, creatorUser);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
}

export async function auditActions() {
  const response = await operator('/api/admin/audit-log');
  const { entries } = (await response.json()) as {
    entries: { action: string; operatorEmail: string; targetId: string | null }[];
  };
  return entries.map(({ action, operatorEmail, targetId }) => ({ action, operatorEmail, targetId }));
}
