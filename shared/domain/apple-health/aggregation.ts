import {
  activityName,
  dayEpisode,
  type ExportTime,
  HEALTHKIT_TYPES,
  isAsleep,
  parseExportTime,
  SLEEP_TYPE,
  toTypeUnit,
} from './healthkit-types';

/**
 * Turns an export's samples into HDS readings as `docs/design/wearables.md` §9.3 lays out: cumulative types → one
 * reading per local day (the largest source's sum), continuous types → one daily mean, point types → one reading per
 * sample (handed back at once, so they stream to the store), sleep → one reading per night, workouts → activity,
 * energy and distance episodes. Memory is the daily maps (types × days × sources) and the sleep samples, never the
 * export. Every reading carries a natural key, so a newer export of the same data rewrites instead of adding.
 */

export interface AppleReading {
  /** The natural key (§9.4): a re-import of the same sample or day lands on the same row. */
  key: string;
  indicator: string;
  value: string | number;
  unit: string | null;
  /** ISO 8601 UTC. */
  time: string;
  endTime: string | null;
  comment: string;
}

/** A `Record` element's attributes, as the export writes them. */
export interface ExportRecord {
  type?: string;
  unit?: string;
  value?: string;
  sourceName?: string;
  startDate?: string;
  endDate?: string;
}

export interface ExportWorkout {
  workoutActivityType?: string;
  sourceName?: string;
  startDate?: string;
  endDate?: string;
  totalEnergyBurned?: string;
  totalEnergyBurnedUnit?: string;
  totalDistance?: string;
  totalDistanceUnit?: string;
}

const COMMENT = 'apple-health';
/** Two asleep samples of one source this close belong to one session. */
const SESSION_GAP_MS = 60 * 60 * 1000;
const ENERGY = HEALTHKIT_TYPES.HKQuantityTypeIdentifierActiveEnergyBurned!;
const DISTANCE = { aggregation: 'point', indicator: 'Workout distance', unit: 'm' } as const;

interface DailySum {
  offset: string;
  bySource: Map<string, number>;
}
interface DailyMean {
  offset: string;
  sum: number;
  count: number;
}
interface SleepSample {
  source: string;
  start: number;
  end: number;
  startIso: string;
  endIso: string;
  /** Local day of the sample's end as written. */
  endDay: string;
}

