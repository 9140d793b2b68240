/**
 * Money printed beside test names: a self-pay price list (`Vitamin D 25-OH ........ 29.90 EUR`), an invoice line
 * (`GOÄ-Ziffer 3561  HbA1c  1,15 x 17,49 EUR`, `TSH  9,75 €`), a tax line (`IVA 0 %`, `MwSt. 19 %`). A test name
 * followed by a number is what a result looks like; the currency beside the number is what no result ever has.
 */

/**
 * Currencies as reports print them: signs, ISO codes and the local words (`zł`, `元`, `Rs.`, `R$`, `kr`). Codes that
 * spell a test or a word (`INR`, the rupee's and the clotting ratio's; `TRY`, `CAD`, `COP`) are left out.
 */
const CURRENCY = String.raw`(?:€|\$|£|¥|₹|₺|₽|₩|₪|元|円|r\$|eur|euros?|usd|us\$|gbp|chf|pln|z[łl]|czk|k[čc]|huf|sek|nok|dkk|kr|brl|mxn|rs\.?|rupees?|aed|cny|rmb|jpy|yen|krw|aud|nzd)`;

/** A currency right after the value (`29.90 EUR`, `12,00 €`): a price. */
const CURRENCY_AFTER = new RegExp(String.raw`^\s*${CURRENCY}(?![\p{L}])`, 'iu');

/** A currency right before the value (`€ 12,00`, `$29.90`, `Rs. 450`, `R$ 45,00`). */
const CURRENCY_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}])${CURRENCY}\s*$`, 'iu');

/** A tax on an invoice (`IVA 0 %`, `VAT 20%`, `MwSt. 19 %`, `TVA 5,5 %`): no test is called so. */
const TAX_NAME =
  /^(?:iva|vat|mwst\.?|ust\.?|tva|gst|hst|pst|kdv|vat\s+rate|tax(?:\s+rate)?|steuer|impuesto|imposta|imposto|podatek|消费税|增值税|税)\s*:?$/iu;

/**
 * Whether the value stands as a price or a tax rate on its line: a currency sign or code right before or after it,
 * or a tax for a name.
 */
export function isMoney(name: string, value: string, line: string): boolean {
  if (TAX_NAME.test(name.trim())) return true;
  const written = value.trim();
  const nameAt = line.indexOf(name.trim());
  const at = line.indexOf(written, nameAt < 0 ? 0 : nameAt + name.trim().length);
  if (at < 0) return false;
  return (
    CURRENCY_AFTER.test(line.slice(at + written.length)) || CURRENCY_BEFORE.test(line.slice(Math.max(0, at - 6), at))
  );
}
