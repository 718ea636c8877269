/**
 * The frame every shell modal shares: a labelled dialog that traps focus, closes on Escape and the
 * backdrop unless it is non-closable, makes the page behind it inert, and gives focus back to what
 * opened it. Banners (cookie consent) use the same frame without blocking the page.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './modals.module.css';
import type { ModalDefinition } from './registry.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Everything behind a blocking modal: the shell's regions and the other overlay layers. */
const BACKGROUND = '#parlay-header, #parlay-page, #parlay-footer, [data-shell-layer]';

function focusablesIn(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetParent !== null);
}

/** Makes the page behind a blocking modal inert; returns the undo. */
function inertBackground(): () => void {
  const nodes = [...document.querySelectorAll<HTMLElement>(BACKGROUND)].filter((node) => !node.inert);
  for (const node of nodes) node.inert = true;
  const root = document.documentElement;
  const overflow = root.style.overflow;
  root.style.overflow = 'hidden';
  return () => {
    for (const node of nodes) node.inert = false;
    root.style.overflow = overflow;
  };
}

export interface ModalFrameProps {
  definition: ModalDefinition;
  title: string;
  closeLabel: string;
  /** false for a banner that opened by itself: it must not take the focus from the page. */
  takeFocus?: boolean;
  /** Overrides the registry (cookie consent is closable once a choice exists). */
  closable?: boolean;
  onClose(): void;
  children: ReactNode;
}

export function ModalFrame({
  definition,
  title,
  closeLabel,
  takeFocus = true,
  closable = definition.closable,
  onClose,
  children,
}: ModalFrameProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const blocking = definition.presentation !== 'banner';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restoreBackground = blocking ? inertBackground() : () => {};
    if (takeFocus) (focusablesIn(dialog)[0] ?? dialog).focus();
    return () => {
      restoreBackground();
      if (takeFocus && opener?.isConnected) opener.focus();
    };
  }, [blocking, takeFocus]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      if (closable) {
        event.stopPropagation();
        onClose();
      }
      return;
    }
    if (event.key !== 'Tab' || !blocking || !ref.current) return;
    const items = focusablesIn(ref.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items.at(-1)!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const dialog = (
    <div
      ref={ref}
      role="dialog"
      aria-modal={blocking ? 'true' : 'false'}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={[styles.frame, styles[definition.presentation]].join(' ')}
      data-modal={definition.id}
      onKeyDown={onKeyDown}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {closable ? (
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
      <div className={styles.body}>{children}</div>
    </div>
  );
  if (!blocking) return dialog;
  return (
    <div className={styles.backdrop} data-modal-backdrop="">
      {/* The backdrop is a mouse convenience; keyboard users close with Escape or the close button. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
      <div className={styles.scrim} onClick={closable ? onClose : undefined} />
      {dialog}
    </div>
  );
}
