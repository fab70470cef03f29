import { createHash } from 'node:crypto';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AppError } from '../errors';
import { kitMetrics, secondsSince } from '../metrics';
import { inSpan } from '../spans';
import type { Logger } from '../logger';
import type { ProviderCache } from '../db/provider-cache';

export interface ProviderHttpOptions {
  /** Cache namespace and log name, e.g. "google-places". */
  provider: string;
  /** How errors name the provider, e.g. "Google Places". */
  label: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts in all (the first one plus retries on 429, 5xx, timeouts and network errors). */
  maxAttempts: number;
  /** First retry delay; doubled each time (with jitter), capped by maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  cache?: ProviderCache | undefined;
  cacheTtlMs: number;
  logger: Logger;
  /**
   * What an operator should check when the provider refuses the credentials (HTTP 401 or 403), logged with the
   * error, e.g. "RentCast answers 401 for an invalid key, an inactive subscription or a billing problem".
   */
  authHint?: string;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Sent, never cached or logged (API keys live here). */
  headers: Record<string, string>;
  body?: unknown;
  /**
   * The request's identity in the cache when it is not the URL and body (e.g. a normalised address, or the
   * request without a session token that does not change the answer). Default: method, URL and body.
   */
  cacheKey?: string;
  /** Always ask the provider (a call that must reach it, e.g. the one ending an autocomplete session); the answer is still cached. */
  skipCacheRead?: boolean;
  /** Which answers may be cached (default: 200 only). Give the body check too, so a malformed answer is never kept. */
  cacheable?: (status: number, body: unknown) => boolean;
}

export interface ProviderResponse {
  status: number;
  body: unknown;
  fromCache: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A provider call that should not be retried (a clear answer, just not a good one). */
class FinalFailure extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/**
 * JSON over HTTP to an external provider: a timeout per attempt, bounded retries with exponential
 * backoff on 429 / 5xx / timeouts / network errors (honouring Retry-After up to the cap), answers cached
 * in the database, and every failure reported as UNAVAILABLE with a message that says what happened.
 * Refused credentials (401, 403) are configuration errors: logged at error level with what to check, never
 * retried. Other statuses (400, 404, ...) are returned to the caller to interpret; `configurationError` turns
 * the ones it cannot blame on the input into the same loud failure.
 * A failure is not retryable by the caller either (the attempts were made here): gRPC clients are told so.
 */
export class ProviderHttp {
  constructor(private readonly options: ProviderHttpOptions) {}

  get label(): string {
    return this.options.label;
  }

  /**
   * One provider call: a span `provider <name>` (its cache lookup and each HTTP attempt are child spans) carrying
   * `hsa.provider.name` and `hsa.provider.outcome` (cache_hit, ok, refused, error), and the same attributes on
   * hsa.provider.request.duration.
   */
  request(request: ProviderRequest): Promise<ProviderResponse> {
    const name = this.options.provider;
    return inSpan(`provider ${name}`, { attributes: { 'hsa.provider.name': name } }, async (span) => {
      const start = process.hrtime.bigint();
      const finish = (outcome: string) => {
        span.setAttribute('hsa.provider.outcome', outcome);
        kitMetrics().providerDuration.record(secondsSince(start), { 'hsa.provider.name': name, 'hsa.provider.outcome': outcome });
      };
      try {
        const response = await this.cachedRequest(request);
        finish(response.fromCache ? 'cache_hit' : response.status < 400 ? 'ok' : 'refused');
        return response;
      } catch (err) {
        finish('error');
        throw err;
      }
    });
  }

