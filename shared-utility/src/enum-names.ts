import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { $enums } from './stores';
import type { EnumItem, EnumName } from './types';

/** Code → name of an enumeration's items. */
export const enumNamesOf = (items: readonly EnumItem[] = []): Record<number, string> =>
  Object.fromEntries(items.map((item) => [item.code, item.desc]));

/**
 * What the screens call the codes of the enumeration `name` (order types and states, billing types, instance
 * states), from the store the portal fills by name at sign-in: the server's table is the only one.
 */
export function useEnumNames(name: EnumName): Record<number, string> {
  const enums = useStore($enums);
  return useMemo(() => enumNamesOf(enums[name]), [enums, name]);
}

/** An enumeration's items as dropdown or radio options, valued by code. */
export const enumOptionsOf = (items: readonly EnumItem[] = []) =>
  items.map((item) => ({ key: item.code, value: item.code, text: item.desc }));

/** The items of the enumeration `name` as options (none until the store has it). */
export function useEnumOptions(name: EnumName) {
  const enums = useStore($enums);
  return useMemo(() => enumOptionsOf(enums[name]), [enums, name]);
}
