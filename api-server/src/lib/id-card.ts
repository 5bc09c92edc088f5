const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const checkCodes = '10X98765432';

/** An 18-digit mainland resident ID (GB 11643): a real birth date and a matching check character. */
export function isValidIdCard(id: string): boolean {
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth > new Date()) {
    return false;
  }
  const sum = weights.reduce((total, weight, i) => total + weight * Number(id[i]), 0);
  return checkCodes[sum % 11] === id[17];
}

export const maskIdCard = (id: string) => `${id.slice(0, 3)}***********${id.slice(14)}`;
export const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
