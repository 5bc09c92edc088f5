import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogFormActions } from './dialog-form-actions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => document.body.replaceChildren());

function renderForm(props: { onSubmit?: () => void; onFormSubmit: () => void; close: () => void }) {
  const host = document.createElement('div');
  document.body.append(host);
  act(() =>
    createRoot(host).render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onFormSubmit();
        }}
      >
        <input name="name" />
        <DialogFormActions close={props.close} submitText="保存" onSubmit={props.onSubmit} />
      </form>,
    ),
  );
  const [cancel, submit] = host.querySelectorAll('button');
  return { form: host.querySelector('form')!, cancel: cancel!, submit: submit! };
}

describe('DialogFormActions', () => {
  it('makes the submit button the form default, so Enter submits; 取消 only closes', () => {
    const close = vi.fn();
    const onFormSubmit = vi.fn();
    const { form, cancel, submit } = renderForm({ close, onFormSubmit });
    expect([cancel.textContent, submit.textContent]).toEqual(['取消', '保存']);
    // Implicit submission (Enter in a field) uses the form's first submit button.
    expect(form.querySelector('button[type="submit"]')).toBe(submit);
    act(() => cancel.click());
    expect(close).toHaveBeenCalledTimes(1);
    expect(onFormSubmit).not.toHaveBeenCalled();
    act(() => submit.click());
    expect(onFormSubmit).toHaveBeenCalledTimes(1);
  });

  it('runs onSubmit when given', () => {
    const onSubmit = vi.fn();
    const { submit } = renderForm({ close: vi.fn(), onFormSubmit: vi.fn(), onSubmit });
    act(() => submit.click());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
