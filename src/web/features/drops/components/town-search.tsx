import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { DROP_TOWN_MAX } from '#shared/contracts/drops.ts';

/**
 * The one town search of drops (the /drops list and the dashboard's "join a drop"): a town in
 * either script, trimmed, at most DROP_TOWN_MAX characters (the API takes 1..60); an empty
 * search is `''` (all towns).
 */
export function TownSearch({ initial = '', onSearch, labelledBy, variant = 'default' }: {
  initial?: string;
  onSearch: (town: string) => void;
  /** The heading that names the search landmark, when the page has one. */
  labelledBy?: string;
  variant?: 'default' | 'outline';
}) {
  const { t } = useTranslation('drops');
  const inputId = useId();
  const [typed, setTyped] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim().slice(0, DROP_TOWN_MAX));
  };
  return (
    <form role="search" aria-labelledby={labelledBy} onSubmit={onSubmit} className="flex items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={inputId}>{t('town')}</Label>
        <Input id={inputId} name="town" type="search" value={typed} maxLength={DROP_TOWN_MAX} placeholder={t('townPlaceholder')}
          autoComplete="address-level2" enterKeyHint="search" onChange={(e) => setTyped(e.target.value)} />
      </div>
      <Button type="submit" variant={variant}><Search aria-hidden="true" />{t('search')}</Button>
    </form>
  );
}
