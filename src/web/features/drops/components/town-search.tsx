import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { DROP_TOWN_MAX } from '#shared/contracts/drops.ts';

interface Props {
  /** The town already searched for (a reload of /drops?town=…). */
  initial?: string;
  /** Called with the trimmed town ('' for all towns) on submit. */
  onSearch: (town: string) => void;
  /** The id of the heading that names the search, when the page has more than one. */
  labelledBy?: string;
  variant?: 'default' | 'outline';
}

/** A drop's town, typed in either script (the API folds them), searched on submit: /drops and the dashboard's "Join a drop". */
export function TownSearch({ initial = '', onSearch, labelledBy, variant = 'default' }: Props) {
  const { t } = useTranslation('drops');
  const inputId = useId();
  const [typed, setTyped] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form role="search" aria-labelledby={labelledBy} onSubmit={onSubmit} className="flex items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={inputId}>{t('town')}</Label>
        <Input id={inputId} type="search" value={typed} maxLength={DROP_TOWN_MAX} placeholder={t('townPlaceholder')}
          autoComplete="address-level2" enterKeyHint="search" onChange={(e) => setTyped(e.target.value)} />
      </div>
      <Button type="submit" variant={variant}><Search aria-hidden="true" />{t('search')}</Button>
    </form>
  );
}
