import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Form, Icon, Input, Label, Message, Table } from 'semantic-ui-react';
import {
  FieldError,
  ListState,
  PageHeader,
  PageSection,
  PagedTable,
  formatDateTime,
  formatYuan,
  refreshCounters,
  runAction,
  useLoaded,
  usePagedList,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import {
  PAID,
  SANDBOX,
  UNPAID,
  cancelRecharge,
  continueRecharge,
  createRecharge,
  listRecharges,
  newIdempotencyKey,
  rechargeOptions,
  svgSource,
  viewRecharge,
  type Recharge,
  type RechargeOptions,
} from './recharge-api';
import './recharge.css';

const pollMs = 3_000;

/** "100" or "12.5" yuan → thousandths; null for anything else. */
function parseYuan(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(2, '0')) * 10;
}

const orderNoInUrl = () => new URLSearchParams(window.location.search).get('orderNo');

/** Sends the browser to the provider's cashier (the sandbox's page, or Alipay's). */
const openCashier = (payUrl: string) => window.location.assign(payUrl);

function RechargeForm({ options, onWechatOrder }: { options: RechargeOptions; onWechatOrder: (recharge: Recharge) => void }) {
  const [preset, setPreset] = useState<number | null>(options.presets[2] ?? options.presets[0] ?? null);
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState(options.methods[0]?.code ?? '');
  const attempt = useRef<string | null>(null);
  const { busy, errors, submit } = useSubmit<'amount' | 'method'>();
  const amount = preset ?? parseYuan(custom);

  const check = () => {
    const found: Partial<Record<'amount' | 'method', string>> = {};
    if (amount === null) found.amount = '请输入充值金额，最多两位小数';
    else if (amount < options.minAmount || amount > options.maxAmount) {
      found.amount = `充值金额须在 ${formatYuan(options.minAmount)} 至 ${formatYuan(options.maxAmount)} 之间`;
    }
    if (!method) found.method = '请选择支付方式';
    return found;
  };

  const pay = () =>
    submit({
      check,
      call: () => {
        attempt.current ??= newIdempotencyKey();
        return createRecharge({ amount: amount!, method, idempotencyKey: attempt.current });
      },
      success: false,
      then: (recharge) => {
        attempt.current = null;
        if (recharge.payUrl) openCashier(recharge.payUrl);
        else onWechatOrder(recharge);
      },
    });

  return (
    <>
      {options.methods.some((option) => option.code === SANDBOX) ? (
        // Outside the form: Fomantic hides a form's warning messages unless the whole form is in a warning state.
        <Message warning size="small" className="rc-recharge-sandbox" content="演示环境：充值通过模拟收银台完成，不会真实扣款" />
      ) : null}
      <Form className="rc-recharge-form" onSubmit={() => void pay()}>
        <Form.Field>
          <label>充值金额</label>
          <div className="rc-recharge-presets">
            {options.presets.map((value) => (
              <Button
                type="button"
                key={value}
                data-amount={value}
                basic={preset !== value}
                color={preset === value ? 'blue' : undefined}
                onClick={() => {
                  setPreset(value);
                  setCustom('');
                }}
              >
                {formatYuan(value)}
              </Button>
            ))}
            <Input
              className="rc-recharge-custom"
              label={{ basic: true, content: '¥' }}
              placeholder="自定义金额"
              value={custom}
              aria-label="自定义金额"
              onFocus={() => setPreset(null)}
              onChange={(_, data) => {
                setPreset(null);
                setCustom(String(data.value));
              }}
            />
          </div>
          <p className="rc-muted">
            单笔 {formatYuan(options.minAmount)} 至 {formatYuan(options.maxAmount)}，未支付的订单 {options.timeoutMinutes} 分钟后自动关闭。
          </p>
          <FieldError message={errors.amount} />
        </Form.Field>
        <Form.Field>
          <label>支付方式</label>
          <div className="rc-recharge-methods">
            {options.methods.length === 0 && <p className="rc-muted rc-recharge-no-method">本站暂未开通在线支付</p>}
            {options.methods.map((option) => (
              <Button
                type="button"
                key={option.code}
                data-method={option.code}
                basic={method !== option.code}
                color={method === option.code ? 'blue' : undefined}
                onClick={() => setMethod(option.code)}
              >
                {option.name}
              </Button>
            ))}
          </div>
          <FieldError message={errors.method} />
        </Form.Field>
        <Button primary type="submit" loading={busy} disabled={busy || options.methods.length === 0}>
          立即充值{amount !== null ? ` ${formatYuan(amount)}` : ''}
        </Button>
      </Form>
    </>
  );
}

