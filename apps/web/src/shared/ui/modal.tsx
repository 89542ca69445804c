import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import X from 'lucide-react/icons/x';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Visually hidden title (still announced), for panels that show their own heading. */
  hideTitle?: boolean;
  description?: string;
  /** Spec 4: Escape (and a press outside) closes only when click-to-close is on. */
  closeOnEscape?: boolean;
  /** `modal` 600 px, `dialog` 400 px (spec 9), `panel` a full-height side sheet, `drawer` the side menu. */
  variant?: 'modal' | 'dialog' | 'panel' | 'drawer';
  role?: 'dialog' | 'alertdialog';
  closeLabel: string;
  showClose?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Every overlay is a Radix dialog: focus trap, Escape, labelling, and the page behind it locked from
 * scrolling while it is open (spec 4: body scroll locked while a scrollable modal is open).
 */
export function Modal({
  open,
  onClose,
  title,
  hideTitle = false,
  description,
  closeOnEscape = true,
  variant = 'modal',
  role = 'dialog',
  closeLabel,
  showClose = true,
  className,
  children,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={`modal-overlay modal-overlay--${variant}`} />
        <Dialog.Content
          role={role}
          className={`modal modal--${variant}${className ? ` ${className}` : ''}`}
          onEscapeKeyDown={(event) => {
            if (!closeOnEscape) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!closeOnEscape) event.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={hideTitle ? 'visually-hidden' : 'modal__header'}>
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
          </div>
          {description ? (
            <Dialog.Description className="modal__description">{description}</Dialog.Description>
          ) : null}
          {showClose ? (
            <Dialog.Close className="modal__close icon-button" aria-label={closeLabel}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          ) : null}
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