  private async cachedRequest(request: ProviderRequest): Promise<ProviderResponse> {
    const { cache, provider } = this.options;
    const description = `${request.method} ${request.url}${request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`}`;
    const key = createHash('sha256').update(`${provider}\n${request.cacheKey ?? description}`).digest('hex');
    const cacheable = request.cacheable ?? ((status: number) => status === 200);
    if (cache && !request.skipCacheRead) {
      const hit = await cache.get(key).catch((err: unknown) => {
        this.options.logger.warn({ err, provider }, 'provider cache read failed');
        return undefined;
      });
      if (hit) return { status: hit.status, body: hit.body, fromCache: true };
    }
    const response = await this.fetchWithRetries(request);
    if (cache && cacheable(response.status, response.body)) {
      await cache
        .set(key, { provider, request: (request.cacheKey ?? description).slice(0, 2000), status: response.status, body: response.body, ttlMs: this.options.cacheTtlMs })
        .catch((err: unknown) => this.options.logger.warn({ err, provider }, 'provider cache write failed'));
    }
    return response;
  }

  /**
   * A refusal no retry will fix and the user did not cause (a rejected key, parameters the provider no longer
   * accepts, a billing problem): logged at error level with what to check, answered as the provider being
   * unavailable.
   */
  configurationError(status: number, body: unknown, hint: string): AppError {
    const detail = providerErrorDetail(body);
    this.options.logger.error(
      { provider: this.options.provider, status, providerError: detail.message, reason: detail.reason, hint },
      `${this.options.label} configuration error: ${hint}`,
    );
    return unavailable(`${this.options.label} is unavailable: it refused the request (HTTP ${status}${detail.message ? `: ${detail.message}` : ''})`);
  }

  private async fetchWithRetries(request: ProviderRequest): Promise<ProviderResponse> {
    const { maxAttempts, label, logger, provider } = this.options;
    let lastProblem = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let retryAfterMs: number | undefined;
      try {
        const { res, text } = await this.exchange(request, attempt);
        if (res.status === 429 || res.status >= 500) {
          lastProblem = res.status === 429 ? `rate limit reached (HTTP 429)` : `server error (HTTP ${res.status})`;
          retryAfterMs = retryAfter(res.headers.get('retry-after'));
        } else if (res.status === 401 || res.status === 403) {
          const hint = this.options.authHint ?? `check ${label}'s API key`;
          throw new FinalFailure(this.configurationError(res.status, parseJsonOrText(text), hint));
        } else {
          return { status: res.status, body: parseJson(text, res.status, label), fromCache: false };
        }
      } catch (err) {
        if (err instanceof FinalFailure) throw err.appError;
        if (err instanceof AppError) throw err;
        lastProblem = isTimeout(err) ? `no answer within ${this.options.timeoutMs} ms` : `unreachable (${(err as Error).message})`;
      }
      logger.warn({ provider, attempt, maxAttempts, problem: lastProblem }, 'provider call failed');
      if (attempt < maxAttempts) await sleep(this.delay(attempt, retryAfterMs));
    }
    throw unavailable(`${label} is unavailable: ${lastProblem} after ${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'}`);
  }

  /**
   * One HTTP attempt, as an HTTP client span (semantic conventions: method, server, url.full with the query's values
   * redacted since they hold addresses, status, resend count; status ERROR from 400 up and on failures).
   */
  private exchange(request: ProviderRequest, attempt: number): Promise<{ res: Response; text: string }> {
    const url = new URL(request.url);
    const attributes = {
      'http.request.method': request.method,
      'server.address': url.hostname,
      'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
      'url.full': redactedUrl(url),
      ...(attempt > 1 ? { 'http.request.resend_count': attempt - 1 } : {}),
    };
    return inSpan(request.method, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      const res = await fetch(request.url, {
        method: request.method,
        headers: { accept: 'application/json', ...request.headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: request.body === undefined ? null : JSON.stringify(request.body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await res.text();
      span.setAttribute('http.response.status_code', res.status);
      if (res.status >= 400) {
        span.setAttribute('error.type', String(res.status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      return { res, text };
    });
  }

  private delay(attempt: number, retryAfterMs: number | undefined): number {
    const { backoffMs, maxBackoffMs } = this.options;
    const exponential = backoffMs * 2 ** (attempt - 1);
    const jittered = exponential * (0.75 + Math.random() * 0.5);
    return Math.min(maxBackoffMs, Math.max(retryAfterMs ?? 0, jittered));
  }
}

/** The URL with every query value replaced by REDACTED (the names stay: they say what was asked). */
function redactedUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  for (const key of new Set(copy.searchParams.keys())) copy.searchParams.set(key, 'REDACTED');
  return copy.href;
}

/** A provider failure: UNAVAILABLE, and not to be retried by the caller (this layer already did). */
function unavailable(message: string): AppError {
  return new AppError('UNAVAILABLE', message, [], { retryable: false });
}

function parseJson(text: string, status: number, label: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unavailable(`${label} sent a malformed response (HTTP ${status}, not JSON)`);
  }
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 500);
  }
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** What a provider's error body says: Google's google.rpc.Status ({error: {message, status, details}}), RentCast's and others' {error, message}. */
export interface ProviderErrorDetail {
  message: string | undefined;
  /** Google's ErrorInfo reasons (API_KEY_INVALID, SERVICE_DISABLED, ...) or RentCast's error code (auth/api-key-invalid). */
  reason: string | undefined;
  /** Google's status name (INVALID_ARGUMENT, PERMISSION_DENIED, ...). */
  status: string | undefined;
}

export function providerErrorDetail(body: unknown): ProviderErrorDetail {
  if (typeof body === 'string') return { message: body.trim() || undefined, reason: undefined, status: undefined };
  const b = (body ?? {}) as { error?: unknown; message?: unknown };
  if (b.error && typeof b.error === 'object') {
    const e = b.error as { message?: unknown; status?: unknown; details?: unknown };
    const details = Array.isArray(e.details) ? (e.details as { reason?: unknown }[]) : [];
    const reason = details.map((d) => d?.reason).find((r): r is string => typeof r === 'string');
    return {
      message: typeof e.message === 'string' ? e.message : undefined,
      reason,
      status: typeof e.status === 'string' ? e.status : undefined,
    };
  }
  return {
    message: typeof b.message === 'string' ? b.message : undefined,
    reason: typeof b.error === 'string' ? b.error : undefined,
    status: undefined,
  };
}

/** A malformed (but JSON) provider answer: UNAVAILABLE with the provider's name. */
export function malformed(label: string, detail: string): AppError {
  return unavailable(`${label} sent a malformed response (${detail})`);
}

/** A provider answered with an error status we can't act on. */
export function refused(label: string, status: number, body: unknown): AppError {
  const detail = providerErrorDetail(body).message;
  return unavailable(`${label} refused the request (HTTP ${status}${detail ? `: ${detail}` : ''})`);
}
