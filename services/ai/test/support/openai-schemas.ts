import { z } from 'zod';

/**
 * The parts of OpenAI's published API description (openai/openai-openapi, openapi.yaml) the fake server's answers
 * must satisfy: CreateChatCompletionResponse (required id, choices, created, model, object; each choice with
 * finish_reason, index, message and logprobs; the message with role, content and refusal, each string or null),
 * CompletionUsage, and ErrorResponse ({error: {message, type, param, code}}, param and code string or null).
 */

const nullableString = z.string().nullable();

export const chatCompletionResponse = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      finish_reason: z.enum(['stop', 'length', 'tool_calls', 'content_filter', 'function_call']),
      logprobs: z.object({ content: z.array(z.unknown()).nullable(), refusal: z.array(z.unknown()).nullable() }).nullable(),
      message: z.object({ role: z.literal('assistant'), content: nullableString, refusal: nullableString }),
    }),
  ),
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() }).optional(),
  system_fingerprint: z.string().optional(),
});

export const errorResponse = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: nullableString, code: nullableString }),
});
