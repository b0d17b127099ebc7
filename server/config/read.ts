import type { z } from 'zod';

/** The settings a process was started with: `process.env`, or a test's own. */
export type SettingsSource = Readonly<Record<string, string | undefined>>;

/** An unset or blank value: the setting takes its default. */
export const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** The source without blank values, so that a blank setting takes its default. */
export function withoutBlanks(source: SettingsSource): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => blank(entry[1]) !== undefined));
}

/** The error a bad value raises: one line per problem, naming the variable. */
export function invalidConfiguration(issues: readonly { path: PropertyKey[]; message: string }[], name = (field: string) => field): Error {
  return new Error(`Invalid configuration:\n${issues.map((issue) => `  ${name(issue.path.map(String).join('.'))}: ${issue.message}`).join('\n')}`);
}

/** Parses a section of the settings, or throws the problems naming their variables. */
export function parseSection<T extends z.ZodType>(schema: T, source: SettingsSource): z.infer<T> {
  const parsed = schema.safeParse(withoutBlanks(source));
  if (!parsed.success) throw invalidConfiguration(parsed.error.issues);
  return parsed.data;
}
