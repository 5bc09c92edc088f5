import type { EnvelopeOf } from '@rc/api-contract/envelope';

export type { EnvelopeOf as Envelope } from '@rc/api-contract/envelope';

/** `T` as the client receives it: the response serializer writes a Date as ISO 8601 text. */
export type Serialized<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Serialized<Item>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;

export function ok<T>(data: T, msg = '操作成功'): EnvelopeOf<Serialized<T>> {
  return { code: 200, data: data as Serialized<T>, msg };
}
