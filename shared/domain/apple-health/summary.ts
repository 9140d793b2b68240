import type { ExportAggregator } from './aggregation';

const number = new Intl.NumberFormat('en-US');

/** The file's abstract: "Apple Health export, 2019-03-02 to 2026-11-20: 41,233 readings in 23 series". */
export function exportAbstract(aggregator: ExportAggregator): string {
  const readings = [...aggregator.written.values()].reduce((a, b) => a + b, 0);
  const span = aggregator.firstDay ? `, ${aggregator.firstDay} to ${aggregator.lastDay}` : '';
  const series = aggregator.written.size;
  return `Apple Health export${span}: ${number.format(readings)} reading${readings === 1 ? '' : 's'} in ${series} series`;
}

/**
 * The file's text (what the agent reads in place of 1 GB of XML): export date, date range, the series written with
 * their reading counts, the samples seen per type, and what was skipped and why. Names and counts only: no values.
 */
export function exportSummary(aggregator: ExportAggregator): string {
  const lines = [`${exportAbstract(aggregator)}.`];
  if (aggregator.exportDate) lines.push(`Exported ${aggregator.exportDate}.`);
  lines.push('', 'Series written (readings):');
  for (const [indicator, n] of [...aggregator.written].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push(`- ${indicator}: ${number.format(n)}`);
  }
  lines.push('', 'Samples seen per type:');
  for (const [type, n] of [...aggregator.seen].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push(`- ${type}: ${number.format(n)}`);
  }
  if (aggregator.skipped.size > 0) {
    lines.push('', 'Not written:');
    for (const [reason, n] of [...aggregator.skipped].sort((a, b) => a[0].localeCompare(b[0]))) {
      lines.push(`- ${reason}: ${number.format(n)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What to add to a "file too large" refusal of an XML file: a bare export.xml over the 100 MB file limit fits once
 * zipped (exports compress about 20×), which its owner may not guess.
 */
export function zipItHint(filename: string): string {
  return /\.xml$/i.test(filename) ? '; an Apple Health export.xml is accepted zipped: upload export.zip' : '';
}
