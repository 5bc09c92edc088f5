/** Codes for a number's owner: sign up, sign in, reset, bind a number; add or change a payee account, withdraw. */
export type SmsPurpose = 'register' | 'login' | 'reset' | 'bind' | 'payee' | 'withdraw';

export interface SmsMessage {
  mobile: string;
  /** The verification code; empty in a notice (余额预警…). */
  code: string;
  type: SmsPurpose | 'notice';
  text: string;
  sentAt: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}
