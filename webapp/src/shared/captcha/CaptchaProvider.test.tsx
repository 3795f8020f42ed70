import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureConfig } from '@/test/fixtureConfig';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/shared/query/queryClient';
import { CaptchaProvider, DEV_CAPTCHA_TOKEN, loadRecaptcha, useCaptcha } from './CaptchaProvider';

function Probe() {
  const c = useCaptcha();
  // The token lands on the body, where the test reads it.
  const setToken = (t: string) => {
    document.body.dataset.token = t;
  };
  return (
    <div>
      <p>
        {c?.kind} {c?.ready ? 'ready' : 'waiting'}
      </p>
      <button type="button" onClick={() => void c?.execute('verify_otp').then(setToken, (e: Error) => setToken(`error: ${e.message}`))}>
        token
      </button>
    </div>
  );
}

const renderWith = (siteKey: string, load?: (k: string) => Promise<void>) =>
  render(
    <ConfigProvider config={fixtureConfig({ captchaSiteKey: siteKey })}>
      <QueryClientProvider client={createQueryClient()}>
        <CaptchaProvider load={load}>
          <Probe />
        </CaptchaProvider>
      </QueryClientProvider>
    </ConfigProvider>,
  );

afterEach(() => {
  delete window.grecaptcha;
  delete document.body.dataset.token;
  document.querySelectorAll('script[data-captcha]').forEach((s) => s.remove());
});

describe('CaptchaProvider', () => {
  it('without a site key is the development provider, ready at once, and loads no script', async () => {
    const load = vi.fn(() => Promise.resolve());
    renderWith('', load);
    expect(screen.getByText('dev ready')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'token' }));
    await vi.waitFor(() => expect(document.body.dataset.token).toBe(DEV_CAPTCHA_TOKEN));
    expect(load).not.toHaveBeenCalled();
  });

  it('with a site key loads reCAPTCHA v3 and is ready only once grecaptcha is', async () => {
    let ready: () => void = () => undefined;
    const execute = vi.fn(() => Promise.resolve('recaptcha-token'));
    const load = vi.fn(async () => {
      window.grecaptcha = { ready: (cb) => (ready = cb), execute };
    });
    renderWith('site-key', load);
    expect(await screen.findByText('recaptcha waiting')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'token' }));
    await vi.waitFor(() => expect(document.body.dataset.token).toBe('error: captcha: not ready'));
    expect(load).toHaveBeenCalledWith('site-key');
    await act(async () => ready());
    expect(await screen.findByText('recaptcha ready')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'token' }));
    await vi.waitFor(() => expect(document.body.dataset.token).toBe('recaptcha-token'));
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'verify_otp' });
  });

  it('stays not ready and warns when the script fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWith('site-key', () => Promise.reject(new Error('blocked')));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('captcha: not available', 'blocked'));
    expect(screen.getByText('recaptcha waiting')).toBeInTheDocument();
  });

  it('adds the script only after the page has loaded (nothing but the first screen before)', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    renderWith('site-key');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(document.querySelector('script[data-captcha="recaptcha"]')).toBeNull();
    readyState.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    await vi.waitFor(() => expect(document.querySelector('script[data-captcha="recaptcha"]')).not.toBeNull());
    document.querySelector('script[data-captcha="recaptcha"]')?.remove();
  });

  it('loadRecaptcha adds the render script once', () => {
    void loadRecaptcha('a b');
    void loadRecaptcha('a b');
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-captcha="recaptcha"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=a%20b');
  });
});
