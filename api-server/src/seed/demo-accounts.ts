import { demoOperatorMobile } from './operator.js';

/** The demo accounts' mobile numbers and their one password (spec: 演示账号). */
export const demoPassword = 'Demo@2026';
export const demoAccounts = {
  user: '13800000001',
  teacher: '13800000002',
  organization: '13800000003',
  operator: demoOperatorMobile,
} as const;
