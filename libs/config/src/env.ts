import { z } from 'zod';

/** Raised when the environment does not satisfy a service's schema; lists every problem. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid environment\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses `env` with `schema`, throwing a ConfigError that names every bad variable. An empty value
 * (`PORT=` in a compose file or a shell) counts as unset, so the variable takes its default.
 */
export function parseEnv<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const result = schema.safeParse(set);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    return `${name}: ${issue.message}`;
  });
  throw new ConfigError(service, problems);
}

/** Same as parseEnv, but prints the problems and exits the process: for a service's main. */
export function loadEnvOrExit<S extends z.ZodType>(service: string, schema: S): z.output<S> {
  try {
    return parseEnv(service, schema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/**
 * An integer from an environment string, within bounds. Whole numbers are checked with a refinement,
 * not zod's `.int()`: a failed `.int()` stops the checks of the whole schema, so `PORT=1.5` hid
 * every other problem (a missing secret in production, a provider without its key) until fixed.
 */
export const envInt = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: 'must be a number' })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .refine(Number.isInteger, 'must be a whole number')
    .default(fallback);

/** A comma-separated list, trimmed, without empty entries. */
const envList = () =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

const isUrlWith = (value: string, protocols: string[]) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const needsScheme = (protocols: string[]) =>
  `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`;

/** A URL whose scheme is one of `protocols`. */
export const envUrl = (fallback: string, protocols: string[]) =>
  z
    .string()
    .default(fallback)
    .refine((value) => isUrlWith(value, protocols), needsScheme(protocols));

/** URLs with a scheme among `protocols`, comma-separated; none by default. */
export const envOptionalUrlList = (protocols: string[]) =>
  envList().superRefine((items, ctx) => {
    for (const item of items)
      if (!isUrlWith(item, protocols)) ctx.addIssue({ code: 'custom', message: `"${item}" ${needsScheme(protocols)}` });
  });

/** Origins (scheme, host and port, `http://localhost:5173`), comma-separated; none by default. */
export const envOrigins = () =>
  envOptionalUrlList(['http:', 'https:']).transform((items) => items.map((item) => new URL(item).origin));

/** An optional string (an empty value, `VAR=` in a compose file, is unset: see parseEnv). */
export const envOptional = () => z.string().min(1).optional();

/** An optional URL with a scheme among `protocols`; empty means unset. */
export const envOptionalUrl = (protocols: string[]) =>
  envOptional().refine((value) => value === undefined || isUrlWith(value, protocols), needsScheme(protocols));
