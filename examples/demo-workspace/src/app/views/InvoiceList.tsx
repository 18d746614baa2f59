import type { components } from '../../generated/api-client';
import { formatMoney } from '../../lib/money';

type Invoice = components['schemas']['Invoice'];

export function InvoiceList({ invoices, locale }: { invoices: Invoice[]; locale: string }) {
  if (invoices.length === 0) {
    return <p>No invoices yet. Create one from the billing service.</p>;
  }
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <table>
      <caption>Invoices</caption>
      <thead>
        <tr>
          <th scope="col">Number</th>
          <th scope="col">Status</th>
          <th scope="col">Due</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id}>
            <td>{invoice.number}</td>
            <td>{invoice.status}</td>
            <td>{invoice.due_on ? dateFormat.format(new Date(invoice.due_on)) : '—'}</td>
            <td>
              {formatMoney({ amountMinor: invoice.total.amount_minor, currency: invoice.total.currency }, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
