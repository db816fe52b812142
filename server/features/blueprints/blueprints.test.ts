import type { Blueprint } from '@common/blueprints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type StubAnswer, type StubServer, startStubServer } from '../../../tests/support/http-stub';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

/** A creator with the whole blueprint (what each plan opens is billing/entitlements.test.ts's subject). */
async function newCreator(app = t) {
  const user = await signUpUser(app);
  await givePaidPlan(app, user.id, 'guardian');
  return as(app, user);
}

const answers = {
  platforms: ['youtube'],
  primaryPlatform: 'youtube',
  contentNiche: 'Cooking',
  audienceSize: '50k-100k',
  monthlyRevenue: '1000-5000',
  currentStreams: ['ad_revenue'],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: true,
};

async function generate(request: ReturnType<typeof as>) {
  const response = await request('/api/blueprints', { method: 'POST' });
  return { status: response.status, body: (await response.json()) as Blueprint & { message?: string } };
}

describe('generating a blueprint with the planner', () => {
  it('creates the one active blueprint from the creator’s answers', async () => {
    const request = await newCreator();
    await request('/api/user/onboarding', { method: 'POST', json: answers });
    const { status, body } = await generate(request);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'active',
      progress: 0,
      generatedBy: 'planner',
      completedAt: null,
      projectedRevenue: { min: 11_550, max: 23_100 },
    });
    expect(body.steps.map((step) => step.week)).toEqual([1, 2, 3, 4]);
    expect(body.steps[0]!.title).toBe('Own your audience: start an email list');
    expect(body.steps[0]!.tasks).toContain('Add the signup link to your YouTube bio and pinned content');
    const list = (await (await request('/api/blueprints')).json()) as Blueprint[];
    expect(list.map((blueprint) => blueprint.id)).toEqual([body.id]);
  });

  it('projects £2,400–£4,800 when nothing is known', async () => {
    const { body } = await generate(await newCreator());
    expect(body.projectedRevenue).toEqual({ min: 2_400, max: 4_800 });
  });

  it('refuses a second while one is active, also when both are asked for at once', async () => {
    const request = await newCreator();
    const [first, second] = await Promise.all([generate(request), generate(request)]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toBe(
      'You already have an active blueprint. Complete it before generating a new one.',
    );
    expect(((await (await request('/api/blueprints')).json()) as Blueprint[]).length).toBe(1);
  });
});

describe('progress', () => {
  it('moves by the given amount and completes the blueprint at 100, with its date', async () => {
    const request = await newCreator();
    const { body: blueprint } = await generate(request);
    const patch = (progress: unknown) =>
      request(`/api/blueprints/${blueprint.id}/progress`, { method: 'PATCH', json: { progress } });

    const quarter = await patch(25);
    expect(quarter.status).toBe(200);
    expect(await quarter.json()).toMatchObject({ progress: 25, status: 'active', completedAt: null });

    const done = await patch(100);
    const completed = (await done.json()) as Blueprint;
    expect(completed).toMatchObject({ progress: 100, status: 'completed' });
    expect(Date.now() - Date.parse(completed.completedAt!)).toBeLessThan(60_000);

    // Completed: it no longer moves, and a new one can be generated beside it.
    expect((await patch(50)).status).toBe(409);
    const next = await generate(request);
    expect(next.status).toBe(201);
    const list = (await (await request('/api/blueprints')).json()) as Blueprint[];
    expect(list.map((item) => item.status)).toEqual(['active', 'completed']);
  });

  it('refuses progress outside 0–100 or not a whole number, naming the rule', async () => {
    const request = await newCreator();
    const { body: blueprint } = await generate(request);
    for (const progress of [125, -1, 12.5, '50', null]) {
      const response = await request(`/api/blueprints/${blueprint.id}/progress`, {
        method: 'PATCH',
        json: { progress },
      });
      expect(response.status, String(progress)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(
        'progress must be a whole number from 0 to 100',
      );
    }
  });

  it('answers 404 for another creator’s blueprint and for ids that are not blueprints', async () => {
    const owner = await newCreator();
    const { body: blueprint } = await generate(owner);
    const stranger = await newCreator();
    const theirs = await stranger(`/api/blueprints/${blueprint.id}/progress`, {
      method: 'PATCH',
      json: { progress: 50 },
    });
    expect(theirs.status).toBe(404);
    expect(((await (await owner('/api/blueprints')).json()) as Blueprint[])[0]!.progress).toBe(0);
    const bad = await owner('/api/blueprints/not-an-id/progress', {
      method: 'PATCH',
      json: { progress: 50 },
    });
    expect(bad.status).toBe(400);
  });
});

describe('generating with a model', () => {
  const modelPlan = {
    title: 'From ad revenue to owned income',
    description: 'Four weeks to build an email list and a first digital product for your cooking audience.',
    steps: [1, 2, 3, 4].map((week) => ({
      week,
      title: `Week ${week}: model focus`,
      description: `What week ${week} is for.`,
      tasks: ['First concrete task', 'Second concrete task', 'Third concrete task'],
    })),
  };
  const completion = (content: string): StubAnswer => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }),
  });

  let model: StubServer;
  let answer: () => StubAnswer;
  let withModel: TestApp;

  beforeAll(async () => {
    model = await startStubServer(() => answer());
    withModel = await startTestApp({
      env: {
        TRUST_PROXY: 'true',
        LLM_BASE_URL: `${model.url}/v1`,
        LLM_MODEL: 'planner-test',
        LLM_API_KEY: 'model-key',
        LLM_TIMEOUT_SECONDS: '1',
      },
    });
  });

  afterAll(async () => {
    await withModel?.close();
    await model?.close();
  });

  it('uses the model’s plan when it answers valid JSON in time, keeping our projected revenue', async () => {
    answer = () => completion(`\`\`\`json\n${JSON.stringify(modelPlan)}\n\`\`\``);
    const request = await newCreator(withModel);
    await request('/api/user/onboarding', { method: 'POST', json: answers });
    const { status, body } = await generate(request);
    expect(status).toBe(201);
    expect(body).toMatchObject({ generatedBy: 'model', title: modelPlan.title, steps: modelPlan.steps });
    expect(body.projectedRevenue).toEqual({ min: 11_550, max: 23_100 });

    const sent = model.requests.at(-1)!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer model-key');
    const prompt = sent.json as { model: string; messages: { content: string }[] };
    expect(prompt.model).toBe('planner-test');
    expect(prompt.messages[1]!.content).toContain('Cooking');
    expect(prompt.messages[1]!.content).toContain('Digital product');
  });

  const failures: [string, () => StubAnswer][] = [
    ['not JSON', () => completion('Here is your plan: week one, start an email list.')],
    [
      'off the schema',
      () => completion(JSON.stringify({ ...modelPlan, steps: modelPlan.steps.slice(0, 2) })),
    ],
    ['an error', () => ({ status: 500, body: 'model crashed' })],
    ['too late', () => ({ ...completion(JSON.stringify(modelPlan)), delayMs: 1_500 })],
  ];
  for (const [what, failure] of failures) {
    it(`falls back to the planner when the model answers ${what}`, async () => {
      answer = failure;
      const request = await newCreator(withModel);
      const { status, body } = await generate(request);
      expect(status).toBe(201);
      expect(body.generatedBy).toBe('planner');
      expect(body.title).toMatch(/^Your 30-day plan: /);
    });
  }
});
