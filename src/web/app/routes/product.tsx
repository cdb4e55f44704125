import { MessageSquarePlus, ShoppingBasket, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useSendToLogin } from '#web/features/auth/hooks/use-send-to-login.ts';
import { useProduct } from '#web/features/catalog/api/get-product.ts';
import { ProductImage } from '#web/features/catalog/components/product-card.tsx';
import { ShareProduct } from '#web/features/catalog/components/share-product.tsx';
import { LazyReviewDialog } from '#web/features/reviews/components/lazy-review-dialog.tsx';
import { useReviews } from '#web/features/reviews/api/get-reviews.ts';
import { ReviewsList } from '#web/features/reviews/components/reviews-list.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { BackButton, QueryFailed } from '../page-parts.tsx';
import { useAddToBasket } from '../use-add-to-basket.ts';

const LOW_STOCK = 5;

export default function ProductPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const { user } = useAuth();
  const sendToLogin = useSendToLogin();
  const product = useProduct(id);
  const addToBasket = useAddToBasket();
  const [reviewOpen, setReviewOpen] = useState(false);
  // The dialog is mounted from its first opening on (and keeps a draft between openings).
  const [reviewRequested, setReviewRequested] = useState(false);
  // The list the page shows (same query): a signed-in buyer's own review fills the dialog.
  const reviews = useReviews(id);
  const ownReview = user ? reviews.data?.items.find((r) => r.userId === user.id) : undefined;
  usePageTitle(product.data?.name);

  if (product.isPending) {
    return (
      <section aria-busy="true" aria-label={t('loading')} data-testid="product-skeleton">
        <Skeleton className="mb-3 h-9 w-20" />
        <Skeleton className="aspect-[4/3] w-full rounded-xl" />
        <Skeleton className="mt-4 h-7 w-2/3" />
        <Skeleton className="mt-2 h-5 w-1/3" />
        <Skeleton className="mt-4 h-20 w-full" />
      </section>
    );
  }
  if (product.isError) {
    return <QueryFailed error={product.error} notFoundMessage={t('product.notFound')} onRetry={() => void product.refetch()} />;
  }

  const p = product.data;
  const soldOut = !p.availability || p.stock === 0;
  const openReview = () => {
    if (!user) {
      sendToLogin();
      return;
    }
    setReviewRequested(true);
    setReviewOpen(true);
  };

  return (
    <article>
      <BackButton />
      <ProductImage product={p} eager className="aspect-[4/3] w-full rounded-xl" />
      <div className="mt-4 flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{p.name}</h1>
        <Link to={`/household/${p.householdId}`} className="text-sm text-muted-foreground hover:underline">{p.householdName}</Link>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span role="img" className="inline-flex items-center gap-1" aria-label={t('ratingLabel', { rating: p.rating.toFixed(1) })}>
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            <span aria-hidden="true">{p.reviewCount > 0 ? p.rating.toFixed(1) : '—'}</span>
          </span>
          <span className="text-muted-foreground">{t('reviewCount', { count: p.reviewCount })}</span>
          <Badge variant="secondary">{t(`common:categories.${p.category}`)}</Badge>
        </div>
        <p className="text-xl font-bold text-primary">{format.pricePerUnit(p.price, p.unit)}</p>
        {!p.availability && <p className="font-medium text-destructive">{t('product.unavailable')}</p>}
        {p.availability && p.stock !== null && p.stock <= LOW_STOCK && (
          <p className="font-medium text-amber-700">{p.stock === 0 ? t('product.soldOut') : t('product.onlyLeft', { count: p.stock })}</p>
        )}
        {p.description && <p className="whitespace-pre-line text-muted-foreground">{p.description}</p>}
        <div className="mt-2 flex flex-wrap gap-2">
          <Button onClick={() => addToBasket(p)} disabled={soldOut}>
            <ShoppingBasket aria-hidden="true" />
            {t('product.addToBasket')}
          </Button>
          <Button variant="outline" onClick={openReview}>
            <MessageSquarePlus aria-hidden="true" />
            {t('product.review')}
          </Button>
          <ShareProduct name={p.name} path={`/product/${p.id}`} />
        </div>
      </div>

      <section aria-labelledby="reviews-heading" className="mt-8">
        <h2 id="reviews-heading" className="mb-2 text-lg font-semibold">{t('product.reviews')}</h2>
        <ReviewsList productId={p.id} />
      </section>
      {user && reviewRequested && (
        <LazyReviewDialog
          // A new saved review starts a new dialog from it; an unsaved draft survives closing.
          key={ownReview ? `${ownReview.id}:${ownReview.rating}:${ownReview.comment}` : 'new'}
          productId={p.id}
          productName={p.name}
          open={reviewOpen}
          onOpenChange={setReviewOpen}
          initial={ownReview && { rating: ownReview.rating, comment: ownReview.comment }}
        />
      )}
    </article>
  );
}
