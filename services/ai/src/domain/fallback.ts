import { UnusableAnswer } from './model-output';

/**
 * Why a model's answer was not used and the embedded engine answered instead. The reasons of an unusable answer
 * (the model answered, but not usably) and of a failed call (no answer):
 * - timeout: no answer within the time allowed (the call may still be billed: it is never retried);
 * - rate-limited: the API kept answering 429 within the time allowed;
 * - unavailable: the API or the connection failed (5xx, a connection lost after the request was sent);
 * - configuration: the API refused the request as configured (key, model, a parameter it rejects, no quota);
 * - error: anything else.
 */
export type ModelFailureReason = 'timeout' | 'rate-limited' | 'unavailable' | 'configuration' | 'error';
export type FallbackReason = UnusableAnswer['reason'] | ModelFailureReason;

/** A model call that produced no answer. `hint` says what an operator should check (configuration errors). */
export class ModelCallFailed extends Error {
  constructor(
    readonly reason: ModelFailureReason,
    message: string,
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ModelCallFailed';
  }
}

export function fallbackReasonOf(err: unknown): FallbackReason {
  if (err instanceof UnusableAnswer || err instanceof ModelCallFailed) return err.reason;
  return 'error';
}

const why: Record<FallbackReason, string> = {
  'off-schema': 'it did not match the required format',
  ungrounded: "it stated something the home's facts do not support",
  'fair-housing': 'it described who lives in the area or who the home suits',
  refused: 'the model declined to answer',
  truncated: 'it was cut off',
  empty: 'it was empty',
  timeout: 'the model did not answer in time',
  'rate-limited': "the model's rate limit was reached",
  unavailable: 'the model service was unavailable',
  configuration: 'the model is not configured correctly',
  error: 'the model call failed',
};

/** What the answer's source label says when the embedded engine answered in the model's place. */
export function fallbackNote(reason: FallbackReason): string {
  return `Written by the built-in engine: the AI model's answer could not be used (${why[reason]}).`;
}

/** What the caller learns when the embedded engine answered in the model's place. */
export interface Fallback {
  reason: FallbackReason;
  /** For the answer's source label (fallbackNote). */
  note: string;
}
