import { readFileSync } from 'node:fs';
import { extractReadingsOffline } from './shared/domain/extraction/index';
const f = process.argv[2] ?? "";
const text = readFileSync(f.includes('/') ? f : `/work/wt-k/eval/extraction/reports/${f}`, 'utf8');
for (const r of extractReadingsOffline(text) as any[]) console.log(JSON.stringify({i:r.indicator,v:r.value,u:r.unit,rr:r.referenceRange,f:r.flag,d:r.measuredAt}));
