/**
 * The design tokens as the global stylesheet (src/app/global.css) declares them: the tokens
 * page reads the file itself (imported ?raw, so a changed token shows on the next build or
 * reload), never a copy of its values.
 */

export type Token = {
  /** The custom property, e.g. --color-brand. */
  name: string;
  /** As written: '#0b5d4b', 'var(--focus-ring-on-light)'. */
  value: string;
  /** With var() references to other :root tokens replaced: '#c2410c'. */
  resolved: string;
};

/** A rule of the stylesheet that sets custom properties: :root, or a switch such as .surface-dark. */
export type TokenRule = { selector: string; tokens: Token[] };

/** parseTokenRules lists, per rule, the custom properties a stylesheet sets, in file order. */
export function parseTokenRules(css: string): TokenRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: { selector: string; decls: [string, string][] }[] = [];
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const decls = [...(m[2] ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);?/g)].map((d) => [d[1] ?? '', (d[2] ?? '').trim()] as [string, string]);
    if (decls.length > 0) rules.push({ selector: (m[1] ?? '').trim(), decls });
  }
  const root = new Map(rules.filter((r) => r.selector === ':root').flatMap((r) => r.decls));
  const resolve = (value: string, seen: Set<string> = new Set()): string =>
    value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) => {
      const v = root.get(name);
      if (v === undefined || seen.has(name)) return whole;
      return resolve(v, new Set([...seen, name]));
    });
  return rules.map((r) => ({ selector: r.selector, tokens: r.decls.map(([name, value]) => ({ name, value, resolved: resolve(value) })) }));
}

/** The :root tokens of a stylesheet. */
export const rootTokens = (css: string): Token[] => parseTokenRules(css).filter((r) => r.selector === ':root').flatMap((r) => r.tokens);

/** isColour tells whether a resolved value is a colour the palette can show. */
export const isColour = (value: string): boolean => /^(#[0-9a-f]{3,8}|rgba?\(|hsla?\()/i.test(value);
