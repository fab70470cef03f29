import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { CostValueReference } from '../domain/cost-vs-value';
import type { EngineCallOptions, TextEngine } from '../domain/engines';
import { ModelCallFailed } from '../domain/fallback';
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
import { tracedChat } from './openai-telemetry';

export interface OpenAiSettings {
  apiKey: string;
  /** Any OpenAI-compatible server (OpenAI, Ollama, vLLM, ...). */
  baseUrl?: string | undefined;
  model: string;
  /** The whole time one answer may take, retries included (also bounded by the caller's deadline). */
  timeoutMs: number;
  /**
   * Retries of failures that cannot have been billed: a connection refused or not found before any request reached
   * the server, and 429 (after its Retry-After). Timeouts and 5xx are never retried: the generation may have run.
   */
  maxRetries: number;
  /**
   * The sampling temperature: "auto" sends each task's own except to reasoning models (o1, o3, o4-mini, gpt-5, ...),
   * which reject it; "off" never sends one; a number is sent with every call.
   */
  temperature?: number | 'auto' | 'off' | undefined;
}

/** Models that accept only their default sampling (a temperature makes them answer 400). */
const reasoningModel = /^(o\d|gpt-5)/i;

/** The sampling parameters a call sends to the configured model (none, or its temperature). */
export function samplingParameters(settings: Pick<OpenAiSettings, 'model' | 'temperature'>, taskTemperature: number): { temperature?: number } {
  const setting = settings.temperature ?? 'auto';
  if (setting === 'off') return {};
  if (typeof setting === 'number') return { temperature: setting };
  const model = settings.model.split('/').pop() ?? settings.model;
  return reasoningModel.test(model) ? {} : { temperature: taskTemperature };
}

/** Retry waits when the API gives no Retry-After. */
const retryBackoffMs = 500;

/**
 * The OpenAI-compatible engine: chat completions with JSON-schema structured outputs (strict), answers
 * parsed with zod and checked against the facts. It throws on anything unusable; compose it with
 * withFallback so the embedded engine answers instead. One answer costs at most one billed generation: the SDK's
 * own retries are off, and only failures that cannot have been billed are retried, within the time allowed.
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
    maxRetries: 0,
  });

  /** One billed generation at most: only failures that cannot have been billed are asked again, until `end`. */
  const createWithRetries = async (body: ChatCompletionCreateParamsNonStreaming, end: number): Promise<ChatCompletion> => {
    for (let retries = 0; ; retries++) {
      const remaining = end - Date.now();
      if (remaining <= 0) throw new ModelCallFailed('timeout', 'no time left for the model');
      try {
        return await withinDeadline(
          (signal) => client.chat.completions.create(body, { timeout: Math.max(1, remaining), signal, maxRetries: 0 }),
          remaining,
        );
      } catch (err) {
        const failure = modelFailure(err, settings, retries);
        const wait = failure.retryAfterMs;
        if (wait === undefined || retries >= settings.maxRetries || Date.now() + wait >= end) throw failure.error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };

  const complete = async <T>(
    name: string,
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    options: EngineCallOptions,
    taskTemperature = 0.4,
  ): Promise<T> => {
    const end = Math.min(options.deadline, Date.now() + settings.timeoutMs);
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: settings.model,
      messages,
      ...samplingParameters(settings, taskTemperature),
      response_format: { type: 'json_schema', json_schema: { name, strict: true, schema: strictJsonSchema(schema) } },
    };
    const completion = await tracedChat(client.baseURL, name, body, () => createWithRetries(body, end));
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
      reject(new ModelCallFailed('timeout', `no answer from the model within ${remainingMs} ms`));
    }, remainingMs);
  });
  try {
    return await Promise.race([request(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connection errors raised before a request reached the server (nothing can have been billed). */
const unsentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCodes(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 5) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => causeCodes(x, depth + 1)) : [];
  return [...own, ...nested, ...causeCodes(e.cause, depth + 1)];
}

function retryAfterMs(headers: Headers | undefined, retries: number): number {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return Math.max(0, ms);
  const header = headers?.get('retry-after');
  if (header) {
    const seconds = Number.parseFloat(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return retryBackoffMs * 2 ** retries;
}

/**
 * What a failed call means, and how long to wait before asking again when asking again cannot cost a second
 * generation: a 429 (the request was refused, not run) or a connection that never reached the server.
 */
function modelFailure(err: unknown, settings: Pick<OpenAiSettings, 'model' | 'temperature'>, retries = 0): { error: Error; retryAfterMs?: number } {
  if (err instanceof ModelCallFailed) return { error: err };
  if (err instanceof OpenAI.APIUserAbortError || err instanceof OpenAI.APIConnectionTimeoutError) {
    return { error: new ModelCallFailed('timeout', 'no answer from the model in time (not retried: the generation may have run)', undefined, { cause: err }) };
  }
  if (err instanceof OpenAI.APIConnectionError) {
    const unsent = causeCodes(err).some((code) => unsentCodes.has(code));
    const error = new ModelCallFailed('unavailable', `could not reach the model: ${err.message}`, undefined, { cause: err });
    return unsent ? { error, retryAfterMs: retryBackoffMs * 2 ** retries } : { error };
  }
  if (err instanceof OpenAI.APIError) {
    const status = err.status ?? 0;
    if (status === 429) {
      if (err.code === 'insufficient_quota') {
        return { error: new ModelCallFailed('configuration', err.message, 'the OpenAI account has no quota left: check its plan and billing', { cause: err }) };
      }
      return { error: new ModelCallFailed('rate-limited', err.message, undefined, { cause: err }), retryAfterMs: retryAfterMs(err.headers, retries) };
    }
    if (status === 400 && (err.param === 'temperature' || /temperature/i.test(err.message))) {
      const hint = `the model ${settings.model} rejects a temperature: set OPENAI_TEMPERATURE=off (it is ${String(settings.temperature ?? 'auto')})`;
      return { error: new ModelCallFailed('configuration', err.message, hint, { cause: err }) };
    }
    if (status === 400) return { error: new ModelCallFailed('configuration', err.message, 'the API rejected the request as built (see its message)', { cause: err }) };
    if (status === 401 || status === 403) return { error: new ModelCallFailed('configuration', err.message, 'check OPENAI_API_KEY and the account it belongs to', { cause: err }) };
    if (status === 404) return { error: new ModelCallFailed('configuration', err.message, `check OPENAI_MODEL (${settings.model}) and OPENAI_BASE_URL`, { cause: err }) };
    if (status >= 500 || status === 408 || status === 409) {
      return { error: new ModelCallFailed('unavailable', `${err.message} (not retried: the generation may have run)`, undefined, { cause: err }) };
    }
  }
  return { error: err instanceof Error ? err : new Error(String(err)) };
}
