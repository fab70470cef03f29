import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server replaying the chat-completions wire format
 * (POST /v1/chat/completions -> {id, object: "chat.completion", created, model, choices[{index, message
 * {role, content, refusal}, logprobs, finish_reason}], usage}), so the real `openai` client runs against it.
 * Each request is answered by the next scripted reply, or by the responder when the script is empty.
 */

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  [key: string]: unknown;
}

export type Reply =
  /** A completion whose message content is this text (JSON for structured outputs). */
  | { kind: 'content'; content: string; finishReason?: 'stop' | 'length' }
  /** A refusal, as structured outputs report it. */
  | { kind: 'refusal'; refusal: string }
  /** An API error: status, OpenAI's error body ({error: {message, type, param, code}}), optional headers (retry-after, retry-after-ms). */
  | { kind: 'error'; status: number; message?: string; code?: string; type?: string; param?: string; headers?: Record<string, string> }
  /** Never answer (until the client gives up). */
  | { kind: 'hang' };

export type Responder = (request: ChatRequest) => Reply;

export interface FakeOpenAi {
  /** The base URL to give the client (ends with /v1). */
  baseUrl: string;
  requests: { body: ChatRequest; headers: http.IncomingHttpHeaders; at: number }[];
  /** Every answer sent (status and JSON body), to check against the published schema. */
  responses: { status: number; body: unknown }[];
  script(...replies: Reply[]): void;
  respondWith(responder: Responder): void;
  close(): Promise<void>;
}

export const content = (value: unknown, finishReason: 'stop' | 'length' = 'stop'): Reply => ({
  kind: 'content',
  content: typeof value === 'string' ? value : JSON.stringify(value),
  finishReason,
});

/** The user message's JSON (the facts the prompt carries). */
export function promptFacts(request: ChatRequest): Record<string, unknown> {
  const user = request.messages.find((m) => m.role === 'user');
  return JSON.parse(user?.content ?? '{}') as Record<string, unknown>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: Reply[] = [];
  let responder: Responder = () => ({ kind: 'error', status: 500, message: 'no reply scripted' });
  const requests: FakeOpenAi['requests'] = [];
  const responses: FakeOpenAi['responses'] = [];
  const send = (res: http.ServerResponse, status: number, headers: Record<string, string>, body: unknown) => {
    responses.push({ status, body });
    res.writeHead(status, headers).end(JSON.stringify(body));
  };
  const hanging = new Set<http.ServerResponse>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      requests.push({ body, headers: req.headers, at: Date.now() });
      const reply = queue.shift() ?? responder(body);
      counter += 1;
      const common = { 'content-type': 'application/json', 'x-request-id': `req_fake_${counter}` };
      switch (reply.kind) {
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        case 'error':
          send(res, reply.status, { ...common, ...reply.headers }, {
            error: {
              message: reply.message ?? `Error ${reply.status}`,
              type: reply.type ?? (reply.status === 429 ? 'requests' : reply.status < 500 ? 'invalid_request_error' : 'server_error'),
              param: reply.param ?? null,
              code: reply.code ?? (reply.status === 429 ? 'rate_limit_exceeded' : null),
            },
          });
          return;
        default: {
          const message =
            reply.kind === 'refusal'
              ? { role: 'assistant', content: null, refusal: reply.refusal }
              : { role: 'assistant', content: reply.content, refusal: null };
          send(res, 200, common, {
            id: `chatcmpl-fake${counter}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message, logprobs: null, finish_reason: reply.kind === 'refusal' ? 'stop' : (reply.finishReason ?? 'stop') }],
            usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
            system_fingerprint: 'fp_fake',
          });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    responses,
    script: (...replies) => queue.push(...replies),
    respondWith: (r) => {
      responder = r;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
