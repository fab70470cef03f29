import { Button, Card, Skeleton } from 'antd';
import type { RecordedSale } from '@hsa/contracts';
import { useSaleHistory } from '../api/saleHistory';
import { formatMoney, formatSaleDate } from '../domain/format';
import type { WizardProperty } from '../domain/wizardProperty';
import { Locked } from './Locked';
import { useLockMessages } from './lockMessages';
import '../wizard.css';

export interface SaleHistorySectionProps {
  property: WizardProperty;
  /** Demo mode: locked, with no figures behind the lock (the demo banner offers the way to unlock it). */
  demo: boolean;
}

const title = <h2 className="wz-card-title">Sale history of this home</h2>;

/**
 * The home's own recorded sales (date, price paid, that price at today's level). They are its history, never one of
 * its comparables: a seller sees them here, apart from the comparable sales.
 */
export function SaleHistorySection({ property, demo }: SaleHistorySectionProps) {
  const state = useSaleHistory(property, demo);
  const lockMessages = useLockMessages();
  let body;
  if (demo) {
    body = (
      <Locked locked message={lockMessages.saleHistory}>
        <div className="wz-sale-history__locked" />
      </Locked>
    );
  } else if (state.status === 'loading') body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (state.status === 'error') {
    body = (
      <div className="wz-inline-message" role="alert">
        <p>We couldn't load this home's sale history just now.</p>
        <Button onClick={state.retry}>Try Again</Button>
      </div>
    );
  } else if (!state.sales.length) body = <p className="wz-muted">No earlier sale of this home is recorded in the data.</p>;
  else body = <SaleHistoryTable sales={state.sales} />;
  return (
    <Card className="wz-sale-history" title={title}>
      {body}
    </Card>
  );
}

function SaleHistoryTable({ sales }: { sales: RecordedSale[] }) {
  return (
    <>
      <div className="wz-table-wrap" tabIndex={0} role="region" aria-label="Sale history table">
        <table className="wz-table">
          <caption className="visually-hidden">Sale history of this home</caption>
          <thead>
            <tr>
              <th scope="col">Sold</th>
              <th scope="col">Price paid</th>
              <th scope="col">At today's prices</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((sale) => (
              <tr key={`${sale.date}-${sale.price}`}>
                <th scope="row">{formatSaleDate(sale.date)}</th>
                <td className="wz-table__num">{formatMoney(sale.price)}</td>
                <td className="wz-table__num">{formatMoney(sale.timeAdjustedPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="wz-muted wz-sale-history__note">
        Prices paid brought to today's level along the house price index. A home's own sales are its history, not its
        comparables.
      </p>
    </>
  );
}
