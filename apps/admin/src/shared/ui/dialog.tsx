import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's heading (its accessible name). */
  title: string;
  /** A line under the heading (its accessible description). */
  description?: string;
  children: ReactNode;
  /** Wider for side-by-side content. */
  size?: 'normal' | 'wide';
}

/** An accessible dialog (focus trap, Escape, labelled): Radix's primitive, the back office's look. */
export function Dialog({ open, onOpenChange, title, description, children, size = 'normal' }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={`dialog${size === 'wide' ? ' dialog--wide' : ''}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog__head">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="dialog__close" aria-label={t('shell_close')}>
              ×
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          ) : null}
          <div className="dialog__body">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