/** An unpaid WeChat order: its QR code, asked about every few seconds until it is paid. */
function ScanToPay({ recharge, onPaid }: { recharge: Recharge; onPaid: () => void }) {
  useEffect(() => {
    const timer = window.setInterval(async () => {
      const answer = await viewRecharge(recharge.orderNo);
      if (answer.code === 200 && answer.data.status !== UNPAID) onPaid();
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [recharge.orderNo, onPaid]);
  return (
    <div className="rc-recharge-qr">
      <img src={svgSource(recharge.qrCodeSvg!)} alt="微信支付二维码" width={200} height={200} />
      <p>
        请使用微信扫码支付 <strong>{formatYuan(recharge.amount)}</strong>
      </p>
      <p className="rc-muted">订单号 {recharge.orderNo}，支付完成后本页自动更新</p>
    </div>
  );
}

/** The return page: what became of one recharge, with 继续支付 / 取消订单 while it is unpaid. */
function RechargeResult({ orderNo, onChange, navigate }: { orderNo: string; onChange: () => void } & ScreenProps) {
  const result = useLoaded(useCallback(() => viewRecharge(orderNo), [orderNo]));
  const [scanning, setScanning] = useState<Recharge | null>(null);
  const recharge = result.data;
  useEffect(() => {
    if (recharge?.status === PAID) void refreshCounters();
  }, [recharge?.status]);

  const proceed = () =>
    runAction(() => continueRecharge(orderNo), {
      success: false,
      then: (again) => (again.payUrl ? openCashier(again.payUrl) : setScanning(again)),
    });
  const cancel = () => runAction(() => cancelRecharge(orderNo), { then: () => (void result.reload(), onChange()) });

  return (
    <ListState source={result} isEmpty={() => false} empty={null}>
      {(loaded) => (
        <Message
          className="rc-recharge-result"
          positive={loaded.status === PAID}
          warning={loaded.status === UNPAID}
          info={loaded.status !== PAID && loaded.status !== UNPAID}
        >
          <Message.Header>{loaded.status === PAID ? '充值成功' : loaded.statusName}</Message.Header>
          <p>
            订单号 {loaded.orderNo}，{loaded.methodName} {formatYuan(loaded.amount)}
            {loaded.status === PAID ? `，已于 ${formatDateTime(loaded.paidAt)} 到账` : ''}
          </p>
          {loaded.status === UNPAID ? (
            <div className="rc-recharge-result-actions">
              <Button primary size="small" onClick={() => void proceed()}>
                继续支付
              </Button>
              <Button basic size="small" onClick={() => void cancel()}>
                取消订单
              </Button>
              <Button basic size="small" onClick={() => void result.reload()}>
                <Icon name="refresh" />
                刷新支付结果
              </Button>
            </div>
          ) : (
            <Button basic size="small" onClick={() => navigate('/account/recharge')}>
              再充一笔
            </Button>
          )}
          {scanning?.qrCodeSvg ? (
            <ScanToPay recharge={scanning} onPaid={() => (setScanning(null), void result.reload(), onChange())} />
          ) : null}
        </Message>
      )}
    </ListState>
  );
}

function statusLabel(recharge: Recharge) {
  const color = recharge.status === PAID ? 'green' : recharge.status === UNPAID ? 'orange' : 'grey';
  return (
    <Label size="small" color={color} basic>
      {recharge.statusName}
    </Label>
  );
}

/** `/account/recharge`: amount and method, the provider's cashier or QR code, the return page's result, and my recharges. */
export function RechargePage({ navigate }: ScreenProps) {
  const orderNo = orderNoInUrl();
  const options = useLoaded(useCallback(() => rechargeOptions(), []));
  const [scanning, setScanning] = useState<Recharge | null>(null);
  const recharges = usePagedList(useCallback(listRecharges, []));
  const { reload } = recharges;
  const reloadList = useCallback(() => void reload(), [reload]);

  return (
    <>
      <PageSection>
        <PageHeader />
        {orderNo ? <RechargeResult key={orderNo} orderNo={orderNo} onChange={reloadList} navigate={navigate} /> : null}
        {scanning ? (
          <ScanToPay recharge={scanning} onPaid={() => (setScanning(null), navigate(`/account/recharge?orderNo=${scanning.orderNo}`))} />
        ) : (
          <ListState source={options} isEmpty={() => false} empty={null}>
            {(loaded) => <RechargeForm options={loaded} onWechatOrder={setScanning} />}
          </ListState>
        )}
      </PageSection>
      <PageSection title="充值记录">
        <PagedTable
          list={recharges}
          className="rc-recharge-list"
          columns={['订单号', '金额', '支付方式', '状态', '创建时间', '操作']}
          empty="还没有充值记录"
          row={(item) => (
            <Table.Row key={item.orderNo}>
              <Table.Cell>{item.orderNo}</Table.Cell>
              <Table.Cell>{formatYuan(item.amount)}</Table.Cell>
              <Table.Cell>{item.methodName}</Table.Cell>
              <Table.Cell>{statusLabel(item)}</Table.Cell>
              <Table.Cell>{formatDateTime(item.gmtCreate)}</Table.Cell>
              <Table.Cell>
                <a
                  href={`/account/recharge?orderNo=${item.orderNo}`}
                  onClick={(event) => (event.preventDefault(), navigate(`/account/recharge?orderNo=${item.orderNo}`))}
                >
                  {item.status === UNPAID ? '去支付' : '查看'}
                </a>
              </Table.Cell>
            </Table.Row>
          )}
        />
      </PageSection>
    </>
  );
}