/** Four decimals: sums and means of floats carry noise that is not data. */
export function rounded(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export class ExportAggregator {
  /** Samples seen per type, and why some were not written. */
  readonly seen = new Map<string, number>();
  readonly skipped = new Map<string, number>();
  /** Readings handed out per indicator (points as they come, aggregates at `finish`). */
  readonly written = new Map<string, number>();
  firstDay: string | null = null;
  lastDay: string | null = null;
  exportDate: string | null = null;

  private readonly sums = new Map<string, DailySum>();
  private readonly means = new Map<string, DailyMean>();
  private readonly sleep: SleepSample[] = [];

  private count(map: Map<string, number>, key: string, by = 1): void {
    map.set(key, (map.get(key) ?? 0) + by);
  }

  private emit(reading: AppleReading): AppleReading {
    this.count(this.written, reading.indicator);
    return reading;
  }

  private span(time: ExportTime): void {
    if (this.firstDay === null || time.day < this.firstDay) this.firstDay = time.day;
    if (this.lastDay === null || time.day > this.lastDay) this.lastDay = time.day;
  }

  /** Counts an element the import does not write (`ActivitySummary`, records inside a `Correlation`, …). */
  skip(reason: string): null {
    this.count(this.skipped, reason);
    return null;
  }

  /** A top-level `Record`: a point reading to write now, or null when it was aggregated or skipped. */
  record(r: ExportRecord): AppleReading | null {
    const type = r.type ?? '';
    this.count(this.seen, type);
    if (type === SLEEP_TYPE) return this.sleepSample(r);
    const mapping = HEALTHKIT_TYPES[type];
    if (!mapping) return this.skip(`${type || 'Record without a type'} (no mapping)`);
    const start = parseExportTime(r.startDate);
    const raw = Number(r.value);
    if (!start || r.value === undefined || r.value.trim() === '' || !Number.isFinite(raw)) {
      return this.skip(`${type} (unreadable date or value)`);
    }
    const value = toTypeUnit(raw, r.unit ?? '', mapping);
    if (value === null) return this.skip(`${type} (unit ${r.unit ?? 'missing'} does not convert)`);
    this.span(start);
    const source = r.sourceName ?? '';
    if (mapping.aggregation === 'cumulative') {
      const key = `${type}|${start.day}`;
      const entry = this.sums.get(key) ?? { offset: start.offset, bySource: new Map<string, number>() };
      this.sums.set(key, entry);
      entry.bySource.set(source, (entry.bySource.get(source) ?? 0) + value);
      return null;
    }
    if (mapping.aggregation === 'continuous') {
      const key = `${type}|${start.day}`;
      const entry = this.means.get(key);
      if (entry) {
        entry.sum += value;
        entry.count += 1;
      } else this.means.set(key, { offset: start.offset, sum: value, count: 1 });
      return null;
    }
    const end = parseExportTime(r.endDate);
    return this.emit({
      key: `apple|${type}|${r.startDate}|${r.endDate ?? ''}|${source}`,
      indicator: mapping.indicator,
      value: rounded(value),
      unit: mapping.unit,
      time: start.iso,
      endTime: end && end.iso !== start.iso ? end.iso : null,
      comment: `${COMMENT}/${source}`,
    });
  }

  private sleepSample(r: ExportRecord): null {
    if (!isAsleep(r.value ?? '')) return this.skip(`${SLEEP_TYPE} (in bed or awake)`);
    const start = parseExportTime(r.startDate);
    const end = parseExportTime(r.endDate);
    if (!start || !end || end.iso <= start.iso) return this.skip(`${SLEEP_TYPE} (unreadable dates)`);
    this.span(start);
    this.sleep.push({
      source: r.sourceName ?? '',
      start: Date.parse(start.iso),
      end: Date.parse(end.iso),
      startIso: start.iso,
      endIso: end.iso,
      endDay: end.day,
    });
    return null;
  }

  /** A `Workout` (with its totals from attributes, or from `WorkoutStatistics` children on iOS 16+). */
  workout(w: ExportWorkout): AppleReading[] {
    this.count(this.seen, 'Workout');
    const start = parseExportTime(w.startDate);
    const end = parseExportTime(w.endDate);
    const type = w.workoutActivityType ?? '';
    if (!start || !end || !type) {
      this.skip('Workout (unreadable type or dates)');
      return [];
    }
    this.span(start);
    const source = w.sourceName ?? '';
    const base = `apple|workout|${type}|${w.startDate}|${source}`;
    const episode = { time: start.iso, endTime: end.iso, comment: `${COMMENT}/${source}` };
    const out = [
      this.emit({
        key: `${base}|activity`,
        indicator: 'Exercise activity',
        value: activityName(type),
        unit: null,
        ...episode,
      }),
    ];
    const energy = Number(w.totalEnergyBurned);
    const kcal = w.totalEnergyBurned ? toTypeUnit(energy, w.totalEnergyBurnedUnit ?? 'kcal', ENERGY) : null;
    if (kcal !== null && Number.isFinite(kcal) && kcal > 0) {
      out.push(
        this.emit({
          key: `${base}|energy`,
          indicator: ENERGY.indicator,
          value: rounded(kcal),
          unit: 'kcal',
          ...episode,
        }),
      );
    }
    const distance = Number(w.totalDistance);
    const metres = w.totalDistance ? toTypeUnit(distance, w.totalDistanceUnit ?? 'km', DISTANCE) : null;
    if (metres !== null && Number.isFinite(metres) && metres > 0) {
      out.push(
        this.emit({
          key: `${base}|distance`,
          indicator: DISTANCE.indicator,
          value: rounded(metres),
          unit: 'm',
          ...episode,
        }),
      );
    }
    return out;
  }

  /** The daily aggregates and sleep nights, once every sample was seen. */
  *finish(): Generator<AppleReading> {
    for (const [key, entry] of this.sums) {
      const [type, day] = key.split('|') as [string, string];
      let best: [string, number] = ['', -1];
      for (const [source, sum] of entry.bySource) if (sum > best[1]) best = [source, sum];
      const mapping = HEALTHKIT_TYPES[type]!;
      yield this.emit({
        key: `apple|${type}|${day}`,
        indicator: mapping.indicator,
        value: rounded(best[1]),
        unit: mapping.unit,
        ...dayEpisode(day, entry.offset),
        comment: `${COMMENT}/${best[0]}`,
      });
    }
    for (const [key, entry] of this.means) {
      const [type, day] = key.split('|') as [string, string];
      const mapping = HEALTHKIT_TYPES[type]!;
      yield this.emit({
        key: `apple|${type}|${day}`,
        indicator: mapping.indicator,
        value: rounded(entry.sum / entry.count),
        unit: mapping.unit,
        ...dayEpisode(day, entry.offset),
        comment: COMMENT,
      });
    }
    yield* this.nights();
  }

  /**
   * Sleep: each source's asleep samples merged into sessions (gaps up to an hour), a session belonging to the night of
   * its end's local date; per night the source with the most asleep time wins (a phone and a watch both record a
   * night), and its sessions of that night make one reading from the first start to the last end.
   */
  private *nights(): Generator<AppleReading> {
    const bySource = new Map<string, SleepSample[]>();
    for (const s of this.sleep) {
      const list = bySource.get(s.source);
      if (list) list.push(s);
      else bySource.set(s.source, [s]);
    }
    const nights = new Map<string, Map<string, { asleepMs: number; start: string; end: string }>>();
    for (const [source, samples] of bySource) {
      samples.sort((a, b) => a.start - b.start);
      let session: {
        start: number;
        end: number;
        asleepMs: number;
        startIso: string;
        endIso: string;
        endDay: string;
      } | null = null;
      const close = () => {
        if (!session) return;
        const night = nights.get(session.endDay) ?? new Map();
        nights.set(session.endDay, night);
        const total = night.get(source);
        night.set(source, {
          asleepMs: (total?.asleepMs ?? 0) + session.asleepMs,
          start: total && total.start < session.startIso ? total.start : session.startIso,
          end: total && total.end > session.endIso ? total.end : session.endIso,
        });
      };
      for (const s of samples) {
        if (session && s.start - session.end <= SESSION_GAP_MS) {
          // Overlapping stage samples of one source count once.
          session.asleepMs += Math.max(0, s.end - Math.max(s.start, session.end));
          if (s.end > session.end) Object.assign(session, { end: s.end, endIso: s.endIso, endDay: s.endDay });
        } else {
          close();
          session = { ...s, asleepMs: s.end - s.start };
        }
      }
      close();
    }
    for (const [night, sources] of nights) {
      let best: [string, { asleepMs: number; start: string; end: string }] | null = null;
      for (const entry of sources) if (!best || entry[1].asleepMs > best[1].asleepMs) best = entry;
      if (!best) continue;
      yield this.emit({
        key: `apple|sleep|${night}`,
        indicator: 'Sleep duration',
        value: rounded(best[1].asleepMs / 3_600_000),
        unit: 'h',
        time: best[1].start,
        endTime: best[1].end,
        comment: `${COMMENT}/${best[0]}`,
      });
    }
  }
}
