/** Parsed JSON, or null when the text is not JSON (a malformed queue message, a model's unreadable answer). */
export function parseJsonOrNull(text: string | null | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}
