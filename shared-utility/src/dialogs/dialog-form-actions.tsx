import { Button } from 'semantic-ui-react';

/**
 * The 取消 / submit row at the foot of a form inside a dialog. The submit button is the form's
 * default, so Enter in a field submits (it runs `onSubmit` when given, else the form's own submit);
 * 取消 only closes.
 */
export function DialogFormActions({
  close,
  submitText,
  busy = false,
  onSubmit,
  submitClassName,
}: {
  close: () => void;
  submitText: string;
  busy?: boolean;
  onSubmit?: () => void;
  /** Names this dialog's submit button besides `rc-dialog-submit`. */
  submitClassName?: string;
}) {
  return (
    <div className="rc-dialog-form-actions">
      <Button type="button" onClick={close}>
        取消
      </Button>
      <Button
        primary
        type="submit"
        loading={busy}
        disabled={busy}
        onClick={onSubmit}
        className={submitClassName ? `rc-dialog-submit ${submitClassName}` : 'rc-dialog-submit'}
      >
        {submitText}
      </Button>
    </div>
  );
}
