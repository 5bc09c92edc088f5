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
