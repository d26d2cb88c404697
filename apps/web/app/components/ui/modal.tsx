import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

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
 * A modal reached by a link (it works without JavaScript): the dimmed page behind, the panel with the
 * keyboard kept inside (`useModalFocus`), and Escape going to `closeHref`, where Cancel leads too.
 */
export function LinkedModal({
  closeHref,
  role = 'dialog',
  labelledBy,
  describedBy,
  testId,
  className,
  children,
}: {
  closeHref: string;
  /** `alertdialog` for a confirmation of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  testId: string;
  /** The panel's width, padding and surface. */
  className: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(panelRef, true, () => navigate(closeHref, { replace: true, preventScrollReset: true }));
  return (
    <div className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-ink/60 p-4 backdrop-blur-sm">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
        className={className}
      >
        {children}
      </div>
    </div>
  );
}
