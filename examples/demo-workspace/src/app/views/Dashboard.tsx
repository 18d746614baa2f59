import { formatMoney, sumMoney, type Money } from '../../lib/money';
import { hrefFor } from '../router';

export type DashboardProps = {
  state:
    | { status: 'loading' }
    | { status: 'error'; message: string }
    | { status: 'ready'; outstanding: Money[]; currency: string; overdueCount: number };
  locale: string;
};

export function Dashboard({ state, locale }: DashboardProps) {
  if (state.status === 'loading') {
    return <p role="status">Loading your invoices…</p>;
  }
  if (state.status === 'error') {
    return <p role="alert">Could not load invoices: {state.message}</p>;
  }
  const total = sumMoney(state.outstanding, state.currency);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Overview</h1>
      <dl>
        <dt>Outstanding</dt>
        <dd>{formatMoney(total, locale)}</dd>
        <dt>Overdue invoices</dt>
        <dd>{state.overdueCount}</dd>
      </dl>
      <a href={hrefFor('invoices')}>See all invoices</a>
    </section>
  );
}
