/**
 * asciiDigits makes typed digits ASCII (contract/vectors/digits.json; Go: sdk/numerals): an
 * Arabic or Persian keyboard types Arabic-Indic (U+0660-U+0669) or Extended Arabic-Indic
 * (U+06F0-U+06F9) digits, which the phone number, the e-mail code and ICCIDs accept. Used
 * before a typed value is checked and sent; every other character is kept.
 */
export function asciiDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}
