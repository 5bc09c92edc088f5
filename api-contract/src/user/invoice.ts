import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { Page } from '../envelope.js';
import { DateTime, Money, NullableDateTime } from '../values.js';

/** 1 个人, 2 企业 */
export const InvoiceTitleType = Type.Integer({ title: '抬头类型', minimum: 1, maximum: 2, description: '1 个人，2 企业' });
/** 1 增值税普通发票, 2 增值税专用发票 (company titles only) */
export const InvoiceKind = Type.Integer({ title: '发票类型', minimum: 1, maximum: 2, description: '1 普通发票，2 专用发票' });

/**
 * 1 申请中, 2 已开具, 3 已驳回, 4 已红冲, 5 已撤回. Only 申请中 may be edited or withdrawn; 申请中 and 已开具 count as invoiced.
 */
export const InvoiceStatus = Type.Enum([1, 2, 3, 4, 5], {
  title: '发票状态',
  description: '1 申请中，2 已开具，3 已驳回，4 已红冲，5 已撤回',
});
export type InvoiceStatus = Static<typeof InvoiceStatus>;

const TitleFields = {
  titleType: InvoiceTitleType,
  invoiceType: InvoiceKind,
  name: Type.String({ title: '发票抬头', minLength: 1, maxLength: 100 }),
  taxNo: Type.Optional(Type.String({ title: '纳税人识别号', maxLength: 20 })),
  bankName: Type.Optional(Type.String({ title: '开户银行', maxLength: 60 })),
  bankAccount: Type.Optional(Type.String({ title: '银行账号', maxLength: 40 })),
  address: Type.Optional(Type.String({ title: '注册地址', maxLength: 120 })),
  phone: Type.Optional(Type.String({ title: '注册电话', maxLength: 20 })),
  isDefault: Type.Optional(Type.Boolean({ title: '设为默认抬头' })),
};

export const InvoiceTitleSaveBody = Type.Object(TitleFields);
export type InvoiceTitleSaveBody = Static<typeof InvoiceTitleSaveBody>;

export const InvoiceTitleUpdateBody = Type.Object({ id: Id('抬头编号'), ...TitleFields });
export type InvoiceTitleUpdateBody = Static<typeof InvoiceTitleUpdateBody>;

export const InvoiceIdBody = (title: string) => Type.Object({ id: Id(title) });
export const InvoiceTitleIdBody = InvoiceIdBody('抬头编号');
export const InvoiceRequestIdBody = InvoiceIdBody('申请编号');

export const InvoiceTitle = Type.Object({
  id: Type.Integer(),
  titleType: InvoiceTitleType,
  invoiceType: InvoiceKind,
  typeName: Type.String({ description: '个人普票 / 企业普票 / 企业专票' }),
  name: Type.String(),
  taxNo: Type.String(),
  bankName: Type.String(),
  bankAccount: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  isDefault: Type.Boolean(),
});
export type InvoiceTitle = Static<typeof InvoiceTitle>;

export const InvoiceTitleList = Type.Object({ list: Type.Array(InvoiceTitle) });
export type InvoiceTitleList = Static<typeof InvoiceTitleList>;

/** The invoiceable amount and how it is reached; `rule` states it in words for the screen. */
export const InvoiceableAmount = Type.Object({
  charged: Money('消费扣款合计'),
  refunded: Money('退回余额合计'),
  freeCredit: Money('赠送金额合计（体验金等，不开票）'),
  freeCreditSpent: Money('已用赠送金额 = 赠送金额 − 账户余额，介于0与赠送金额之间（赠送金额视为最后使用）'),
  balance: Money('账户余额'),
  cashConsumed: Money('现金消费 = 扣款 − 退款 − 已用赠送金额，不小于0'),
  invoiced: Money('已开票（申请中与已开具）'),
  invoiceable: Money('可开票金额 = 现金消费 − 已开票'),
  rule: Type.String(),
});
export type InvoiceableAmount = Static<typeof InvoiceableAmount>;

export const InvoiceOrderListBody = PageQuery;
export const InvoiceOrder = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  orderType: Type.Integer({ description: 'OrderTypeEnum' }),
  amount: Money('订单金额'),
  gmtCreate: DateTime,
  invoiced: Type.Boolean({ description: '已在申请中或已开具的发票里' }),
});
export type InvoiceOrder = Static<typeof InvoiceOrder>;
export const InvoiceOrderPage = Page(InvoiceOrder);

const RequestFields = {
  titleId: Id('发票抬头'),
  mode: Type.Enum(['orders', 'amount'], { title: '开票方式', description: 'orders 按订单，amount 按金额' }),
  amount: Type.Optional(Type.Integer({ title: '开票金额', minimum: 1, maximum: 1_000_000_000_000 })),
  orderIds: Type.Optional(Type.Array(Id('订单编号'), { title: '订单', minItems: 1, maxItems: 100, uniqueItems: true })),
  email: Type.Optional(Type.String({ title: '接收邮箱', maxLength: 100 })),
  remark: Type.Optional(Type.String({ title: '备注', maxLength: 200 })),
};

export const InvoiceApplyBody = Type.Object(RequestFields);
export type InvoiceApplyBody = Static<typeof InvoiceApplyBody>;

export const InvoiceUpdateBody = Type.Object({ id: Id('申请编号'), ...RequestFields });
export type InvoiceUpdateBody = Static<typeof InvoiceUpdateBody>;

export const InvoiceListBody = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(
    Type.Integer({ title: '发票状态', minimum: 1, maximum: 5, description: '1 申请中，2 已开具，3 已驳回，4 已红冲，5 已撤回' }),
  ),
});
export type InvoiceListBody = Static<typeof InvoiceListBody>;

export const InvoiceRequest = Type.Object({
  id: Type.Integer(),
  requestNo: Type.String(),
  mode: Type.String({ description: 'orders 按订单，amount 按金额' }),
  amount: Money('开票金额'),
  title: Type.Object({
    titleType: InvoiceTitleType,
    invoiceType: InvoiceKind,
    typeName: Type.String(),
    name: Type.String(),
    taxNo: Type.String(),
    bankName: Type.String(),
    bankAccount: Type.String(),
    address: Type.String(),
    phone: Type.String(),
  }),
  orders: Type.Array(Type.Object({ id: Type.Integer(), orderNo: Type.String(), amount: Type.Integer() })),
  email: Type.String(),
  remark: Type.String(),
  status: InvoiceStatus,
  statusName: Type.String(),
  rejectReason: Type.String(),
  invoiceNo: Type.Union([Type.String(), Type.Null()]),
  hasPdf: Type.Boolean(),
  gmtCreate: DateTime,
  issuedAt: NullableDateTime,
  reversedAt: NullableDateTime,
});
export type InvoiceRequest = Static<typeof InvoiceRequest>;
export const InvoiceRequestPage = Page(InvoiceRequest);

/** The review list also names who asked. */
export const ReviewInvoiceRequest = Type.Object({ ...InvoiceRequest.properties, userId: Type.Integer(), userMobile: Type.String() });
export type ReviewInvoiceRequest = Static<typeof ReviewInvoiceRequest>;
export const ReviewInvoicePage = Page(ReviewInvoiceRequest);

export const InvoiceRejectBody = Type.Object({
  id: Id('申请编号'),
  reason: Type.String({ title: '驳回原因', minLength: 1, maxLength: 200 }),
});
export type InvoiceRejectBody = Static<typeof InvoiceRejectBody>;

/** The PDF's bytes; a refusal answers the envelope. */
export const InvoicePdfBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'PDF 文件' });
