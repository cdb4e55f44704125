import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import { HOUSEHOLD, renderWithClient, sent, stubFetch } from '../test/household-fixture.tsx';
import { LogisticsSettings } from './logistics-settings.tsx';

afterEach(() => { vi.unstubAllGlobals(); });
afterAll(async () => { await i18n.changeLanguage('en'); });

const pickup = () => screen.getByRole('region', { name: 'Pickup and delivery' });
const payment = () => screen.getByRole('region', { name: 'Payment' });
const save = (region: HTMLElement) => userEvent.click(within(region).getByRole('button', { name: 'Save' }));

/** The field is refused the rule's way: marked, its message beside it (announced), focused. */
async function expectRefused(field: HTMLElement, message: string) {
  await waitFor(() => expect(field).toHaveFocus());
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message) as string);
  expect(screen.getAllByRole('alert').some((alert) => alert.textContent === message)).toBe(true);
}

describe('pickup and delivery', () => {
  it('reads the delivery fee back to the para in the language\'s way: 200,50 in Serbian, 200.50 in English', async () => {
    stubFetch();
    await i18n.changeLanguage('sr');
    const { unmount } = renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    expect(screen.getByLabelText('Цена доставе (RSD)')).toHaveValue('200,50');
    expect(screen.getByLabelText('Најмања поруџбина (RSD, 0 = нема)')).toHaveValue('1000');
    unmount();
    await i18n.changeLanguage('en');
    renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    expect(screen.getByLabelText('Delivery fee (RSD)')).toHaveValue('200.50');
  });

  it('refuses a fee that is not a number beside it, focused, and sends nothing; then saves 200,50 as 200.5', async () => {
    await i18n.changeLanguage('sr');
    const fetchMock = stubFetch();
    renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    const region = screen.getByRole('region', { name: 'Преузимање и достава' });
    const fee = screen.getByLabelText('Цена доставе (RSD)');
    fireEvent.change(fee, { target: { value: '200.50' } });
    await userEvent.click(within(region).getByRole('button', { name: 'Сачувај' }));
    await expectRefused(fee, 'Унесите број, нпр. 450,50');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(fee, { target: { value: '200,50' } });
    await userEvent.click(within(region).getByRole('button', { name: 'Сачувај' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).toMatchObject({ delivery: { enabled: true, fee: 200.5, areas: ['Чачак'] }, minimumOrder: 1000 });
    expect(fee).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a negative minimum order and a window that closes before it opens, each beside its field', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubFetch();
    renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    const closes = within(pickup()).getByLabelText('Closes');
    fireEvent.change(closes, { target: { value: '06:00' } });
    const minimum = screen.getByLabelText('Minimum order (RSD, 0 = none)');
    fireEvent.change(minimum, { target: { value: '-5' } });
    await save(pickup());
    // The first refused field on screen gets the focus; both say why.
    await expectRefused(closes, 'The pickup window must close after it opens.');
    expect(minimum).toHaveAttribute('aria-invalid', 'true');
    expect(minimum).toHaveAccessibleDescription('An amount from 0 to 1,000,000 RSD, with at most 2 decimals.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a new pickup point without a name beside it', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubFetch();
    renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add pickup point' }));
    const point = screen.getByRole('group', { name: 'Pickup point 2' });
    fireEvent.change(within(point).getByLabelText('Address'), { target: { value: 'Trg 2' } });
    await save(pickup());
    await expectRefused(within(point).getByLabelText('Name'), 'Give the pickup point a name (at most 120 characters).');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never lets a field of delivery left off block the save: only "enabled: false" is sent', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubFetch();
    renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    fireEvent.change(screen.getByLabelText('Delivery fee (RSD)'), { target: { value: 'abc' } });
    await userEvent.click(screen.getByLabelText('I deliver'));
    expect(screen.queryByLabelText('Delivery fee (RSD)')).toBeNull();
    await save(pickup());
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]!.delivery).toEqual({ enabled: false });
  });

  it('shows the server\'s refusal of a field beside it, focused (delivery with no day)', async () => {
    await i18n.changeLanguage('en');
    stubFetch(() => new Response(JSON.stringify({
      error: 'Choose at least one delivery day', code: 'validation_failed', details: [{ field: 'delivery.weekdays', message: 'Choose at least one delivery day' }],
    }), { status: 400 }));
    renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fri' }));
    await save(pickup());
    const days = screen.getByRole('group', { name: 'Delivery days' });
    await waitFor(() => expect(within(days).getByRole('checkbox', { name: 'Mon' })).toHaveFocus());
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(within(days).getByRole('alert')).toHaveTextContent('Choose at least one delivery day.');
  });
});

describe('payment', () => {
  it('refuses a wrong IPS account beside it, focused, before sending; a right one saves', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubFetch();
    renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    const account = within(payment()).getByLabelText('Account for IPS QR payments');
    fireEvent.change(account, { target: { value: '840-955845-11' } });
    await save(payment());
    await expectRefused(account, 'Not a valid account number: 18 digits or bank-account-control, with a correct control number.');
    expect(account).toHaveAccessibleDescription(expect.stringContaining('18 digits or bank-account-control, e.g. 840-955845-10') as string);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(account, { target: { value: '840-955845-10' } });
    await save(payment());
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).toEqual({ payment: { cash: true, ipsAccount: '840-955845-10', ipsPayeeName: null } });
  });

  it('refuses leaving no way to pay beside the cash box', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubFetch();
    renderWithClient(<LogisticsSettings household={HOUSEHOLD} />);
    const cash = within(payment()).getByLabelText('I accept cash');
    await userEvent.click(cash);
    await save(payment());
    await expectRefused(cash, 'Accept cash or give an account for IPS payments.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
