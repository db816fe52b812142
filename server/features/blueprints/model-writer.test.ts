import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type StubAnswer, type StubServer, startStubServer } from '../../../tests/support/http-stub';
import { answers, generate, newCreator } from './test-support';

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
    // The model writes words only: the projection and the plays stay the planner's.
    expect(body.projectedRevenue).toEqual({ min: 900, max: 5_000 });

    const sent = model.requests.at(-1)!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer model-key');
    const prompt = sent.json as { model: string; messages: { content: string }[] };
    expect(prompt.model).toBe('planner-test');
    expect(prompt.messages[1]!.content).toContain('cooking');
    expect(prompt.messages[1]!.content).toContain('Digital product');
    expect(prompt.messages[1]!.content).not.toContain('50k-100k');
  });

  it('reads a plan the model wraps in prose, as chat models often answer', async () => {
    answer = () =>
      completion(
        `Sure! Here is the plan for this creator:\n\n${JSON.stringify(modelPlan)}\n\nGood luck with the launch!`,
      );
    const request = await newCreator(withModel);
    await request('/api/user/onboarding', { method: 'POST', json: answers });
    const { status, body } = await generate(request);
    expect(status).toBe(201);
    expect(body).toMatchObject({ generatedBy: 'model', title: modelPlan.title });
  });

  const withTask = (task: string) => ({
    ...modelPlan,
    steps: modelPlan.steps.map((step) =>
      step.week === 2 ? { ...step, tasks: [...step.tasks, task] } : step,
    ),
  });
  const failures: [string, () => StubAnswer][] = [
    // A finish_reason and usage as OpenAI's chat completions return them, around an invented figure.
    [
      'with a figure the planner never stated',
      () => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: 'planner-test',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: {
                role: 'assistant',
                content: JSON.stringify(withTask('Make £5,000 from your first launch')),
              },
            },
          ],
          usage: { prompt_tokens: 812, completion_tokens: 301, total_tokens: 1113 },
        }),
      }),
    ],
    [
      'with a stream the planner did not plan',
      () => completion(JSON.stringify(withTask('Open a merch store'))),
    ],
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
