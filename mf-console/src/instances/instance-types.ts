export type { InstanceView, Operation } from '@rc/api-contract/user/compute';

export type { ImageView } from '@rc/api-contract/image/image';

export const statusColors: Record<number, 'green' | 'grey' | 'blue' | 'orange' | 'red'> = {
  0: 'blue',
  1: 'blue',
  2: 'green',
  3: 'orange',
  4: 'grey',
  5: 'orange',
  6: 'grey',
  7: 'blue',
  8: 'blue',
  9: 'red',
};

export const billingOptions = [
  { key: 1, value: 1, text: '按量计费' },
  { key: 2, value: 2, text: '包日' },
  { key: 3, value: 3, text: '包周' },
  { key: 4, value: 4, text: '包月' },
];
