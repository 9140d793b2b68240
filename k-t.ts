import { extractReadingsOffline } from './shared/domain/extraction/index';
for (const d of ['  Urea pre      24.6  mmol/L      Urea post     6.8 mmol/L      URR  72 %', '  Urea pre      24.6  mmol/L      Urea post     6.8 mmol/L','Urea pre      24.6  mmol/L      URR  72 %   (target >65%)'])
  console.log(d, '=>', extractReadingsOffline(d).map(r=>[r.indicator,r.value,r.unit,r.referenceRange].join('|')).join(' ; '));
