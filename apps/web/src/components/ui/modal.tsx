// A modal dialog: portal over a dimmed page, labelled by its title, Escape and
// the backdrop close it (unless `dismissible` is false, e.g. while submitting),
// focus moves inside on open, Tab stays inside, and focus returns on close.
import {
  useId,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/icons/icons';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  description?: ReactNode;
  dismissible?: boolean;
  /** role="alertdialog" for a decision the user must make (consent). */
  role?: 'dialog' | 'alertdialog';
  /** sm / md: centred dialog; panel: full-height sheet on the right (a side panel). */
  size?: 'sm' | 'md' | 'lg' | 'panel';
  /**
   * The dialog's actions, in a bar under the scrolling body: always in view,
   * however long the body (a badge's details at 1366 x 768).
   */
  footer?: ReactNode;
}

const PANEL_SIZES = {
  sm: 'max-h-[92vh] rounded-t-2xl sm:max-w-md sm:rounded-2xl',
  md: 'max-h-[92vh] rounded-t-2xl sm:max-w-lg sm:rounded-2xl',
  lg: 'max-h-[92vh] rounded-t-2xl sm:max-w-3xl sm:rounded-2xl',
  panel: 'h-full max-w-md',
} as const;

/** Open dialogs, innermost last: only the top one answers Escape and keeps Tab inside. */
const openStack: object[] = [];
const isTop = (key: object) => openStack[openStack.length - 1] === key;
const stackListeners = new Set<() => void>();
const stackChanged = () => stackListeners.forEach((listener) => listener());
const subscribeToStack = (listener: () => void) => {
  stackListeners.add(listener);
  return () => {
    stackListeners.delete(listener);
  };
};

/** Whether any dialog (or the side menu) is open: the toasts move clear of its buttons. */
export function useAnyModalOpen(): boolean {
  return useSyncExternalStore(
    subscribeToStack,
    () => openStack.length > 0,
    () => false,
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What makes a panel modal, for every dialog and the side menu alike: on open
 * the focus moves inside (to its [data-autofocus] element, or the panel), Tab
 * stays inside, Escape closes it (when dismissible), the page behind does not
 * scroll, and on close the focus goes back where it was. Of several open, only
 * the innermost answers Escape and Tab.
 */
export function useModalFocus(
  open: boolean,
  panelRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  dismissible = true,
) {
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  // Synced in a layout effect, before the one below, so that a key pressed the
  // moment the dialog shows already reaches this render's onClose, not a stale one.
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  // A layout effect: Escape and the focus trap work from the moment the dialog shows.
  useLayoutEffect(() => {
    if (!open) return;
    const key = {};
    openStack.push(key);
    stackChanged();
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel;
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop(key)) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (dismissibleRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const head = items[0]!;
      const tail = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      openStack.splice(openStack.indexOf(key), 1);
      stackChanged();
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open, panelRef]);
}

export function Modal({
  open,
  title,
  onClose,
  children,
  description,
  dismissible = true,
  role = 'dialog',
  size = 'md',
  footer,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(open, panelRef, onClose, dismissible);

  const body = (
    <>
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {dismissible && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-m-1 rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <CloseIcon className="size-5" />
          </button>
        )}
      </div>
      {description && (
        <div id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </div>
      )}
      <div className="mt-5">{children}</div>
    </>
  );
  if (!open) return null;
  return createPortal(
    <div
      className={`fixed inset-0 z-50 flex ${size === 'panel' ? 'justify-end' : 'items-end justify-center p-0 sm:items-center sm:p-4'}`}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 animate-fade-in bg-slate-950/60 backdrop-blur-[2px]"
        onClick={() => {
          if (dismissible) onClose();
        }}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative w-full animate-fade-in bg-white shadow-2xl outline-none ${
          footer ? 'flex flex-col' : 'overflow-y-auto p-6'
        } ${PANEL_SIZES[size]}`}
      >
        {footer ? (
          <>
            <div data-testid="modal-body" className="min-h-0 flex-1 overflow-y-auto p-6">
              {body}
            </div>
            <div
              data-testid="modal-footer"
              className="shrink-0 border-t border-slate-200 bg-white px-6 py-4 [&:not(:has(a,button,[role=status]))]:hidden"
            >
              {footer}
            </div>
          </>
        ) : (
          body
        )}
      </div>
    </div>,
    document.body,
  );
}
