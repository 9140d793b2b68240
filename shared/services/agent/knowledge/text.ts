/**
 * `text` cut to at most `max` characters at the end of a sentence when one ends in the second half of the budget,
 * else at a word boundary with an ellipsis. Short text is returned as it is.
 */
export function cutAtSentence(text: string, max: number): string {
  if (text.length <= max) return text;
  const window = text.slice(0, max);
  const sentenceEnd = Math.max(...['. ', '? ', '! ', '.\n', '?\n', '!\n'].map((m) => window.lastIndexOf(m)));
  if (sentenceEnd >= max / 2) return window.slice(0, sentenceEnd + 1);
  if (window.endsWith('.') && max >= 2) return window;
  const space = window.lastIndexOf(' ', max - 1);
  const cut = space >= max / 2 ? window.slice(0, space) : window.slice(0, max - 1);
  return `${cut.trimEnd()}…`;
}

/** Markup removed from a short HTML-ish field (Europe PMC abstracts carry `<h4>`, `<i>`, `<sup>`): blocks become spaces. */
export function stripTags(text: string): string {
  return text
    .replace(/<\/?(?:h\d|p|br|div|li|ul|ol|sec|title|table|tr|td)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
