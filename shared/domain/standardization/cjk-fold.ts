/**
 * Traditional Chinese characters of laboratory vocabulary, folded to their simplified forms, so that a report from
 * Hong Kong or Taiwan (`紅細胞計數`, `總膽固醇`, `鈉`) meets the corpus's simplified names (`红细胞计数`, `总胆固醇`, `钠`).
 *
 * The table is not hand-picked per name. It holds every one-to-one traditional → simplified pair of OpenCC's
 * `TSCharacters.txt` (Apache-2.0, https://github.com/BYVoid/OpenCC) whose simplified side is a Han character of the
 * corpus's sources (`data/*.json`) or of a list of common lab-report words (CBC, chemistry, lipids, thyroid,
 * coagulation, tumour markers, serology, urinalysis, specimens, vitals, report framing); a character that is itself
 * used as a simplified character there is never folded. Plus one lab-term variant OpenCC leaves alone: `醯` (acyl,
 * Taiwan usage) → `酰` (`γ-谷氨醯轉肽酶`). Characters outside the table pass through unchanged, so a rare
 * traditional character is simply not matched, never mismatched.
 */
const PAIRS =
  '臨临亞亚產产産产體体餘余兒儿關关養养內内鼕冬凈净淨净準准齣出別别彆别製制劑剂動动醫医單单壓压參参蔘参雙双變变葉叶閤合衕同後后圍围國国備备復复複复頭头婦妇嬰婴審审' +
  '寬宽對对導导層层嵗岁歲岁𡻕岁島岛峯峰鉅巨佈布牀床應应異异張张誌志態态總总報报牴抵換换攝摄數数鏇旋無无時时顯显機机桿杆楊杨闆板極极査查標标樣样覈核檢检樓楼氣气氫氢' +
  '註注漿浆濁浊測测濃浓澱淀滲渗溫温遊游溼湿濕湿濾滤潛潜熱热狀状環环電电療疗皰疱鹽盐眞真鹼碱離离積积篩筛類类糞粪醣糖係系繫系緊紧紅红縴纤纖纤純纯紙纸綫线線线組组細细' +
  '織织經经絨绒結结絕绝絶绝維维綠绿緑绿縮缩繆缪網网羥羟腎肾腫肿膽胆膠胶脈脉臟脏髒脏腦脑脫脱節节範范葯药藥药營营藍蓝蟲虫蠟蜡補补錶表規规視视計计試试說说説说諾诺穀谷' +
  '質质轉转輪轮輕轻載载輔辅過过痠酸釀酿釋释裏里裡里鈣钙鈉钠鈷钴鉀钾鐵铁鉛铅銅铜鉻铬鏈链鋰锂鋅锌錳锰鎂镁鎘镉鏡镜長长門门間间陽阳陰阴際际隨随隱隐黴霉靜静麪面麫面麵面' +
  '項项頻频顆颗顏颜顔颜風风飯饭飽饱馬马驗验鱗鳞麩麸黃黄齡龄';

const LAB_VARIANTS = '醯酰';

const FOLD: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const pairs of [PAIRS, LAB_VARIANTS]) {
    const chars = Array.from(pairs);
    for (let i = 0; i + 1 < chars.length; i += 2) map.set(chars[i] as string, chars[i + 1] as string);
  }
  return map;
})();

/** Any character the table could fold (CJK unified ideographs, basic block and extension A). */
const HAN = /[\u3400-\u9fff]/;

/** Simplified form of every traditional lab-vocabulary character in `text`; everything else unchanged. */
export function foldTraditionalChinese(text: string): string {
  if (!HAN.test(text)) return text;
  let out = '';
  for (const ch of text) out += FOLD.get(ch) ?? ch;
  return out;
}

/** Number of traditional characters the table folds (for tests and the design note). */
export const TRADITIONAL_FOLD_SIZE = FOLD.size;

/**
 * `へモグロビン`, `コレステ口ール`, `ク口ール`: a character typed or read for the katakana it looks like — the hiragana
 * `へ` (the two are one glyph), the kanji `口` `力` `工` `二` `一` `夕` `卜` `八` for `ロ` `カ` `エ` `ニ` `ー` `タ` `ト` `ハ`.
 * Folded only beside a katakana, inside a run no kanji or hiragana word continues: a test name written in katakana
 * holds none of them, and a kanji word (`二酸化炭素`, `一酸化`) keeps its own characters.
 */
const KANA_LOOKALIKES: ReadonlyMap<string, string> = new Map([
  ['へ', 'ヘ'],
  ['べ', 'ベ'],
  ['ぺ', 'ペ'],
  ['口', 'ロ'],
  ['力', 'カ'],
  ['工', 'エ'],
  ['二', 'ニ'],
  ['一', 'ー'],
  ['夕', 'タ'],
  ['卜', 'ト'],
  ['八', 'ハ'],
]);
const KATAKANA = /[\u30a1-\u30fa\u30fc]/;
const HAN_OR_HIRAGANA = /[\u3041-\u309f\u3400-\u9fff]/;

/** The text with every look-alike beside a katakana written as that katakana; anything else unchanged. */
export function foldKanaLookalikes(text: string): string {
  if (!KATAKANA.test(text)) return text;
  const chars = Array.from(text);
  return chars
    .map((ch, i) => {
      const kana = KANA_LOOKALIKES.get(ch);
      if (!kana) return ch;
      const before = chars[i - 1] ?? '';
      const after = chars[i + 1] ?? '';
      const katakanaBeside = KATAKANA.test(before) || KATAKANA.test(after);
      const wordBeside = HAN_OR_HIRAGANA.test(before) || HAN_OR_HIRAGANA.test(after);
      return katakanaBeside && !wordBeside ? kana : ch;
    })
    .join('');
}
