import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../Button/Button.tsx';
import { Modal } from '../Modal/Modal.tsx';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A question naming the action: "Credit 13,333 BRND to anna@example.com?" */
  title: string;
  /** What exactly will happen, in a sentence or a few lines. */
  children: ReactNode;
  /** The confirming button names the action again ("Credit 13,333 BRND"), never just "OK". */
  confirmLabel: string;
  onConfirm(): void;
  /** The action is running: the confirm button shows it and cannot be pressed twice. */
  busy?: boolean;
  /** Money, tokens and burns cannot be taken back: say so (default). */
  irreversible?: boolean;
}

/**
 * The one confirmation step for irreversible actions (docs/decisions/039): a Radix dialog (focus
 * kept inside, Escape and Cancel close it, title and text announced), naming what will happen and
 * that it cannot be undone. The dialog opens with the focus on its close button and Cancel comes
 * before the action, so a stray Enter never confirms.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy = false,
  irreversible = true,
}: ConfirmDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {intl.formatMessage({ id: 'common.confirm.cancel' })}
          </Button>
          <Button type="button" busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <div className={styles.what}>{children}</div>
      {irreversible && (
        <p className={styles.warning}>
          <strong>{intl.formatMessage({ id: 'common.confirm.cannotUndo' })}</strong>
        </p>
      )}
    </Modal>
  );
}
