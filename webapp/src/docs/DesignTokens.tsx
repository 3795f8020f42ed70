import { ColorItem, ColorPalette, Typeset } from '@storybook/addon-docs/blocks';
import { isColour, parseTokenRules, rootTokens } from './designTokens';

/** ColourTokens shows every colour token of the stylesheet with its real value. */
export function ColourTokens({ css }: { css: string }) {
  const colours = rootTokens(css).filter((t) => isColour(t.resolved));
  return (
    <ColorPalette>
      {colours.map((t) => (
        <ColorItem key={t.name} title={t.name} subtitle={t.value === t.resolved ? t.value : `${t.value} = ${t.resolved}`} colors={{ [t.name]: t.resolved }} />
      ))}
    </ColorPalette>
  );
}

/** OtherTokens lists the tokens that are not colours (sizes, fonts) and the rules that switch tokens. */
export function OtherTokens({ css }: { css: string }) {
  const rows = parseTokenRules(css).flatMap((r) =>
    r.tokens.filter((t) => r.selector !== ':root' || !isColour(t.resolved)).map((t) => ({ ...t, selector: r.selector })),
  );
  return (
    <table data-testid="other-tokens">
      <thead>
        <tr>
          <th scope="col">token</th>
          <th scope="col">value</th>
          <th scope="col">set on</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={`${t.selector} ${t.name}`}>
            <td>
              <code>{t.name}</code>
            </td>
            <td>
              <code>{t.value === t.resolved ? t.value : `${t.value} = ${t.resolved}`}</code>
            </td>
            <td>
              <code>{t.selector}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** FocusRings draws the real ring (var(--focus-ring), var(--focus-ring-width)) on a light and on a dark surface. */
export function FocusRings() {
  const ring = { outline: 'var(--focus-ring-width) solid var(--focus-ring)', outlineOffset: 2, padding: '0.5rem 1rem' };
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
      <p style={{ padding: 16, background: 'var(--color-bg)', margin: 0 }}>
        <button type="button" style={ring}>
          On a light surface
        </button>
      </p>
      <p className="surface-dark" style={{ padding: 16, background: 'var(--color-brand-dark)', margin: 0 }}>
        <button type="button" style={ring}>
          On a dark surface (.surface-dark)
        </button>
      </p>
    </div>
  );
}

/** Fonts shows --font, the stylesheet's own value. */
export function Fonts({ css }: { css: string }) {
  const font = rootTokens(css).find((t) => t.name === '--font')?.resolved ?? 'sans-serif';
  return <Typeset fontFamily={font} fontSizes={['0.85rem', '1rem', '1.05rem', '1.25rem', '1.75rem']} sampleText="Stay connected in over 200 destinations" />;
}
