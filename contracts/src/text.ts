import { z } from 'zod';

/**
 * Text every API field accepts: no control characters (NUL, escape, the C1 range...), which no person types and
 * which some stores refuse, and well-formed Unicode (no lone surrogate halves, which would be stored as U+FFFD).
 * Multi-line fields (descriptions, notes) may hold tabs and line breaks; single-line fields may not.
 */
// eslint-disable-next-line no-control-regex
const singleLineControls = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const multiLineControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const textMessages = {
  controlCharacters: (label: string) => `${label} must not contain control characters`,
  malformedUnicode: (label: string) => `${label} must be valid text`,
} as const;

/** Adds the checks of a single-line field named `label` (as people read it: "Address", "City") to a string schema. */
export function singleLine<S extends z.ZodType<string, string>>(schema: S, label: string) {
  return schema
    .refine((s) => !singleLineControls.test(s), textMessages.controlCharacters(label))
    .refine((s) => !loneSurrogate.test(s), textMessages.malformedUnicode(label));
}

/** The same for a multi-line field: tabs and line breaks are fine. */
export function multiLine<S extends z.ZodType<string, string>>(schema: S, label: string) {
  return schema
    .refine((s) => !multiLineControls.test(s), textMessages.controlCharacters(label))
    .refine((s) => !loneSurrogate.test(s), textMessages.malformedUnicode(label));
}
