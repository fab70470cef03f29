import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { CostValueReference } from '../domain/cost-vs-value';
import type { EngineCallOptions, TextEngine } from '../domain/engines';
import type { GenerationInput } from '../domain/facts';
import { groundingFactsOf } from '../domain/grounding';
import { keySellingPoints as factPoints } from '../domain/listing-writer';
import {
  groundedChoice,
  groundedListing,
  groundedNarrative,
  modelListingSchema,
  modelNarrativeSchema,
  parseAnswer,
  recommendationChoiceSchema,
  strictJsonSchema,
  UnusableAnswer,
} from '../domain/model-output';
import { listingMessages, narrativeMessages, recommendationMessages, type ChatMessage } from '../domain/prompts';
import { adaptProjects, chooseProjects, toRecommendation, type RecommendationSettings } from '../domain/recommendations';

export interface OpenAiSettings {
  apiKey: string;
  /** Any OpenAI-compatible server (OpenAI, Ollama, vLLM, ...). */
  baseUrl?: string | undefined;
  model: string;
  /** Per request. */
  timeoutMs: number;
  /** Retries on 429, 5xx, timeouts and connection errors (with the SDK's backoff and Retry-After). */
  maxRetries: number;
  temperature?: number;
}

/**
 * The OpenAI-compatible engine: chat completions with JSON-schema structured outputs (strict), answers
 * parsed with zod and checked against the facts. It throws on anything unusable; compose it with
 * withFallback so the embedded engine answers instead.
 */
export function openAiEngine(
  settings: OpenAiSettings,
  reference: CostValueReference,
  recommendationSettings: () => RecommendationSettings,
): TextEngine {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  });

  const complete = async <T>(
    name: string,
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    options: EngineCallOptions,
    temperature = settings.temperature ?? 0.4,
  ): Promise<T> => {
    const remaining = options.deadline - Date.now();
    if (remaining <= 0) throw new Error('no time left for the model');
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: settings.model,
      messages,
      temperature,
      response_format: { type: 'json_schema', json_schema: { name, strict: true, schema: strictJsonSchema(schema) } },
    };
    const completion = await withinDeadline(
      (signal) => client.chat.completions.create(body, { timeout: Math.max(1, Math.min(settings.timeoutMs, remaining)), signal }),
      remaining,
    );
    const choice = completion.choices[0];
    if (!choice) throw new UnusableAnswer('empty', 'no choices');
    if (choice.message.refusal) throw new UnusableAnswer('refused', choice.message.refusal);
    if (choice.finish_reason === 'length') throw new UnusableAnswer('truncated', 'finish_reason length');
    return parseAnswer(choice.message.content, schema);
  };

  return {
    name: 'openai',

    async recommendations(input: GenerationInput, options) {
      const rs = recommendationSettings();
      const candidates = chooseProjects(adaptProjects(reference, input, rs), Number.POSITIVE_INFINITY);
      const ids = candidates.map((c) => c.id);
      if (ids.length === 0) throw new UnusableAnswer('empty', 'no candidate projects for this home');
      const schema = recommendationChoiceSchema(ids as [string, ...string[]]);
      const choice = await complete('recommendations', recommendationMessages(input, candidates), schema, options);
      const numbers = [
        ...candidates.flatMap((c) => [c.cost, c.value, c.project.jobCost, c.project.resaleValue, Math.round(c.roi * 100), c.project.source.year ?? 0]),
        ...groundingFactsOf(input).numbers,
      ];
      groundedChoice(choice, numbers);
      const byId = new Map(candidates.map((c) => [c.id, c]));
      return {
        recommendations: choice.recommendations
          .slice(0, rs.maxRecommendations)
          .map((r) => toRecommendation(byId.get(r.candidateId)!, r.description, { title: r.title, priority: r.priority })),
        engine: 'openai',
        model: settings.model,
      };
    },

    async listing(input, variant, options) {
      const answer = await complete('listing', listingMessages(input, variant), modelListingSchema, options, 0.8);
      const grounded = groundedListing(answer, groundingFactsOf(input));
      return {
        description: grounded.description,
        keySellingPoints: grounded.keySellingPoints.length ? grounded.keySellingPoints : factPoints(input),
        engine: 'openai',
        model: settings.model,
      };
    },

    async neighborhoodNarrative(facts, options) {
      const answer = await complete('neighborhood', narrativeMessages(facts), modelNarrativeSchema, options);
      return { ...groundedNarrative(answer, facts), model: settings.model };
    },
  };
}

/**
 * Runs `request` and gives up at the deadline: the signal aborts the request in flight, and the race also
 * ends a wait between retries (the SDK sleeps out a Retry-After without watching the signal).
 */
async function withinDeadline<T>(request: (signal: AbortSignal) => Promise<T>, remainingMs: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer from the model within ${remainingMs} ms`));
    }, remainingMs);
  });
  try {
    return await Promise.race([request(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
