import { responseCodeMessageKey } from '@manga/contracts';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/**
 * A modal's keyboard behaviour: focus moves in when it opens (to `initialFocus`, else the field
 * marked `data-autofocus`, else the first control), Tab and Shift+Tab stay inside, Escape calls `onEscape`, and focus returns to where it
 * was when it closes. Keys it handles do not reach modals underneath.
 */
export function useModalFocus(
  containerRef: RefObject<HTMLElement | null>,
  open: boolean,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
): void {
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useEffect(() => {
    const container = containerRef.current;
    if (!open || !container) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const marked = container.querySelector<HTMLElement>('[data-autofocus]');
    (initialFocus?.current ?? marked ?? focusablesIn(container)[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        event.preventDefault();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      event.stopPropagation();
      const items = focusablesIn(container);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        container.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !container.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, [open, containerRef, initialFocus]);
}

/**
 * The error modal (SPEC §2, §8): the message of an API response code, from the
 * `response_code_message.*` keys, in an accessible alert dialog. `closeHref` closes it without
 * JavaScript (the page again, without the failed submission).
 */
export function ErrorModal({
  code,
  retryAfterSeconds,
  onClose,
  closeHref,
}: {
  code: number | undefined;
  /** A throttled call (HTTP 429): when it may be tried again. */
  retryAfterSeconds?: number | undefined;
  onClose: () => void;
  closeHref: string;
}) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const titleId = useId();
  const messageId = useId();
  const open = code !== undefined;
  useModalFocus(panelRef, open, onClose, closeRef);
  if (!open) return null;
  const close = (event: { preventDefault(): void }) => {
    event.preventDefault();
    onClose();
  };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4 sm:p-6">
      <Link
        to={closeHref}
        replace
        preventScrollReset
        onClick={close}
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 bg-ink/55 backdrop-blur-[1px]"
      />
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        tabIndex={-1}
        data-testid="error-modal"
        className="relative w-full max-w-sm rounded-3xl bg-white px-6 pt-7 pb-6 text-center shadow-2xl outline-none"
      >
        <span
          className="mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-600"
          aria-hidden="true"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
          </svg>
        </span>
        <h2 id={titleId} className="mt-4 text-lg font-black tracking-tight text-ink">
          {t('account.error_modal.title')}
        </h2>
        <p id={messageId} className="mt-2 text-sm leading-relaxed text-zinc-700" data-testid="error-modal-message">
          {t(responseCodeMessageKey(code))}
          {retryAfterSeconds !== undefined && (
            <span className="mt-1 block font-semibold text-ink">
              {retryAfterSeconds < 120
                ? t('account.error_modal.retry_after_seconds', { count: retryAfterSeconds })
                : t('account.error_modal.retry_after_minutes', { count: Math.ceil(retryAfterSeconds / 60) })}
            </span>
          )}
        </p>
        <p className="mt-2 font-mono text-[11px] text-zinc-400">{t('common.error_code', { code })}</p>
        <Link
          ref={closeRef}
          to={closeHref}
          replace
          preventScrollReset
          onClick={close}
          className="mt-6 inline-flex h-11 w-full items-center justify-center rounded-full bg-ink text-sm font-bold text-white transition hover:bg-zinc-800"
        >
          {t('account.error_modal.ok')}
        </Link>
      </div>
    </div>
  );
}
