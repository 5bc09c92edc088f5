/** Yuan typed by the user ("12.5") as thousandths (12500); null unless positive with at most two decimals. */
export function parseYuan(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(2, '0')) * 10;
  return thousandths > 0 ? thousandths : null;
}
