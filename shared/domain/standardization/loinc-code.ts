/** A LOINC code's form (`2345-7`) and its check digit: mod-10 (Luhn) over the digits before the hyphen. */
export function isValidLoincCode(code: string): boolean {
  const match = /^(\d{1,7})-(\d)$/.exec(code);
  if (!match) return false;
  let sum = 0;
  [...(match[1] as string)].reverse().forEach((d, i) => {
    let n = Number(d) * (i % 2 === 0 ? 2 : 1);
    if (n > 9) n -= 9;
    sum += n;
  });
  return (10 - (sum % 10)) % 10 === Number(match[2]);
}
