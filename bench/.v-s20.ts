import { readFileSync } from 'node:fs';
import { LOINC_CORPUS } from '../shared/domain/standardization/corpus';
import { resolveReadingIndicator } from '../shared/domain/standardization/unitless-siblings';
const known = new Map(LOINC_CORPUS.concepts.map((c) => [c.code, c]));
const files = process.argv.slice(2);
for (const f of files) {
  const lines = readFileSync(f, 'utf8').split('\n').slice(1).filter((l) => l.trim() && !l.startsWith('#'));
  let withCode = 0, correct = 0, returned = 0, wrongNull = 0, nulls = 0;
  const out: string[] = [];
  for (const l of lines) {
    const [input, unit, exp0, cls] = l.split('\t');
    const expected = exp0 === 'null' || exp0 === '' ? null : exp0;
    const got = resolveReadingIndicator(input, unit || null).loincCode;
    if (expected === null) { nulls++; if (got) { wrongNull++; out.push(`WRONGNULL ${JSON.stringify(input)} [${unit}] got ${got}`); } continue; }
    withCode++;
    if (got) { returned++; if (got === expected) correct++; else out.push(`WRONG ${JSON.stringify(input)} [${unit}] exp ${expected} got ${got}`); }
    else out.push(`MISS(${cls}) ${known.has(expected) ? 'IN ' : 'OUT'} ${JSON.stringify(input)} [${unit}] exp ${expected} ${known.get(expected)?.display ?? ''}`);
  }
  console.log(`${f}: coverage ${(100*correct/withCode).toFixed(1)} % (${correct}/${withCode}) returned-correct ${(100*correct/returned).toFixed(1)} % (${correct}/${returned}) wrong-on-null ${wrongNull}/${nulls}`);
  if (process.env.V_LIST) for (const o of out) console.log('  ' + o);
}
