import type { KeyedReading } from '../registry';

/**
 * Stand-in for `shared/domain/pulse/mapping/oura.ts` (design §4.2) until the pure pulse domain lands: Oura documents →
 * keyed readings, the provider slug in `comment`, day episodes from local midnight to the next (UTC).
 */
type Doc = Record<string, unknown>;

export function mapOuraDocuments(resource: string, docs: readonly Doc[]): KeyedReading[] {
  switch (resource) {
    case 'daily_activity':
      return docs.flatMap((d) => {
        const span = dayEpisode(String(d.day));
        return [
          keyed(`oura|daily_activity|${d.id}|steps`, 'Daily steps', d.steps, '{steps}', span),
          keyed(`oura|daily_activity|${d.id}|active_calories`, 'Active energy burned', d.active_calories, 'kcal', span),
        ].filter(present);
      });
    case 'sleep':
      return docs
        .filter((d) => d.type === 'long_sleep' || d.type === 'sleep')
        .flatMap((d) => {
          const span = { time: iso(d.bedtime_start), endTime: iso(d.bedtime_end) };
          const seconds = Number(d.total_sleep_duration);
          return [
            keyed(
              `oura|sleep|${d.id}|duration`,
              'Sleep duration',
              Number.isFinite(seconds) ? Math.round((seconds / 3600) * 100) / 100 : undefined,
              'h',
              span,
            ),
            keyed(`oura|sleep|${d.id}|heart_rate`, 'Heart rate', d.average_heart_rate, '/min', span),
            keyed(`oura|sleep|${d.id}|hrv`, 'Heart rate variability RMSSD', d.average_hrv, 'ms', span),
          ].filter(present);
        });
    case 'daily_spo2':
      return docs
        .map((d) =>
          keyed(
            `oura|daily_spo2|${d.id}|avg`,
            'Oxygen saturation',
            (d.spo2_percentage as Doc | undefined)?.average,
            '%',
            dayEpisode(String(d.day)),
          ),
        )
        .filter(present);
    case 'workout':
      return docs.flatMap((d) => {
        const span = { time: iso(d.start_datetime), endTime: iso(d.end_datetime) };
        return [
          keyed(`oura|workout|${d.id}|activity`, 'Exercise activity', titleCase(d.activity), null, span),
          keyed(`oura|workout|${d.id}|calories`, 'Active energy burned', d.calories, 'kcal', span),
          keyed(`oura|workout|${d.id}|distance`, 'Workout distance', d.distance, 'm', span),
        ].filter(present);
      });
    case 'heartrate': {
      const byDay = new Map<string, { sum: number; n: number }>();
      for (const d of docs) {
        const bpm = Number(d.bpm);
        if (!Number.isFinite(bpm)) continue;
        const day = String(d.timestamp).slice(0, 10);
        const acc = byDay.get(day) ?? { sum: 0, n: 0 };
        acc.sum += bpm;
        acc.n += 1;
        byDay.set(day, acc);
      }
      return [...byDay].map(
        ([day, { sum, n }]) =>
          keyed(`oura|heartrate|${day}|mean`, 'Heart rate', Math.round((sum / n) * 10) / 10, '/min', dayEpisode(day))!,
      );
    }
    default:
      return [];
  }
}

function keyed(
  key: string,
  indicator: string,
  value: unknown,
  unit: string | null,
  span: { time: string | null; endTime: string | null },
): KeyedReading | null {
  if ((typeof value !== 'number' || !Number.isFinite(value)) && (typeof value !== 'string' || value === ''))
    return null;
  if (!span.time) return null;
  return {
    key,
    reading: { input: { indicator, value, unit }, time: span.time, endTime: span.endTime, comment: 'oura' },
  };
}

function present(r: KeyedReading | null): r is KeyedReading {
  return r !== null;
}

function dayEpisode(day: string): { time: string | null; endTime: string | null } {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(start)) return { time: null, endTime: null };
  return { time: new Date(start).toISOString(), endTime: new Date(start + 86_400_000).toISOString() };
}

function iso(value: unknown): string | null {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function titleCase(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  return value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
}

/** The natural keys a document of `resource` is written under (what a delete event removes). */
export function ouraDocumentKeys(resource: string, id: string): string[] {
  const metrics: Record<string, readonly string[]> = {
    daily_activity: ['steps', 'active_calories'],
    sleep: ['duration', 'heart_rate', 'hrv'],
    daily_spo2: ['avg'],
    workout: ['activity', 'calories', 'distance'],
  };
  return (metrics[resource] ?? []).map((m) => `oura|${resource}|${id}|${m}`);
}
