import { Form } from 'semantic-ui-react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../api-client';
import { FieldError } from './field-error';
import { mobileError, passwordError } from './form-rules';
import { runAction, useSubmit } from './run-action';
import { setUpScreenTestServer } from './screen-test-server';
import { render, typeInto } from './test-render';

const { server, toasts } = setUpScreenTestServer();

describe('runAction', () => {
  it('on success toasts the server message and runs `then` with the data', async () => {
    server.on('POST /apis/user/auth/thing/save', { code: 200, data: { id: 7 }, msg: '保存成功' });
    const then = vi.fn();
    const result = await runAction(() => api.post<{ id: number }>('/user/auth/thing/save', {}), { then });
    expect(result.code).toBe(200);
    expect(then).toHaveBeenCalledWith({ id: 7 });
    expect(toasts).toEqual([{ type: 'success', message: '保存成功' }]);
  });

  it('toasts a given text instead, or nothing with success: false', async () => {
    server.on('POST /apis/user/auth/thing/save', { code: 200, data: null, msg: 'ok' });
    await runAction(() => api.post('/user/auth/thing/save', {}), { success: '已保存' });
    await runAction(() => api.post('/user/auth/thing/save', {}), { success: false });
    await runAction(() => api.post<null>('/user/auth/thing/save', {}), { success: (_, msg) => `${msg}：甲` });
    expect(toasts).toEqual([
      { type: 'success', message: '已保存' },
      { type: 'success', message: 'ok：甲' },
    ]);
  });

  it('on failure runs nothing more: only the API client’s error toast', async () => {
    server.on('POST /apis/user/auth/thing/save', { code: 500, msg: '名称已存在' });
    const then = vi.fn();
    expect((await runAction(() => api.post('/user/auth/thing/save', {}), { then })).code).toBe(500);
    expect(then).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ type: 'error', message: '名称已存在' }]);
  });
});

function SignUpForm({ onDone }: { onDone: () => void }) {
  const { busy, errors, submit } = useSubmit<'mobile' | 'password'>();
  return (
    <Form
      onSubmit={() =>
        void submit({
          check: () => ({ mobile: mobileError(mobileInput().value), password: passwordError(passwordInput().value) }),
          call: () => api.post('/user/api/thing/register', { mobile: mobileInput().value }),
          then: onDone,
        })
      }
    >
      <Form.Field error={Boolean(errors.mobile)}>
        <input name="mobile" />
        <FieldError message={errors.mobile} />
      </Form.Field>
      <Form.Input name="password" error={errors.password} />
      <button type="submit" disabled={busy}>
        注册
      </button>
    </Form>
  );
}

const mobileInput = () => document.querySelector<HTMLInputElement>('input[name="mobile"]')!;
const passwordInput = () => document.querySelector<HTMLInputElement>('input[name="password"]')!;

describe('useSubmit', () => {
  it('shows field errors in one look and does not call while any is found', async () => {
    server.on('POST /apis/user/api/thing/register', { code: 200, msg: '注册成功' });
    const onDone = vi.fn();
    const host = render(<SignUpForm onDone={onDone} />);
    typeInto(mobileInput(), '12345');
    typeInto(passwordInput(), 'short');
    host.querySelector('button')!.click();
    await vi.waitFor(() => expect(host.querySelectorAll('.ui.prompt.label')).toHaveLength(2));
    const labels = Array.from(host.querySelectorAll('.ui.prompt.label'));
    expect(labels.map((label) => label.textContent)).toEqual(['请输入11位中国大陆手机号', '密码需为8-20位，且同时包含字母和数字']);
    expect(labels.map((label) => label.className)).toEqual([labels[1]!.className, labels[1]!.className]);
    expect(server.count('POST /apis/user/api/thing/register')).toBe(0);

    typeInto(mobileInput(), '13800000001');
    typeInto(passwordInput(), 'Demo@2026');
    host.querySelector('button')!.click();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(host.querySelectorAll('.ui.prompt.label')).toHaveLength(0);
    expect(server.seen.map((request) => request.body)).toEqual([{ mobile: '13800000001' }]);
    expect(toasts).toEqual([{ type: 'success', message: '注册成功' }]);
  });
});
