import type { ReactNode } from 'react';
import { Button, Modal, type ModalProps } from 'semantic-ui-react';

/**
 * A screen's own modal: its title, its content, and a foot of buttons. Without `actions` the foot is one
 * 关闭; a form's foot is `<DialogFormActions … />`.
 */
export function ModalDialog({
  title,
  close,
  className,
  size,
  scrolling = false,
  actions,
  children,
}: {
  title: ReactNode;
  close: () => void;
  className?: string;
  size?: ModalProps['size'];
  /** The content scrolls inside the modal (long lists, papers). */
  scrolling?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal open size={size} onClose={close} className={className}>
      <Modal.Header>{title}</Modal.Header>
      <Modal.Content scrolling={scrolling}>{children}</Modal.Content>
      <Modal.Actions>{actions ?? <Button content="关闭" onClick={close} />}</Modal.Actions>
    </Modal>
  );
}
