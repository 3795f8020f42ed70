// The WhatsApp support channel (contract/vectors/support.json, also run by Go's sdk/support).

/** whatsAppNumber normalises a configured number to wa.me's digits; '' is none; null is refused. */
export function whatsAppNumber(input: string): string | null {
  const s = input.trim();
  if (s === '') return '';
  const plus = s.startsWith('+');
  const rest = plus ? s.slice(1) : s;
  if (!/^[0-9 .()-]*$/.test(rest)) return null;
  let d = rest.replace(/[^0-9]/g, '');
  if (!plus && d.startsWith('00')) d = d.slice(2);
  if (d.length < 8 || d.length > 15 || d.startsWith('0')) return null;
  return d;
}

// Go's url.QueryEscape: encodeURIComponent leaves !'()* alone, Go does not.
const queryEscape = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** whatsAppLink opens a chat with the number's ASCII digits, with text ready to send (none when empty). */
export function whatsAppLink(phone: string, text: string): string {
  const link = `https://wa.me/${phone.replace(/[^0-9]/g, '')}`;
  return text === '' ? link : `${link}?text=${queryEscape(text)}`;
}
