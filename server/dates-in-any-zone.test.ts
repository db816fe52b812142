import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../tests/support/app';
import { stoppedClockAt } from '../tests/support/clock';
import { onMachineInZone } from '../tests/support/machine-zone';
import { as, signUpUser } from '../tests/support/users';
import { waitlistExportName } from './features/admin/waitlist-service';

// The calendar is London's (decision 009) on a machine anywhere: here one in California, where London's
// new day or month starts eight hours before the machine's.
onMachineInZone('America/Los_Angeles');

const clock = stoppedClockAt('2027-06-30T23:30:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, deps: { now: clock } });
});

afterAll(async () => {
  await t?.close();
});

async function creator() {
  return as(t, await signUpUser(t));
}

async function addEntry(request: Awaited<ReturnType<typeof creator>>, date?: string) {
  const response = await request('/api/revenue', {
    method: 'POST',
    json: { source: 'brand_deals', amount: '250.00', ...(date ? { date } : {}) },
  });
  const body = (await response.json()) as { date?: string; message?: string };
  return { status: response.status, body };
}

describe('London’s calendar on a machine in California', () => {
  it('dates an entry by London’s day: at 00:30 BST on 1 July, today is 1 July and tomorrow the latest', async () => {
    clock.set('2027-06-30T23:30:00Z');
    const request = await creator();
    expect((await addEntry(request)).body.date).toBe('2027-07-01');
    expect((await addEntry(request, '2027-07-02')).status).toBe(201);
    const future = await addEntry(request, '2027-07-03');
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.body)).toContain('on or before 2027-07-02');
  });

  it('counts this month as London’s: July from 00:30 BST on 1 July, while the machine is in June', async () => {
    clock.set('2027-06-30T23:30:00Z');
    const request = await creator();
    await addEntry(request, '2027-07-01');
    await addEntry(request, '2027-06-30');
    const summary = await (await request('/api/revenue/summary')).json();
    expect(summary).toMatchObject({ currentMonth: '2027-07', thisMonthAmount: '250.00' });
  });

  it('starts a new year at midnight in London, eight hours before the machine does', async () => {
    clock.set('2027-01-01T00:20:00Z');
    const request = await creator();
    expect((await addEntry(request)).body.date).toBe('2027-01-01');
    const summary = await (await request('/api/revenue/summary')).json();
    expect(summary).toMatchObject({ currentMonth: '2027-01', thisMonthAmount: '250.00' });
  });

  it('keeps GMT’s day in the hour after the clocks go back', async () => {
    // London's clocks go back at 01:00 UTC on 31 October 2027: 01:30 UTC is 01:30 GMT, and 23:59 UTC is
    // still the 31st in London.
    clock.set('2027-10-31T01:30:00Z');
    const request = await creator();
    expect((await addEntry(request)).body.date).toBe('2027-10-31');
    clock.set('2027-10-31T23:59:00Z');
    expect((await addEntry(request)).body.date).toBe('2027-10-31');
  });

  it('names the waitlist export by London’s day', () => {
    expect(waitlistExportName(new Date('2027-06-30T23:30:00Z'))).toBe('ballast-waitlist-2027-07-01.csv');
    expect(waitlistExportName(new Date('2027-01-01T00:20:00Z'))).toBe('ballast-waitlist-2027-01-01.csv');
  });
});
