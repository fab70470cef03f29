import { z } from 'zod';

/**
 * Reads configuration from the environment through a zod schema, so a service fails at start with one
 * clear message naming every missing or invalid variable instead of failing later on first use.
 */
export function readConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
  throw new Error(`Invalid configuration:\n${problems}`);
}

/** A TCP port from the environment, with a default. */
export const portVar = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A boolean flag from the environment ("1", "true", "yes" are true). */
export const flagVar = (fallback = false) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** Settings every service shares. */
export const commonConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
