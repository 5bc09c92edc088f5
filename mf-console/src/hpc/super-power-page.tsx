import { useCallback, useState } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import { formatDateTime, formatYuan, ListState, PageHeader, PageSection, RouteLink, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { listPartitions, myPackages, packageProducts, type HpcPackageProduct, type HpcPackageView } from './hpc-api';
import { coreHours, formatHours, UsageBar } from './hpc-parts';
import { BuyPackageDialog } from './buy-package-dialog';
import './hpc.css';

function Products({ products, buy }: { products: HpcPackageProduct[]; buy: (product: HpcPackageProduct) => void }) {
  return (
    <div className="rc-hpc-products">
      {products.map((product) => (
        <div key={product.id} className="rc-hpc-product" data-product={product.name} data-price={product.price}>
          <div className="rc-hpc-product-name">{product.name}</div>
          <div className="rc-hpc-product-hours">
            {formatHours(product.coreHours)}
            <small>核时</small>
          </div>
          <div className="rc-price rc-hpc-product-price">{formatYuan(product.price)}</div>
          <div className="rc-muted">
            折合 {formatYuan(Math.round(product.price / product.coreHours))}/核时 · {product.validDays} 天有效
          </div>
          <div className="rc-muted">{product.clusterName}</div>
          <Button primary fluid size="small" className="rc-hpc-buy" content="购买" onClick={() => buy(product)} />
        </div>
      ))}
    </div>
  );
}

function MyPackages({ packages }: { packages: HpcPackageView[] }) {
  return (
    <Table compact unstackable className="rc-hpc-my-packages">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>资源包</Table.HeaderCell>
          <Table.HeaderCell>适用集群</Table.HeaderCell>
          <Table.HeaderCell width={5}>剩余核时</Table.HeaderCell>
          <Table.HeaderCell>购买时间</Table.HeaderCell>
          <Table.HeaderCell>到期时间</Table.HeaderCell>
          <Table.HeaderCell>状态</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {packages.map((item) => {
          const left = coreHours(item.remainingCoreSeconds);
          return (
            <Table.Row key={item.id} className={item.expired ? 'rc-hpc-expired' : undefined} data-package={item.name}>
              <Table.Cell>{item.name}</Table.Cell>
              <Table.Cell>{item.clusterName}</Table.Cell>
              <Table.Cell>
                <UsageBar
                  label="剩余"
                  className="rc-hpc-package-remaining"
                  used={left}
                  total={item.coreHours}
                  color={item.expired ? 'grey' : 'green'}
                  text={`${formatHours(left)} / ${formatHours(item.coreHours)} 核时`}
                />
              </Table.Cell>
              <Table.Cell>{formatDateTime(item.createdAt)}</Table.Cell>
              <Table.Cell>{formatDateTime(item.expiresAt)}</Table.Cell>
              <Table.Cell>
                {item.expired ? (
                  <Label size="small" basic content="已过期" />
                ) : left > 0 ? (
                  <Label size="small" basic color="green" content="可用" />
                ) : (
                  <Label size="small" basic content="已用完" />
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table>
  );
}

/** `/account/superPower` (超算资源): core-hour packages on sale, bought after seeing the amount; my packages; pay-as-you-go prices. */
export function SuperPowerPage({ navigate }: ScreenProps) {
  const products = useLoaded(useCallback(() => packageProducts(), []));
  const mine = useLoaded(useCallback(() => myPackages(), []));
  const partitions = useLoaded(useCallback(() => listPartitions(), []));
  const [buying, setBuying] = useState<HpcPackageProduct | null>(null);
  return (
    <div className="rc-hpc rc-super-power">
      <PageSection>
        <PageHeader>
          <Button basic size="small" icon="table" content="资源类型" onClick={() => navigate('/account/superPower/enmu')} />
        </PageHeader>
        <h2 className="rc-section-title rc-hpc-subtitle">核时资源包</h2>
        <ListState source={products} isEmpty={(list) => list.length === 0} empty="暂无在售的核时资源包">
          {(list) => <Products products={list} buy={setBuying} />}
        </ListState>
      </PageSection>
      <PageSection title="我的资源包">
        <ListState source={mine} isEmpty={(list) => list.length === 0} empty="还没有资源包。购买后，作业结束时先从资源包抵扣核时。">
          {(list) => <MyPackages packages={list} />}
        </ListState>
      </PageSection>
      <PageSection
        title="按量付费"
        actions={
          <RouteLink to="/account/superPower/enmu" navigate={navigate}>
            查看各分区规格与上限
          </RouteLink>
        }
      >
        <p className="rc-muted">不购买资源包时，作业结束后按分区价格从余额扣费：核数 × 运行时长，GPU分区另加 GPU数 × 运行时长。</p>
        <ListState source={partitions} isEmpty={(list) => list.length === 0} empty="暂无可用的超算分区">
          {(list) => (
            <Table compact unstackable className="rc-hpc-payg">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>集群</Table.HeaderCell>
                  <Table.HeaderCell>分区</Table.HeaderCell>
                  <Table.HeaderCell>核时单价</Table.HeaderCell>
                  <Table.HeaderCell>GPU卡时单价</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((partition) => (
                  <Table.Row key={partition.id} data-partition={partition.name}>
                    <Table.Cell>{partition.clusterName}</Table.Cell>
                    <Table.Cell>
                      {partition.title} <span className="rc-muted">{partition.name}</span>
                    </Table.Cell>
                    <Table.Cell>{formatYuan(partition.coreHourPrice)}/核时</Table.Cell>
                    <Table.Cell>{partition.gpuHourPrice > 0 ? `${formatYuan(partition.gpuHourPrice)}/卡时` : '—'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
        </ListState>
      </PageSection>
      {buying ? (
        <BuyPackageDialog
          product={buying}
          toRecharge={() => navigate('/account/recharge')}
          close={(bought) => {
            setBuying(null);
            if (bought) void mine.reload();
          }}
        />
      ) : null}
    </div>
  );
}
