import { Star } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useBuyerReviews } from '../api/get-buyer-reviews.ts';

/** The reviews a buyer wrote, each with its product (buyer page, Reviews tab). */
export function BuyerReviews({ buyerId }: { buyerId: string }) {
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const reviews = useBuyerReviews(buyerId);
  if (reviews.isPending) return <div className="flex flex-col gap-2" aria-busy="true"><Skeleton className="h-20" /><Skeleton className="h-20" /></div>;
  if (reviews.isError) return <p className="text-destructive">{reviews.error.message}</p>;
  if (reviews.data.items.length === 0) return <p className="py-8 text-center text-muted-foreground">{t('buyer.noReviews')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {reviews.data.items.map((r) => (
        <li key={r.id} className="flex gap-3 rounded-xl border bg-card p-3">
          {r.productImage
            ? <img src={r.productImage} alt="" loading="lazy" width={64} height={64} className="size-16 shrink-0 rounded-md object-cover" />
            : <div className="size-16 shrink-0 rounded-md bg-muted" />}
          <div className="flex min-w-0 flex-col gap-1">
            <Link to={`/product/${r.productId}`} className="font-medium hover:underline">{r.productName}</Link>
            <span className="inline-flex items-center gap-0.5" role="img" aria-label={t('ratingLabel', { rating: r.rating })}>
              {Array.from({ length: 5 }, (_, i) => <Star key={i} aria-hidden="true" className={`size-4 ${i < r.rating ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground'}`} />)}
            </span>
            <p className="text-sm break-words">{r.comment}</p>
            <span className="text-xs text-muted-foreground">{format.date(r.createdAt)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
