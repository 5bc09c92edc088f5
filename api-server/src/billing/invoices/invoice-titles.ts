import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { InvoiceTitleSaveBody } from '@rc/api-contract/user/invoice';
import { invoiceTitles, type InvoiceTitleRow, type Database, type Executor } from '../../db/index.js';
import { conflict, invalid, notFound } from '../../errors.js';

export const maxTitlesPerUser = 20;

export type TitleFields = Pick<
  InvoiceTitleRow,
  'titleType' | 'invoiceType' | 'name' | 'taxNo' | 'bankName' | 'bankAccount' | 'address' | 'phone'
>;

export const titleTypeName = (t: Pick<TitleFields, 'titleType' | 'invoiceType'>) =>
  t.titleType === 1 ? '个人普票' : t.invoiceType === 2 ? '企业专票' : '企业普票';

/** GB 32100-2015: 18 characters from this alphabet, the last a check character over the first 17. */
const usccAlphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const usccWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function usccCheckCharacter(first17: string): string {
  const sum = [...first17].reduce((total, ch, i) => total + usccAlphabet.indexOf(ch) * usccWeights[i]!, 0);
  return usccAlphabet[(31 - (sum % 31)) % 31]!;
}

/**
 * A taxpayer number: 15 to 20 digits or capital letters (old 15-digit tax registration numbers,
 * 18-character unified social credit codes, 20-character numbers of individual businesses). An
 * 18-character number must be a unified social credit code whose check character is right.
 */
export function checkTaxNo(raw: string): string {
  const taxNo = raw.replace(/\s/g, '').toUpperCase();
  if (!taxNo) throw invalid('请填写纳税人识别号');
  if (!/^[0-9A-Z]{15,20}$/.test(taxNo)) throw invalid('纳税人识别号应为15至20位数字或大写字母');
  if (taxNo.length === 18) {
    if (![...taxNo].every((ch) => usccAlphabet.includes(ch))) throw invalid('统一社会信用代码含有不允许的字母（不使用 I、O、Z、S、V）');
    if (usccCheckCharacter(taxNo.slice(0, 17)) !== taxNo[17]) throw invalid('统一社会信用代码校验位不正确，请核对纳税人识别号');
  }
  return taxNo;
}

function checkPhone(raw: string): string {
  const phone = raw.replace(/\s/g, '');
  if (!phone) throw invalid('请填写注册电话');
  if (!/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/.test(phone)) throw invalid('注册电话应为手机号或固定电话（如 010-12345678）');
  return phone;
}

function checkBankAccount(raw: string): string {
  const account = raw.replace(/\s/g, '');
  if (!account) throw invalid('请填写银行账号');
  if (!/^\d{8,30}$/.test(account)) throw invalid('银行账号应为8至30位数字');
  return account;
}

function required(raw: string | undefined, label: string, min = 2): string {
  const value = (raw ?? '').trim();
  if (!value) throw invalid(`请填写${label}`);
  if (value.length < min) throw invalid(`${label}至少${min}个字`);
  return value;
}

/** The fields a title keeps, checked by kind: a personal title is 普票 with a name only; a company needs its tax number; 专票 needs everything. */
export function checkTitle(body: InvoiceTitleSaveBody): TitleFields {
  const name = required(body.name, '发票抬头');
  if (body.titleType === 1) {
    if (body.invoiceType !== 1) throw invalid('个人抬头只能开具增值税普通发票');
    return { titleType: 1, invoiceType: 1, name, taxNo: '', bankName: '', bankAccount: '', address: '', phone: '' };
  }
  const taxNo = checkTaxNo(body.taxNo ?? '');
  if (body.invoiceType === 1) {
    return {
      titleType: 2,
      invoiceType: 1,
      name,
      taxNo,
      bankName: (body.bankName ?? '').trim(),
      bankAccount: (body.bankAccount ?? '').replace(/\s/g, ''),
      address: (body.address ?? '').trim(),
      phone: (body.phone ?? '').replace(/\s/g, ''),
    };
  }
  return {
    titleType: 2,
    invoiceType: 2,
    name,
    taxNo,
    bankName: required(body.bankName, '开户银行'),
    bankAccount: checkBankAccount(body.bankAccount ?? ''),
    address: required(body.address, '注册地址'),
    phone: checkPhone(body.phone ?? ''),
  };
}

export async function listTitles(db: Executor, userId: number) {
  return db
    .select()
    .from(invoiceTitles)
    .where(eq(invoiceTitles.userId, userId))
    .orderBy(desc(invoiceTitles.isDefault), asc(invoiceTitles.id));
}

/** One of the user's own titles; another user's id is answered as not found. */
export async function ownTitle(db: Executor, userId: number, id: number) {
  const [title] = await db
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)));
  if (!title) throw notFound('发票抬头不存在');
  return title;
}

async function clearDefault(tx: Executor, userId: number) {
  await tx
    .update(invoiceTitles)
    .set({ isDefault: false })
    .where(and(eq(invoiceTitles.userId, userId), eq(invoiceTitles.isDefault, true)));
}

/** Saves a new title; the first one becomes the default. */
export async function saveTitle(db: Database, userId: number, body: InvoiceTitleSaveBody, now: Date) {
  return db.transaction(async (tx) => {
    const fields = checkTitle(body);
    const [held] = await tx.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.userId, userId));
    if ((held?.n ?? 0) >= maxTitlesPerUser) throw conflict(`最多保存${maxTitlesPerUser}个发票抬头`);
    const isDefault = body.isDefault === true || held?.n === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [title] = await tx
      .insert(invoiceTitles)
      .values({ ...fields, userId, isDefault, createdAt: now, updatedAt: now })
      .returning();
    return title!;
  });
}

export async function updateTitle(db: Database, userId: number, id: number, body: InvoiceTitleSaveBody, now: Date) {
  return db.transaction(async (tx) => {
    const existing = await ownTitle(tx, userId, id);
    const fields = checkTitle(body);
    const isDefault = body.isDefault ?? existing.isDefault;
    if (isDefault && !existing.isDefault) await clearDefault(tx, userId);
    const [title] = await tx
      .update(invoiceTitles)
      .set({ ...fields, isDefault, updatedAt: now })
      .where(eq(invoiceTitles.id, id))
      .returning();
    return title!;
  });
}

/** Requests keep their own copy of the title, so deleting one never changes a request. */
export async function deleteTitle(db: Database, userId: number, id: number) {
  return db.transaction(async (tx) => {
    await ownTitle(tx, userId, id);
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, id));
  });
}

export const titleView = (title: InvoiceTitleRow) => ({
  id: title.id,
  titleType: title.titleType,
  invoiceType: title.invoiceType,
  typeName: titleTypeName(title),
  name: title.name,
  taxNo: title.taxNo,
  bankName: title.bankName,
  bankAccount: title.bankAccount,
  address: title.address,
  phone: title.phone,
  isDefault: title.isDefault,
});
