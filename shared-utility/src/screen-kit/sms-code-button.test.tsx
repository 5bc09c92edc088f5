import { describe, expect, it, vi } from 'vitest';
import { mobilePattern } from './form-rules';
import { SmsCodeButton } from './sms-code-button';
import { setUpScreenTestServer } from './screen-test-server';
import { render } from './test-render';

const { server, toasts } = setUpScreenTestServer();
const route = 'POST /apis/user/api/user/send/code';

describe('the mobile rule', () => {
  it.each(['13800000001', '19912345678'])('accepts %s', (mobile) => expect(mobilePattern.test(mobile)).toBe(true));
  it.each(['12800000001', '1380000000', '138000000012', '+8613800000001', ''])('refuses %j', (mobile) =>
    expect(mobilePattern.test(mobile)).toBe(false),
  );
});

describe('SmsCodeButton', () => {
  it('refuses a wrong mobile beside the field, without calling', () => {
    const onInvalidMobile = vi.fn();
    const host = render(<SmsCodeButton mobile="1380000" type="register" onInvalidMobile={onInvalidMobile} />);
    host.querySelector('button')!.click();
    expect(onInvalidMobile).toHaveBeenCalledWith('请输入11位中国大陆手机号');
    expect(server.seen).toEqual([]);
  });

  it('toasts a wrong mobile when the form shows no field error', () => {
    const host = render(<SmsCodeButton mobile="" type="bind" />);
    host.querySelector('button')!.click();
    expect(toasts).toEqual([{ type: 'warning', message: '请输入11位中国大陆手机号' }]);
  });

  it('sends the code, then counts down from 60 s with the send button disabled', async () => {
    server.on(route, { code: 200, msg: '' });
    const host = render(<SmsCodeButton mobile="13800000001" type="reset" />);
    const button = host.querySelector<HTMLButtonElement>('button.rc-send-code')!;
    expect(button.textContent).toBe('获取验证码');
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('60秒后重新获取'));
    expect(button.disabled).toBe(true);
    expect(server.seen.map((request) => request.body)).toEqual([{ mobile: '13800000001', type: 'reset' }]);
    expect(toasts).toEqual([{ type: 'success', message: '验证码已发送' }]);
  });

  it('stays ready to send again when the server refuses', async () => {
    server.on(route, { code: 429, msg: '发送太频繁' });
    const host = render(<SmsCodeButton mobile="13800000001" type="login" />);
    const button = host.querySelector<HTMLButtonElement>('button.rc-send-code')!;
    button.click();
    await vi.waitFor(() => expect(toasts).toEqual([{ type: 'error', message: '发送太频繁' }]));
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    expect(button.textContent).toBe('获取验证码');
  });

  it('sends a payee or withdraw code to the signed-in account’s own mobile, which the screen never names', async () => {
    server.on('POST /apis/user/auth/user/send/code', { code: 200, msg: '' });
    const host = render(<SmsCodeButton type="withdraw" />);
    const button = host.querySelector<HTMLButtonElement>('button.rc-send-code')!;
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('60秒后重新获取'));
    expect(server.seen.map((request) => [request.url, request.body])).toEqual([['/apis/user/auth/user/send/code', { type: 'withdraw' }]]);
  });
});
