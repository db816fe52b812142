import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStubServer } from '../tests/support/http-stub';
import { percentile, round, signUpBenchCreator, startServer } from './support';

const SAMPLES = 60;

/** A plan as an OpenAI-compatible model answers it, at once: what is measured is our side of the call. */
const MODEL_PLAN = {
  title: 'From ad revenue to owned income',
  description: 'Four weeks to build an email list and a first digital product.',
  steps: [1, 2, 3, 4].map((week) => ({
    week,
    title: `Week ${week}`,
    description: `What week ${week} is for.`,
    tasks: ['First task', 'Second task', 'Third task'],
  })),
};

async function timeGenerations(origin: string, prefix: string) {
  const durations: number[] = [];
  const generatedBy = new Set<string>();
  for (let i = 0; i < SAMPLES; i++) {
    // One active blueprint per creator: each sample is a new creator with answers, from an address of
    // their own (sign-ups and generations are rate limited per address).
    const visitor = `10.9.${i >> 8}.${i & 255}`;
    const { cookie } = await signUpBenchCreator(origin, `${prefix}.${i}@ballast.test`, {
      'x-forwarded-for': visitor,
    });
    const headers = { origin, cookie, 'content-type': 'application/json', 'x-forwarded-for': visitor };
    await fetch(`${origin}/api/user/onboarding`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ platforms: ['youtube'], contentNiche: 'Cooking', monthlyRevenue: '1k-5k' }),
    });
    const started = performance.now();
    const response = await fetch(`${origin}/api/blueprints`, { method: 'POST', headers, body: '{}' });
    const body = (await response.json()) as { generatedBy?: string };
    if (response.status !== 201)
      throw new Error(`blueprint failed: ${response.status} ${JSON.stringify(body)}`);
    if (i >= 5) durations.push(performance.now() - started);
    generatedBy.add(String(body.generatedBy));
  }
  durations.sort((a, b) => a - b);
  return {
    generatedBy: [...generatedBy].join(', '),
    medianMs: round(percentile(durations, 50), 2),
    p95Ms: round(percentile(durations, 95), 2),
  };
}

/**
 * POST /api/blueprints end to end: with the planner (no model configured), and with the model path
 * against a local stand-in that answers at once (its prompt, the call, validating the answer).
 */
export async function benchBlueprint() {
  const model = await startStubServer(() => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      choices: [{ message: { role: 'assistant', content: JSON.stringify(MODEL_PLAN) } }],
    }),
  }));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-blueprint-'));
  const env = {
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    TRUST_PROXY: 'true',
  };
  try {
    const planner = await startServer(env);
    const withPlanner = await timeGenerations(planner.baseUrl, 'planner').finally(() => planner.stop());
    const modelled = await startServer({
      ...env,
      LLM_BASE_URL: `${model.url}/v1`,
      LLM_MODEL: 'bench',
      LLM_API_KEY: 'k',
    });
    const withModel = await timeGenerations(modelled.baseUrl, 'model').finally(() => modelled.stop());
    return { samples: SAMPLES - 5, planner: withPlanner, modelStandIn: withModel };
  } finally {
    await model.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
