import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/test/fixtureConfig';
import { PageTitle, pageTitle } from './PageTitle';

describe('pageTitle', () => {
  it.each([
    { name: 'Plans', want: 'Plans - CedarSIM' },
    { name: "Let's Talk", want: "Let's Talk - CedarSIM" },
    { name: '', want: 'CedarSIM' },
  ])('"$name" -> "$want"', ({ name, want }) => {
    expect(pageTitle(name, 'CedarSIM')).toBe(want);
  });
});

describe('PageTitle', () => {
  it('sets the document title to the page name and the brand', async () => {
    const config = fixtureConfig();
    render(
      <ConfigProvider config={config}>
        <PageTitle name="My eSIMs" />
      </ConfigProvider>,
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toBe(`My eSIMs - ${config.brand}`);
  });
});
