import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Dialog.module.css';

type DialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Element id, e.g. the popup1<bundleId> anchor of the compatibility popup. */
  id?: string;
  /** Buttons under the content; a Close button is always added. */
  actions?: ReactNode;
};

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> element: showModal makes the page behind it inert,
 * Escape closes it (the cancel event), Tab wraps inside it, it is labelled by its title,
 * which takes the focus on opening, and focus returns to the element that opened it. Mount it to open, unmount to close.
 */
export function Dialog({ title, onClose, children, id, actions }: DialogProps) {
  const { t } = useTranslation('shared');
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; the open attribute gives the same accessible tree there.
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
    // The title takes the focus (APG: a static element at the top), so a long popup (the
    // coverage list on a phone) opens at its top, not scrolled down to its Close button.
    (el.querySelector<HTMLElement>('[data-autofocus]') ?? heading.current)?.focus();
    el.scrollTop = 0;
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    el.addEventListener('cancel', onCancel);
    return () => {
      el.removeEventListener('cancel', onCancel);
      if (typeof el.close === 'function' && el.open) el.close();
      opener?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    // The native dialog handles Escape itself; onKeyDown only wraps Tab and backs up Escape.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog ref={ref} id={id} className={styles.dialog} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <h2 ref={heading} id={titleId} className={styles.title} tabIndex={-1}>
        {title}
      </h2>
      <div className={styles.body}>{children}</div>
      <div className={styles.actions}>
        {actions}
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </dialog>
  );
}
