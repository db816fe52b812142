import { PLATFORM_OPTIONS } from '@common/creator-platforms';
import {
  BIGGEST_CHALLENGE_OPTIONS,
  CURRENT_STREAM_OPTIONS,
  GOAL_TIMEFRAME_OPTIONS,
  MONTHLY_REVENUE_OPTIONS,
  type OnboardingAnswers,
} from '@common/onboarding';
import { z } from 'zod';
import { type ChatMessage, chatJson, LlmError, type LlmOptions } from '../../integrations/llm/chat-json';
import { departureFrom } from './model-check';
import type { Plan } from './planner';
import type { PlannerInputs } from './planner-inputs';
import { PLAYS } from './plays';
import { audienceOf } from './projection';
import { audiencePhrase, nichePhrase } from './wording';

/** What the model must answer; projected revenue is ours (docs/scoring.md), never the model's. */
export const modelPlanSchema = z.object({
  title: z.string().trim().min(5).max(120),
  description: z.string().trim().min(10).max(600),
  steps: z
    .array(
      z.object({
        week: z.number().int().min(1).max(4),
        title: z.string().trim().min(3).max(120),
        description: z.string().trim().min(3).max(400),
        tasks: z.array(z.string().trim().min(3).max(200)).min(3).max(6),
      }),
    )
    .length(4)
    .refine(
      (steps) => steps.every((step, index) => step.week === index + 1),
      'weeks must be 1 to 4 in order',
    ),
});

export type ModelPlan = z.infer<typeof modelPlanSchema>;

const label = (options: readonly { value: string; label: string }[], value: string | null) =>
  value === null ? 'not answered' : (options.find((option) => option.value === value)?.label ?? value);

function describeCreator(inputs: PlannerInputs, plan: Plan) {
  const { answers, health } = inputs;
  const a: OnboardingAnswers | null = answers;
  return {
    platforms: a?.platforms.map((platform) => label(PLATFORM_OPTIONS, platform)) ?? [],
    primaryPlatform: label(PLATFORM_OPTIONS, a?.primaryPlatform ?? null),
    // Phrased as the planner phrases them, so no raw answer reaches the plan through the model.
    contentNiche: nichePhrase(a?.contentNiche) ?? 'not answered',
    audience: audiencePhrase(audienceOf(a, inputs.figures ?? null)).replace(/^your /, ''),
    monthlyRevenueGbp: label(MONTHLY_REVENUE_OPTIONS, a?.monthlyRevenue ?? null),
    currentStreams: a?.currentStreams.map((stream) => label(CURRENT_STREAM_OPTIONS, stream)) ?? [],
    biggestChallenge: label(BIGGEST_CHALLENGE_OPTIONS, a?.biggestChallenge ?? null),
    goalTimeframe: label(GOAL_TIMEFRAME_OPTIONS, a?.goalTimeframe ?? null),
    usesAnalytics: a?.hasAnalytics ?? false,
    healthCheck: health ?? 'not run yet',
    weakestFirst: plan.weaknesses,
    plays: plan.plays.map((id) => PLAYS.find((play) => play.id === id)?.name ?? id),
    plannerPlan: { title: plan.title, description: plan.description, steps: plan.steps },
  };
}

const SYSTEM_PROMPT = [
  'You are a monetisation strategist for online content creators who depend on platform algorithms.',
  'Write a 30-day plan that builds income the algorithms cannot switch off, for the creator described.',
  'Answer with one JSON object only, no prose: {"title": string, "description": string, "steps": [',
  '{"week": 1, "title": string, "description": string, "tasks": [string, ...]}, ... exactly four steps,',
  'weeks 1 to 4 in order, each with 3 to 6 concrete tasks a creator can finish that week]}.',
  'Use UK English and pounds (£). Rewrite plannerPlan in your own words for this creator: keep its two',
  'plays (weeks 1–2 the first, weeks 3–4 the second) and what each task asks; do not add other income',
  'streams. Name the creator’s platforms and niche naturally. Use only the figures plannerPlan states,',
  'exactly as it states them, and no others; do not promise amounts of money.',
].join(' ');

/**
 * The model's plan for the same inputs as the planner's. Throws LlmError when the answer is late,
 * unreachable, not JSON or not the schema; the caller then keeps the planner's plan.
 */
export async function writeBlueprintWithModel(
  options: LlmOptions,
  inputs: PlannerInputs,
  plan: Plan,
): Promise<ModelPlan> {
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: JSON.stringify(describeCreator(inputs, plan)) },
  ];
  const parsed = modelPlanSchema.safeParse(await chatJson(options, messages));
  if (!parsed.success) {
    throw new LlmError(
      'malformed',
      `The model’s plan did not match the schema: ${parsed.error.issues[0]?.message}`,
    );
  }
  // Reworded and reordered only: a figure or a stream of income the planner did not write is refused.
  const departure = departureFrom(plan, parsed.data);
  if (departure) throw new LlmError('malformed', departure);
  return parsed.data;
}
