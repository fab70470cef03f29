import { SpanKind } from '@opentelemetry/api';
import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { inSpan, kitMetrics, secondsSince } from '@hsa/service-kit';
import { ModelCallFailed } from '../domain/fallback';

/** The API's HTTP answer behind a failure, if there was one. */
function apiErrorOf(err: unknown): InstanceType<typeof OpenAI.APIError> | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OpenAI.APIError && e.status !== undefined) return e;
  }
  return undefined;
}

/**
 * `refused` when the API answered an error status below 500 (a key, quota, rate limit or request problem), `error`
 * when it gave no usable answer (a timeout, no connection, a server error).
 */
function outcomeOf(err: unknown): { outcome: 'refused' | 'error'; errorType: string } {
  const status = apiErrorOf(err)?.status;
  if (status !== undefined) return { outcome: status < 500 ? 'refused' : 'error', errorType: String(status) };
  return { outcome: 'error', errorType: err instanceof ModelCallFailed ? err.reason : (err as Error).name || 'Error' };
}

/**
 * One chat completion (the retries it is allowed included) as an SRE sees it: a client span following the GenAI
 * semantic conventions (`chat <model>`, gen_ai.* request, response and token usage attributes, the server) with the
 * provider outcome, and hsa.provider.request.duration {hsa.provider.name: openai, hsa.provider.outcome: ok, refused,
 * error}. `task` names what was asked (recommendations, listing, neighborhood).
 */
export function tracedChat(
  baseUrl: string,
  task: string,
  body: ChatCompletionCreateParamsNonStreaming,
  create: () => Promise<ChatCompletion>,
): Promise<ChatCompletion> {
  const server = new URL(baseUrl);
  const attributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': 'openai',
    'gen_ai.request.model': body.model,
    'gen_ai.output.type': 'json',
    ...(typeof body.temperature === 'number' ? { 'gen_ai.request.temperature': body.temperature } : {}),
    'server.address': server.hostname,
    'server.port': Number(server.port) || (server.protocol === 'https:' ? 443 : 80),
    'hsa.provider.name': 'openai',
    'hsa.ai.task': task,
  };
  const errorTypeOf = (err: unknown) => outcomeOf(err).errorType;
  return inSpan(`chat ${body.model}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const start = process.hrtime.bigint();
    const finish = (outcome: string) => {
      span.setAttribute('hsa.provider.outcome', outcome);
      kitMetrics().providerDuration.record(secondsSince(start), { 'hsa.provider.name': 'openai', 'hsa.provider.outcome': outcome });
    };
    try {
      const completion = await create();
      span.setAttributes({
        'gen_ai.response.id': completion.id,
        'gen_ai.response.model': completion.model,
        'gen_ai.response.finish_reasons': completion.choices.map((c) => c.finish_reason),
        ...(completion.usage
          ? { 'gen_ai.usage.input_tokens': completion.usage.prompt_tokens, 'gen_ai.usage.output_tokens': completion.usage.completion_tokens }
          : {}),
      });
      finish('ok');
      return completion;
    } catch (err) {
      finish(outcomeOf(err).outcome);
      throw err;
    }
  }, errorTypeOf);
}
