import { corpusIndex } from '../shared/domain/standardization/corpus';
import { analyseIndicatorText, sortedTokenKey } from '../shared/domain/standardization/normalize-text';
import { resolveReadingIndicator } from '../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../shared/domain/standardization/units';
for (const arg of process.argv.slice(2)) {
  const [name, unit] = arg.split('|');
  const { key, property } = analyseIndicatorText(name);
  const ex = corpusIndex.exact.get(key) ?? corpusIndex.sortedTokens.get(sortedTokenKey(key));
  const r = resolveReadingIndicator(name, unit || null);
  console.log(JSON.stringify(name), `[${unit ?? ''}→${normalizeUnit(unit || null)}]`, 'key=', JSON.stringify(key), property ?? '', 'exact=', ex ? `${ex.ambiguous ? 'AMBIG ' : ''}${ex.needsUnit ? 'NEEDSUNIT ' : ''}` + ex.concepts.map((c) => `${c.code}(${c.units.join(',')}${c.unitlessDefault ? ' dflt' : ''}${c.requiresUnit ? ' req' : ''})`).join(' ') : '-', '=>', r.loincCode);
}
