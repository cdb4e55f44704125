import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { savedAddressLine } from '#shared/contracts/saved.ts';
import { Label } from '#web/components/ui/label.tsx';
import { useAddresses } from '../api/addresses.ts';

/**
 * Checkout's choice among the saved addresses: picking one fills the delivery address field
 * (`onPick`). The default is filled in at once unless the field already has text. Shows nothing
 * for a user without saved addresses.
 */
export function SavedAddressPicker({ userId, onPick, maxLength }: {
  userId: string | null;
  onPick: (address: string, options: { onlyIfEmpty: boolean }) => void;
  /** The delivery address field's limit. */
  maxLength?: number;
}) {
  const { t } = useTranslation('saved');
  const id = useId();
  const addresses = useAddresses(userId);
  /** The user's pick; until then the default, which is filled in once when the list arrives. */
  const [picked, setPicked] = useState<string | null>(null);
  const prefilled = useRef(false);
  const items = addresses.data ?? [];
  const defaultAddress = items.find((a) => a.isDefault);
  const selected = picked ?? defaultAddress?.id ?? '';

  useEffect(() => {
    if (prefilled.current || !addresses.data) return;
    prefilled.current = true;
    const fallback = addresses.data.find((a) => a.isDefault);
    if (fallback) onPick(savedAddressLine(fallback, maxLength), { onlyIfEmpty: true });
  }, [addresses.data, onPick, maxLength]);

  if (items.length === 0) return null;
  return (
    <div className="mb-2 flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('picker.label')}</Label>
      <select
        id={id}
        value={selected}
        onChange={(event) => {
          setPicked(event.target.value);
          const address = items.find((a) => a.id === event.target.value);
          if (address) onPick(savedAddressLine(address, maxLength), { onlyIfEmpty: false });
        }}
        className="h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <option value="">{t('picker.choose')}</option>
        {items.map((a) => <option key={a.id} value={a.id}>{`${a.label} — ${savedAddressLine(a, 80)}`}</option>)}
      </select>
    </div>
  );
}
