import { readFileSync } from 'node:fs';
import { extractReadingsOffline } from './shared/domain/extraction/index';
const lines = readFileSync('eval/extraction/reports/bdev20-us-icu-flowsheet-paste.txt','utf8').split('\n');
for (let k = 4; k <= lines.length; k++) {
  const doc = lines.slice(0,k).join('\n');
  console.log(k, extractReadingsOffline(doc).filter(r=>r.indicator==='Temp').length, lines[k-1]?.slice(0,40));
}
