import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '@/shared/api/ApiContext';
import type { LogLine } from '@/shared/api/types';
import { useConfig } from '@/shared/config/ConfigContext';
import { PageTitle } from '@/shared/page/PageTitle';

type Status = { kind: 'disabled' } | { kind: 'sending' } | { kind: 'done'; ok: boolean };

/** The labels of the test line: what a log query for the web shop filters on. */
export const LOKI_LABELS = { container: 'esim-webapp', job: 'webshop', level: 'info' } as const;

export type LokiPageProps = {
  /** The time stamped on the line; now by default. */
  now?: () => Date;
};

/**
 * /loki sends one test log line to the configured log push endpoint (spec section 7),
 * only when the runtime configuration enables it, and says what it did. A failure is only
 * logged to the console, as the spec says.
 */
export function LokiPage({ now = () => new Date() }: LokiPageProps) {
  const { t } = useTranslation('loki');
  const api = useApi();
  const { logPushEnabled, logPushUrl, brand } = useConfig();
  const enabled = logPushEnabled && logPushUrl !== '';
  const [status, setStatus] = useState<Status>(enabled ? { kind: 'sending' } : { kind: 'disabled' });
  const [line] = useState<LogLine>(() => {
    const time = now();
    return { ...LOKI_LABELS, time, message: `${brand} web shop test log line from /loki at ${time.toISOString()}` };
  });
  // One line per visit: strict mode runs effects twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!enabled || sent.current) return;
    sent.current = true;
    api.logs
      .push(line)
      .then(() => setStatus({ kind: 'done', ok: true }))
      .catch((err: unknown) => {
        console.error('loki: test log line not sent', err instanceof Error ? err.message : err);
        setStatus({ kind: 'done', ok: false });
      });
  }, [api, enabled, line]);

  return (
    <div className="page">
      <PageTitle name={t('pageName')} />
      <h1>{t('heading')}</h1>
      <p role="status">
        {status.kind === 'disabled' && t('disabled')}
        {status.kind === 'sending' && t('sending')}
        {status.kind === 'done' && status.ok && t('sent')}
        {status.kind === 'done' && !status.ok && t('failed')}
      </p>
      {enabled && (
        <dl>
          <dt>{t('endpoint')}</dt>
          <dd>{logPushUrl}</dd>
          <dt>{t('labels')}</dt>
          <dd>
            container={line.container}, job={line.job}, level={line.level}
          </dd>
          <dt>{t('message')}</dt>
          <dd>{line.message}</dd>
        </dl>
      )}
    </div>
  );
}
