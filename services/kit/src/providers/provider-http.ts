import { createHash } from 'node:crypto';
import { AppError } from '../errors';
import { kitMetrics, secondsSince } from '../metrics';
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
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Sent, never cached or logged (API keys live here). */
  headers: Record<string, string>;
  body?: unknown;
  /** Which answers may be cached (default: 200 only). */
  cacheable?: (status: number) => boolean;
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
 * Statuses other than 2xx, 429 and 5xx (e.g. 404) are returned to the caller to interpret.
 */
export class ProviderHttp {
  constructor(private readonly options: ProviderHttpOptions) {}

  get label(): string {
    return this.options.label;
  }

  /** One provider call, recorded in hsa.provider.request.duration by outcome (cache_hit, ok, refused, error). */
  async request(request: ProviderRequest): Promise<ProviderResponse> {
    const start = process.hrtime.bigint();
    const record = (outcome: string) =>
      kitMetrics().providerDuration.record(secondsSince(start), { 'hsa.provider.name': this.options.provider, 'hsa.provider.outcome': outcome });
    try {
      const response = await this.cachedRequest(request);
      record(response.fromCache ? 'cache_hit' : response.status < 400 ? 'ok' : 'refused');
      return response;
    } catch (err) {
      record('error');
      throw err;
    }
  }

  private async cachedRequest(request: ProviderRequest): Promise<ProviderResponse> {
    const { cache, provider } = this.options;
    const description = `${request.method} ${request.url}${request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`}`;
    const key = createHash('sha256').update(`${provider}\n${description}`).digest('hex');
    const cacheable = request.cacheable ?? ((status: number) => status === 200);
    if (cache) {
      const hit = await cache.get(key).catch((err: unknown) => {
        this.options.logger.warn({ err, provider }, 'provider cache read failed');
        return undefined;
      });
      if (hit) return { status: hit.status, body: hit.body, fromCache: true };
    }
    const response = await this.fetchWithRetries(request);
    if (cache && cacheable(response.status)) {
      await cache
        .set(key, { provider, request: description.slice(0, 2000), status: response.status, body: response.body, ttlMs: this.options.cacheTtlMs })
        .catch((err: unknown) => this.options.logger.warn({ err, provider }, 'provider cache write failed'));
    }
    return response;
  }

  private async fetchWithRetries(request: ProviderRequest): Promise<ProviderResponse> {
    const { maxAttempts, label, logger, provider } = this.options;
    let lastProblem = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let retryAfterMs: number | undefined;
      try {
        const res = await fetch(request.url, {
          method: request.method,
          headers: { accept: 'application/json', ...request.headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: request.body === undefined ? null : JSON.stringify(request.body),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        const text = await res.text();
        if (res.status === 429 || res.status >= 500) {
          lastProblem = res.status === 429 ? `rate limit reached (HTTP 429)` : `server error (HTTP ${res.status})`;
          retryAfterMs = retryAfter(res.headers.get('retry-after'));
        } else if (res.status === 401 || res.status === 403) {
          throw new FinalFailure(unavailable(`${label} refused the request: check its API key (HTTP ${res.status})`));
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

  private delay(attempt: number, retryAfterMs: number | undefined): number {
    const { backoffMs, maxBackoffMs } = this.options;
    const exponential = backoffMs * 2 ** (attempt - 1);
    const jittered = exponential * (0.75 + Math.random() * 0.5);
    return Math.min(maxBackoffMs, Math.max(retryAfterMs ?? 0, jittered));
  }
}

function unavailable(message: string): AppError {
  return new AppError('UNAVAILABLE', message);
}

function parseJson(text: string, status: number, label: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unavailable(`${label} sent a malformed response (HTTP ${status}, not JSON)`);
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

/** A malformed (but JSON) provider answer: UNAVAILABLE with the provider's name. */
export function malformed(label: string, detail: string): AppError {
  return unavailable(`${label} sent a malformed response (${detail})`);
}

/** A provider answered with an error status we can't act on (e.g. 400 on a request we built). */
export function refused(label: string, status: number, body: unknown): AppError {
  const b = body as { error?: { message?: string } | string; message?: string } | null;
  const detail = typeof b?.error === 'object' ? b.error.message : (b?.message ?? (typeof b?.error === 'string' ? b.error : undefined));
  return unavailable(`${label} refused the request (HTTP ${status}${detail ? `: ${detail}` : ''})`);
}
