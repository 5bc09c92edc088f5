export const isMobile = (value: string) => /^1\d{10}$/.test(value);

export const mobileError = (value: string) => (isMobile(value) ? undefined : '请输入正确的手机号');

export const requiredError = (value: string, message: string) => (value.trim() ? undefined : message);

export function passwordError(value: string): string | undefined {
  if (!value) return '请输入密码';
  return value.length >= 6 && value.length <= 32 ? undefined : '密码长度为 6 到 32 位';
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const hasErrors = (errors: FieldErrors<string>) => Object.values(errors).some(Boolean);
