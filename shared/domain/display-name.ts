import * as z from 'zod/mini';

/** The longest display name (a user's name, an API key's name), in characters (code points). */
export const MAX_DISPLAY_NAME = 100;

/** C0/C1 controls, and the line and paragraph separators: a name is shown on one line, as typed. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * A display name as people type it: Unicode NFC, trimmed, 1–100 characters, no control characters. Counted in code
 * points, so a name in a script outside the Basic Multilingual Plane is not cut at half the length.
 */
export const displayNameSchema = z.string().check(
  z.trim(),
  z.overwrite((s) => s.normalize('NFC')),
  z.refine((s) => s.length > 0, 'must not be empty'),
  z.refine((s) => [...s].length <= MAX_DISPLAY_NAME, `must be at most ${MAX_DISPLAY_NAME} characters`),
  z.refine((s) => !CONTROL.test(s), 'must not contain control characters'),
);
