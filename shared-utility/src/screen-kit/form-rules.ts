/** A mainland China mobile number, as the server's `Mobile` schema states it. */
export const mobilePattern = /^1[3-9]\d{9}$/;

export const mobileError = (value: string) => (mobilePattern.test(value) ? undefined : '请输入11位中国大陆手机号');

export const requiredError = (value: string, message: string) => (value.trim() ? undefined : message);

/** The server's rule for a new password: 8–20 printable characters with letters and digits. */
export function passwordError(value: string): string | undefined {
  if (!value) return '请输入密码';
  return /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/.test(value) ? undefined : '密码需为8-20位，且同时包含字母和数字';
}

export const confirmError = (confirm: string, password: string) => (confirm === password ? undefined : '两次输入的密码不一致');

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const hasErrors = (errors: FieldErrors<string>) => Object.values(errors).some(Boolean);
