/**
 * Series colours of the answer charts: distinct hues that each keep at least 3:1 contrast against white (WCAG 2.2
 * 1.4.11, non-text contrast), so a line or slice stays visible to people with low vision.
 */
export const VIS_COLORS = ['#1f6fb2', '#c2410c', '#15803d', '#7e22ce', '#a16207', '#0e7490', '#be123c', '#4d7c0f'];

export function visColor(i: number): string {
  return VIS_COLORS[i % VIS_COLORS.length] as string;
}

/** The colour at `alpha` (0–1) as 8-digit hex, for area fills. */
export function visFill(i: number, alpha: number): string {
  return `${visColor(i)}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}
