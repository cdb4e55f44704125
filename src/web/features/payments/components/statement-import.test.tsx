import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StatementImport } from '#shared/contracts/payments.ts';
import { expectRefusedField } from '#web/lib/expect-refused.ts';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { StatementImportForm } from './statement-import.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const RESULT: StatementImport = {
  matched: [{ row: 2, date: '27.11.2026', amount: 1100, payer: 'Jelena', reference: '97 07 100005', orderId: '0f8fad5b-d9cb-469f-a165-70867728950e', number: 100005 }],
  unmatched: [
    { row: 3, date: '=NOW()', amount: 12, payer: '=HYPERLINK("http://x")', reference: '@SUM(A1)', reason: 'no_order', problem: 'reference_unreadable' },
    { row: 4, date: '', amount: 5500, payer: 'Марија', reference: '97 10 100004', reason: 'not_yours' },
  ],
  columns: { date: 'Datum', amount: 'Iznos', payer: 'Platilac', reference: 'Poziv na broj' }, encoding: 'windows-1250', delimiter: ';',
};

/** XMLHttpRequest answering the upload with `status` and `body`. */
function stubUpload(status: number, body: unknown) {
  class FakeXhr {
    status = status; responseText = JSON.stringify(body); statusText = ''; upload = {} as { onprogress?: unknown };
    onload?: () => void; onerror?: () => void; onabort?: () => void;
    open() {} setRequestHeader() {}
    send() { queueMicrotask(() => this.onload?.()); }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<TranslationProvider i18n={i18n}><QueryClientProvider client={client}><StatementImportForm /></QueryClientProvider></TranslationProvider>);
}

describe('StatementImportForm', () => {
  it('uploads the chosen file and shows every row with its outcome in words; formula cells as text', async () => {
    stubUpload(200, RESULT);
    renderForm();
    await userEvent.upload(screen.getByLabelText('Bank statement (CSV file)'), new File(['Datum;Iznos'], 'izvod.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import statement' }));
    const table = await screen.findByRole('table', { name: 'Statement rows' });
    expect(screen.getByRole('status')).toHaveTextContent('1 matched and marked paid, 2 not matched.');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['2', '3', '4']);
    expect(rows[0]).toHaveTextContent('Paid: order #100005');
    expect(rows[1]).toHaveTextContent('=HYPERLINK("http://x")');
    expect(rows[1]).toHaveTextContent('No such order');
    expect(rows[1]).toHaveTextContent('The reference is not a model 97 reference of an order.');
    expect(rows[2]).toHaveTextContent("Another producer's order");
    expect(table.querySelector('a')).toBeNull();
  });

  it('says in words why a file was refused', async () => {
    stubUpload(400, { error: 'The file is not a CSV text file', code: 'statement.not_text' });
    renderForm();
    await userEvent.upload(screen.getByLabelText('Bank statement (CSV file)'), new File([new Uint8Array([0x89, 0x50, 0, 0])], 'photo.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import statement' }));
    // Beside the file field, which is marked and gets the focus (docs/input-rules.md).
    await expectRefusedField(screen.getByLabelText('Bank statement (CSV file)'), 'The statement could not be imported: This is not a CSV text file');
  });

  it('refuses Import without a file beside the file field, focus there, nothing sent', async () => {
    const send = vi.fn();
    vi.stubGlobal('XMLHttpRequest', class { open() {} setRequestHeader() {} upload = {}; send = send; });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Import statement' }));
    const field = screen.getByLabelText('Bank statement (CSV file)');
    await expectRefusedField(field, 'Choose the statement file first.');
    expect(send).not.toHaveBeenCalled();
    // Choosing a file clears the refusal.
    await userEvent.upload(field, new File(['Datum;Iznos'], 'izvod.csv', { type: 'text/csv' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });

  it('refuses a file above 5 MB before sending it', async () => {
    const send = vi.fn();
    vi.stubGlobal('XMLHttpRequest', class { open() {} setRequestHeader() {} upload = {}; send = send; });
    renderForm();
    await userEvent.upload(screen.getByLabelText('Bank statement (CSV file)'), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import statement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 5 MB');
    expect(send).not.toHaveBeenCalled();
  });
});
