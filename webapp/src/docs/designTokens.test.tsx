import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseTokenRules, rootTokens } from './designTokens';
import { OtherTokens } from './DesignTokens';

// The stylesheet as the page reads it (the page imports it ?raw; vitest's jsdom runs empty CSS).
const globalCss = readFileSync(path.resolve(__dirname, '../app/global.css'), 'utf8');

describe('design tokens page', () => {
  it('lists the tokens of the global stylesheet, --focus-ring resolved', () => {
    const tokens = new Map(rootTokens(globalCss).map((t) => [t.name, t]));
    expect(tokens.get('--color-brand')?.value).toMatch(/^#[0-9a-f]{6}$/i);
    // --focus-ring is a reference to the light ring; the page shows both.
    expect(tokens.get('--focus-ring')).toEqual({ name: '--focus-ring', value: 'var(--focus-ring-on-light)', resolved: tokens.get('--focus-ring-on-light')?.value });
    expect(parseTokenRules(globalCss).find((r) => r.selector === '.surface-dark')?.tokens.map((t) => t.name)).toEqual(['--focus-ring']);
  });

  it('shows a token changed in the CSS', () => {
    const changed = globalCss.replace(/--focus-ring-width:\s*[^;]+;/, '--focus-ring-width: 5px;').replace(/--color-brand:\s*[^;]+;/, '--color-brand: #123456;');
    expect(rootTokens(changed).find((t) => t.name === '--color-brand')?.resolved).toBe('#123456');
    render(<OtherTokens css={changed} />);
    const row = screen.getByText('--focus-ring-width').closest('tr');
    expect(within(row as HTMLElement).getByText('5px')).toBeInTheDocument();
  });
});
