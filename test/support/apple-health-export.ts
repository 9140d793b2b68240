/**
 * A deterministic Apple Health export.xml of any size, generated as a stream (the benchmark's 1 GB and the suite's
 * 50 MB variant), with the readings HDS must make of it computed on the side by plain arithmetic, independently of the
 * import's aggregator. Days at -0500: a watch sampling heart rate every two minutes (most of the bytes, as in real
 * exports), steps from a phone and a watch, active energy, a weekly weight, a night's sleep, a run every third day.
 */

export interface ReferenceRow {
  indicator: string;
  value: string;
  time: string;
  endTime: string | null;
}

export interface GeneratedExport {
  chunks: AsyncIterable<Buffer>;
  /** Filled while `chunks` is consumed: the expected rows, and how many `Record`/`Workout` elements were written. */
  reference: ReferenceRow[];
  stats: { records: number; bytes: number; days: number };
}

const OFFSET = '-0500';
const WATCH = 'Apple Watch';
const PHONE = 'iPhone';
const DEVICE =
  '&lt;&lt;HKDevice: 0x283d9a0a0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.1&gt;';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const rounded = (v: number) => String(Math.round(v * 10_000) / 10_000);

/** `day` is days since 2020-01-01; minutes from that day's local midnight (may run past 24 h or below 0). */
function stamp(day: number, minutes: number): string {
  const d = new Date(Date.UTC(2020, 0, 1) + day * 86_400_000 + minutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00 ${OFFSET}`;
}
function iso(day: number, minutes: number): string {
  return new Date(Date.UTC(2020, 0, 1) + day * 86_400_000 + minutes * 60_000 + 5 * 3_600_000).toISOString();
}

function record(
  type: string,
  unit: string,
  value: string,
  source: string,
  start: string,
  end: string,
  meta = '',
): string {
  const device = source === WATCH ? ` device="${DEVICE}"` : '';
  const open = ` <Record type="HKQuantityTypeIdentifier${type}" sourceName="${source}" sourceVersion="10.1"${device} unit="${unit}" creationDate="${end}" startDate="${start}" endDate="${end}" value="${value}"`;
  return meta ? `${open}>\n  ${meta}\n </Record>\n` : `${open}/>\n`;
}

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 13 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
]>
<HealthData locale="en_US">
 <ExportDate value="2030-01-01 00:00:00 ${OFFSET}"/>
`;

export function generateExport(targetBytes: number, seed = 17): GeneratedExport {
  const reference: ReferenceRow[] = [];
  const stats = { records: 0, bytes: 0, days: 0 };
  const random = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  function dayXml(day: number): string {
    const parts: string[] = [];
    let hrSum = 0;
    let hrCount = 0;
    for (let m = 0; m < 1440; m += 2) {
      const bpm = int(52, 128);
      hrSum += bpm;
      hrCount++;
      const at = stamp(day, m);
      parts.push(
        record(
          'HeartRate',
          'count/min',
          String(bpm),
          WATCH,
          at,
          at,
          '<MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>',
        ),
      );
    }
    const steps = new Map([
      [PHONE, 0],
      [WATCH, 0],
    ]);
    for (let h = 7; h < 23; h++) {
      for (const source of [PHONE, WATCH]) {
        const n = int(0, 900);
        steps.set(source, steps.get(source)! + n);
        parts.push(record('StepCount', 'count', String(n), source, stamp(day, h * 60), stamp(day, h * 60 + 59)));
      }
    }
    let energy = 0;
    for (let m = 0; m < 1440; m += 15) {
      const kcal = int(0, 9000) / 1000;
      energy += kcal;
      parts.push(record('ActiveEnergyBurned', 'kcal', String(kcal), WATCH, stamp(day, m), stamp(day, m + 15)));
    }
    const episode = { time: iso(day, 0), endTime: iso(day, 1440) };
    const bestSteps = Math.max(steps.get(PHONE)!, steps.get(WATCH)!);
    reference.push({ indicator: 'Daily steps', value: rounded(bestSteps), ...episode });
    reference.push({ indicator: 'Heart rate', value: rounded(hrSum / hrCount), ...episode });
    reference.push({ indicator: 'Active energy burned', value: rounded(energy), ...episode });

    // The night ending this morning: one asleep sample from the watch, the phone's "in bed" beside it.
    const sleepStart = -60 + int(0, 50);
    const sleepEnd = 360 + int(0, 90);
    parts.push(
      ` <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="${PHONE}" sourceVersion="17.1" creationDate="${stamp(day, sleepEnd)}" startDate="${stamp(day, sleepStart - 10)}" endDate="${stamp(day, sleepEnd + 10)}" value="HKCategoryValueSleepAnalysisInBed"/>\n`,
      ` <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="${WATCH}" sourceVersion="10.1" device="${DEVICE}" creationDate="${stamp(day, sleepEnd)}" startDate="${stamp(day, sleepStart)}" endDate="${stamp(day, sleepEnd)}" value="HKCategoryValueSleepAnalysisAsleepCore"/>\n`,
    );
    reference.push({
      indicator: 'Sleep duration',
      value: rounded((sleepEnd - sleepStart) / 60),
      time: iso(day, sleepStart),
      endTime: iso(day, sleepEnd),
    });

    if (day % 7 === 0) {
      const kg = 70 + int(0, 1000) / 100;
      const at = stamp(day, 420);
      parts.push(record('BodyMass', 'kg', String(kg), 'Withings', at, at));
      reference.push({
        indicator: 'HKQuantityTypeIdentifierBodyMass',
        value: rounded(kg),
        time: iso(day, 420),
        endTime: null,
      });
    }
    if (day % 3 === 0) {
      const km = int(30, 150) / 10;
      const kcal = int(200, 900);
      const start = 1080;
      const end = start + int(20, 90);
      parts.push(
        ` <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="${end - start}" durationUnit="min" totalDistance="${km}" totalDistanceUnit="km" totalEnergyBurned="${kcal}" totalEnergyBurnedUnit="kcal" sourceName="${WATCH}" sourceVersion="10.1" device="${DEVICE}" creationDate="${stamp(day, end)}" startDate="${stamp(day, start)}" endDate="${stamp(day, end)}">\n  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n </Workout>\n`,
      );
      const ep = { time: iso(day, start), endTime: iso(day, end) };
      reference.push({ indicator: 'Exercise activity', value: 'Running', ...ep });
      reference.push({ indicator: 'Active energy burned', value: rounded(kcal), ...ep });
      reference.push({ indicator: 'Workout distance', value: rounded(km * 1000), ...ep });
    }
    stats.records += parts.length;
    return parts.join('');
  }

  async function* chunks(): AsyncGenerator<Buffer> {
    let day = 0;
    const head = Buffer.from(HEADER, 'utf8');
    stats.bytes += head.length;
    yield head;
    while (stats.bytes < targetBytes) {
      const xml = Buffer.from(dayXml(day++), 'utf8');
      stats.bytes += xml.length;
      stats.days = day;
      yield xml;
    }
    const tail = Buffer.from('</HealthData>\n', 'utf8');
    stats.bytes += tail.length;
    yield tail;
  }

  return { chunks: chunks(), reference, stats };
}
