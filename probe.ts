import { readFileSync } from 'node:fs';
import { resolveReadingIndicator } from './shared/domain/standardization/unitless-siblings';
const lines = process.argv.slice(2).length ? process.argv.slice(2) : readFileSync(0,'utf8').split('\n').filter(Boolean);
for (const l of lines) {
  const [input, unit] = l.split('|');
  const r = resolveReadingIndicator(input.trim(), unit?.trim() || null) as any;
  console.log(`${input.trim().padEnd(36)} ${(unit ?? '').trim().padEnd(10)} → ${r.loincCode ?? 'null'} ${r.display ?? r.name ?? ''} ${r.confidence ?? ''}`);
}
