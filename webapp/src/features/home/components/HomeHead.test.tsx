import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HomeHead } from './HomeHead';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/test/fixtureConfig';
// The project root's index.html (Vite resolves a leading / from the root).
import indexHtml from '/index.html?raw';
import { metaContent, setMeta } from '@/shared/page/head';
import { PageTitle } from '@/shared/page/PageTitle';

/** The served head: webapp/index.html's, as `esim serve` sends it. */
const servedHead = () => new DOMParser().parseFromString(indexHtml, 'text/html').head.innerHTML;

const counts = () => ({
  titles: document.querySelectorAll('title').length,
  descriptions: document.querySelectorAll('meta[name="description"]').length,
  keywords: document.querySelectorAll('meta[name="keywords"]').length,
  ogTitles: document.querySelectorAll('meta[property="og:title"]').length,
});

describe('the document head', () => {
  beforeEach(() => {
    document.head.innerHTML = servedHead();
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('has one title and one description on /, after another page, and back on /', async () => {
    const config = fixtureConfig();
    const page = (el: React.ReactNode) => <ConfigProvider config={config}>{el}</ConfigProvider>;
    const { rerender } = render(page(<HomeHead />));
    await new Promise((r) => setTimeout(r, 0));
    expect(counts()).toEqual({ titles: 1, descriptions: 1, keywords: 1, ogTitles: 1 });
    expect(document.title).toBe('CedarSIM - The number one eSIM service in Lebanon');

    rerender(page(<PageTitle name="Plans" />));
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toBe('Plans - CedarSIM');
    expect(counts()).toEqual({ titles: 1, descriptions: 1, keywords: 1, ogTitles: 1 });

    rerender(page(<HomeHead />));
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toBe('CedarSIM - The number one eSIM service in Lebanon');
    expect(counts()).toEqual({ titles: 1, descriptions: 1, keywords: 1, ogTitles: 1 });
  });

  it('takes the home title from the served og:title (esim serve may have replaced it)', async () => {
    setMeta('og:title', 'Zed eSIM');
    render(
      <ConfigProvider config={fixtureConfig()}>
        <HomeHead />
      </ConfigProvider>,
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toBe('Zed eSIM');
    expect(counts().titles).toBe(1);
  });

  it('setMeta updates the tag in place, adds it only when missing, and drops copies', () => {
    setMeta('description', 'one');
    expect(metaContent('description')).toBe('one');
    expect(counts().descriptions).toBe(1);
    document.head.append(Object.assign(document.createElement('meta'), { name: 'description', content: 'copy' }));
    setMeta('description', 'two');
    expect(counts().descriptions).toBe(1);
    expect(metaContent('description')).toBe('two');
    document.head.innerHTML = '';
    setMeta('og:title', 'x');
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('x');
  });

  it('serves the Open Graph and Twitter tags previewers read, in the static HTML', () => {
    for (const key of ['description', 'keywords', 'og:title', 'og:description', 'og:type', 'og:url', 'og:image', 'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
      expect(metaContent(key), key).not.toBe('');
    }
    expect(indexHtml).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
