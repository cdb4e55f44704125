import { BadgeCheck, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import type { Review } from '#shared/contracts/reviews.ts';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useReviews } from '../api/get-reviews.ts';

export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden="true" className={`size-4 ${i < Math.round(rating) ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground'}`} />
      ))}
    </span>
  );
}

export function ReviewItem({ review, title, actions }: { review: Review; title?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('catalog');
  const format = useFormat();
  return (
    <li className="flex gap-3 border-b py-3 last:border-b-0">
      <Avatar className="size-9">
        {review.userAvatar && <AvatarImage src={review.userAvatar} alt="" />}
        <AvatarFallback>{review.userName.slice(0, 1).toUpperCase()}</AvatarFallback>
      </Avatar>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2">
          {title ?? <Link to={`/buyer/${review.userId}`} className="font-medium hover:underline">{review.userName}</Link>}
          <span className="text-xs text-muted-foreground">{format.date(review.createdAt)}</span>
          {review.verifiedPurchase && <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700"><BadgeCheck className="size-3.5" aria-hidden="true" />{t('review.verifiedPurchase')}</span>}
          {actions && <span className="ml-auto">{actions}</span>}
        </div>
        <Stars rating={review.rating} label={t('ratingLabel', { rating: review.rating })} />
        <p className="text-sm break-words whitespace-pre-line">{review.comment}</p>
      </div>
    </li>
  );
}

/** The product's reviews from the API, newest first; `actions` adds controls to each (the page's report action). */
export function ReviewsList({ productId, actions }: { productId: string; actions?: (review: Review) => ReactNode }) {
  const { t } = useTranslation('catalog');
  const reviews = useReviews(productId);
  if (reviews.isPending) return <div className="flex flex-col gap-2" aria-busy="true"><Skeleton className="h-16" /><Skeleton className="h-16" /></div>;
  if (reviews.isError) return <p className="text-sm text-destructive">{reviews.error.message}</p>;
  if (reviews.data.items.length === 0) return <p className="text-sm text-muted-foreground">{t('product.noReviews')}</p>;
  return <ul>{reviews.data.items.map((r) => <ReviewItem key={r.id} review={r} actions={actions?.(r)} />)}</ul>;
}
