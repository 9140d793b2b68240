import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldTraditionalChinese, TRADITIONAL_FOLD_SIZE } from '../../../shared/domain/standardization/cjk-fold';
import { normalizeIndicatorText } from '../../../shared/domain/standardization/normalize-text';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';

describe('traditional Chinese folds to simplified', () => {
  it('folds the characters of lab vocabulary', () => {
    expect(foldTraditionalChinese('紅細胞計數')).toBe('红细胞计数');
    expect(foldTraditionalChinese('總膽固醇')).toBe('总胆固醇');
    expect(foldTraditionalChinese('鈉 鉀 氯 鈣 鐵')).toBe('钠 钾 氯 钙 铁');
    expect(foldTraditionalChinese('腎功能 轉氨酶 濃度')).toBe('肾功能 转氨酶 浓度');
    expect(foldTraditionalChinese('γ-谷氨醯轉肽酶')).toBe('γ-谷氨酰转肽酶');
  });

  it('leaves simplified, shared and non-Han text alone', () => {
    expect(foldTraditionalChinese('葡萄糖 血 蛋白 尿酸 肝')).toBe('葡萄糖 血 蛋白 尿酸 肝');
    expect(foldTraditionalChinese('Hämoglobin (Hb) 10^9/L')).toBe('Hämoglobin (Hb) 10^9/L');
  });

  it('never folds a character the corpus itself uses as simplified', () => {
    const sources = ['synonyms-i18n.json', 'curated-concepts.json', 'modern-orders.json'].map((f) =>
      readFileSync(new URL(`../../../shared/domain/standardization/data/${f}`, import.meta.url), 'utf8'),
    );
    const used = new Set(sources.join('').match(/[\u3400-\u9fff]/gu) ?? []);
    for (const ch of used) expect(foldTraditionalChinese(ch)).toBe(ch);
    expect(TRADITIONAL_FOLD_SIZE).toBeGreaterThan(150);
  });

  it('runs inside normalisation, so traditional names meet the simplified synonyms', () => {
    expect(normalizeIndicatorText('紅細胞計數')).toBe(normalizeIndicatorText('红细胞计数'));
    expect(resolveIndicator('紅細胞計數(RBC)', '10^12/L').loincCode).toBe('789-8');
    expect(resolveIndicator('白細胞計數', '10^9/L').loincCode).toBe('26464-8');
    expect(resolveIndicator('總膽固醇', 'mmol/L').loincCode).toBe('14647-2');
    expect(resolveIndicator('鉀', 'mmol/L').loincCode).toBe('2823-3');
    // Taiwan's own terms (白血球, 紅血球, 飯前血糖) are synonyms written in simplified; folding makes them meet
    expect(resolveIndicator('白血球', '10^3/uL').loincCode).toBe('26464-8');
    expect(resolveIndicator('飯前血糖', 'mg/dL').loincCode).toBe('1558-6');
  });
});
