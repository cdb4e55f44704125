import { Star } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { LIMITS } from '#shared/constants.ts';
import { cn } from '#web/lib/utils.ts';

/** 1–5 stars with a hover preview; a radio group, so arrow keys choose too. */
export function StarPicker({ value, onChange, labelledBy, invalid, describedBy }: { value: number; onChange: (rating: number) => void; labelledBy: string; invalid?: boolean; describedBy?: string | undefined }) {
  const { t } = useTranslation('catalog');
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  const stars = Array.from({ length: LIMITS.ratingMax }, (_, i) => i + 1);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let next = 0;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = Math.min(LIMITS.ratingMax, value + 1);
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = Math.max(LIMITS.ratingMin, value - 1);
    if (!next) return;
    event.preventDefault();
    onChange(next);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')[next - 1]?.focus();
  }

  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-invalid={invalid || undefined} aria-describedby={describedBy} className="flex gap-1" onMouseLeave={() => setHover(0)} onKeyDown={onKeyDown}>
      {stars.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={t('review.stars', { count: n })}
          // Roving focus: the chosen star (or the first) is the one tab stop.
          tabIndex={(value || 1) === n ? 0 : -1}
          onClick={() => onChange(n)}
          onMouseEnter={() => setHover(n)}
          onFocus={() => setHover(0)}
          className="rounded-sm p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Star aria-hidden="true" className={cn('size-8 transition-colors', n <= shown ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground')} />
        </button>
      ))}
    </div>
  );
}
