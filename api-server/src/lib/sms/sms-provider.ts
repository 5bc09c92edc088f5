export type SmsPurpose = 'register' | 'login' | 'reset' | 'bind';

export interface SmsMessage {
  mobile: string;
  code: string;
  type: SmsPurpose;
  text: string;
  sentAt: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}
