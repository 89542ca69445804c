import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Modal } from '../../../shared/ui/modal.tsx';
import '../security/password-forms.css';

/**
 * A step that finished and has one way on: an alert dialog with an icon, one sentence and one
 * button, without a close cross (the button is the way on; Escape still closes).
 */
export function DoneDialog({
  title,
  icon,
  text,
  actionLabel,
  onAction,
  onClose,
}: {
  title: string;
  icon: ReactNode;
  text: string;
  actionLabel: string;
  onAction: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={onClose}
      variant="dialog"
      role="alertdialog"
      title={title}
      closeLabel={t('action_close')}
      showClose={false}
    >
      <div className="password-done">
        {icon}
        <p>{text}</p>
        <button type="button" className="button button--primary" autoFocus onClick={onAction}>
          {actionLabel}
        </button>
      </div>
    </Modal>
  );
}
