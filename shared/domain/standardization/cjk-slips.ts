import { foldTraditionalChinese } from './cjk-fold';

/**
 * Chinese names are typed through a pinyin input method, which offers every character of the same sound, and read by
 * OCR, which confuses characters of the same shape: `肌肝` for 肌酐 (creatinine, both gān), `甘油三脂` for 甘油三酯
 * (triglycerides, zhī/zhǐ), `总胆固醉` for 总胆固醇 (cholesterol, 醉/醇 share their right half), `淋巴胞` with the 细 of
 * 细胞 (cell) dropped. The corpus names the test only as written correctly, so no stage finds the slip.
 *
 * The table is the lab-vocabulary character of each pair and the characters commonly put for it (same pinyin
 * syllable, or a shape OCR confuses), from the lists of 常见错别字 (common miswritten characters) and the pinyin
 * syllable tables; the wrong side is always a character of everyday text, never one that names a test by itself in
 * the same place. A name is read with one slip mended at a time, each reading by the resolver's exact stages, and kept
 * only when every reading that finds a code finds the same one; a name the corpus knows as written is never changed.
 */

/** Character meant → characters written for it. */
const SLIPS: Readonly<Record<string, string>> = {
  酐: '肝干杆', // 肌酐 creatinine (gān)
  酯: '脂指旨', // 甘油三酯 triglycerides (zhǐ); 脂 is also its own word (脂蛋白): tried only where the name is unknown
  醇: '醉淳纯', // 胆固醇 cholesterol (chún; 醉 by shape)
  固: '故', // 胆固醇 (gù)
  氮: '淡', // 尿素氮 urea nitrogen (dàn)
  蛋: '旦', // 蛋白 protein (dàn)
  酶: '梅霉媒', // 酶 enzyme (méi)
  氨: '安胺', // 转氨酶 aminotransferase (ān; 转胺酶 is a common variant)
  肽: '太汰', // 转肽酶 transpeptidase (tài)
  素: '索', // 胆红素 bilirubin (shape)
  钠: '纳', // sodium (nà, shape)
  镁: '美', // magnesium (měi)
  糖: '唐', // 血糖 glucose (táng)
  酮: '铜同', // 酮体 ketone bodies (tóng)
  白: '自', // 蛋白 protein, 白细胞 leukocytes: OCR drops the short stroke atop 白 (`血红蛋自`)
};

/** `淋巴胞`, `白胞`: the 细 of 细胞 (cell) dropped before 胞. */
const DROPPED_CELL = /(?<!细)胞/gu;

const HAN = /\p{Script=Han}/u;
const MAX_NAME = 40;

const MEANT_FOR: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [meant, written] of Object.entries(SLIPS))
    for (const ch of written) map.set(ch, [...(map.get(ch) ?? []), meant]);
  return map;
})();

/** The name with one slipped character mended, each way it can be (none when the name has no Han character). */
export function hanSlipReadings(name: string): string[] {
  if (name.length > MAX_NAME || !HAN.test(name)) return [];
  const chars = Array.from(foldTraditionalChinese(name));
  // One character alone (`纳`, `美`) is a word of its own far more often than a slip: only a longer name is mended.
  if (chars.filter((ch) => HAN.test(ch)).length < 2) return [];
  const readings = new Set<string>();
  chars.forEach((ch, i) => {
    for (const meant of MEANT_FOR.get(ch) ?? [])
      readings.add([...chars.slice(0, i), meant, ...chars.slice(i + 1)].join(''));
  });
  const text = chars.join('');
  const withCell = text.replace(DROPPED_CELL, '细胞');
  if (withCell !== text) readings.add(withCell);
  return [...readings];
}
