import { Type, type Static } from 'typebox';

export const SpeedTestResult = Type.Object({ bytes: Type.Integer({ description: '收到的字节数' }) });
export type SpeedTestResult = Static<typeof SpeedTestResult>;
