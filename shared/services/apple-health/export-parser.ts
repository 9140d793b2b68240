import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';
import type { AppleReading, ExportAggregator, ExportWorkout } from '../../domain/apple-health/aggregation';

/**
 * Streams an export.xml through htmlparser2 in XML mode into an `ExportAggregator`, building no tree. htmlparser2 and
 * not a strict parser because real exports are not always well-formed (iOS 16's broken DTD, stray `\x0b`), and a
 * strict parser would fail the whole import on one bad character (`docs/design/wearables.md` §9.2). Readings that
 * are ready (point samples, workouts) go to `flush` in slices; the stream is read only as fast as `flush` writes.
 */
export async function parseHealthExport(
  xml: Readable,
  aggregator: ExportAggregator,
  flush: (readings: AppleReading[]) => Promise<void>,
  sliceSize = 1000,
): Promise<{ bytes: number; elements: number }> {
  let ready: AppleReading[] = [];
  let correlationDepth = 0;
  let workout: ExportWorkout | null = null;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        elements++;
        switch (name) {
          case 'Record':
            if (correlationDepth > 0) aggregator.skip('Record inside a Correlation (listed again at top level)');
            else {
              const reading = aggregator.record(attribs);
              if (reading) ready.push(reading);
            }
            break;
          case 'Correlation':
            correlationDepth++;
            break;
          case 'Workout':
            workout = { ...attribs };
            break;
          case 'WorkoutStatistics':
            if (workout) statisticInto(workout, attribs);
            break;
          case 'ExportDate':
            aggregator.exportDate = attribs.value ?? null;
            break;
          case 'ActivitySummary':
            aggregator.skip('ActivitySummary (its rings repeat the daily sums)');
            break;
          case 'ClinicalRecord':
            aggregator.skip('ClinicalRecord');
            break;
        }
      },
      onclosetag(name) {
        if (name === 'Correlation') correlationDepth = Math.max(0, correlationDepth - 1);
        else if (name === 'Workout' && workout) {
          ready.push(...aggregator.workout(workout));
          workout = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  // A character split across two chunks is held back by the decoder instead of becoming U+FFFD.
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  for await (const chunk of xml) {
    bytes += (chunk as Buffer).length;
    parser.write(decoder.write(chunk as Buffer));
    if (ready.length >= sliceSize) {
      const slice = ready;
      ready = [];
      await flush(slice);
    }
  }
  parser.write(decoder.end());
  parser.end();
  if (ready.length > 0) await flush(ready);
  return { bytes, elements };
}

/** iOS 16+ moves a workout's totals into `WorkoutStatistics` children; attributes, when present, win. */
function statisticInto(workout: ExportWorkout, stat: Record<string, string>): void {
  const type = stat.type ?? '';
  if (type === 'HKQuantityTypeIdentifierActiveEnergyBurned' && !workout.totalEnergyBurned && stat.sum) {
    workout.totalEnergyBurned = stat.sum;
    workout.totalEnergyBurnedUnit = stat.unit;
  } else if (type.startsWith('HKQuantityTypeIdentifierDistance') && !workout.totalDistance && stat.sum) {
    workout.totalDistance = stat.sum;
    workout.totalDistanceUnit = stat.unit;
  }
}
