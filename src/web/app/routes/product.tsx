import { MessageSquarePlus, ShoppingBasket, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useParams } from '#web/lib/router.tsx';
import { belgradeToday } from '#shared/time.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useSendToLogin } from '#web/features/auth/hooks/use-send-to-login.ts';
import { useProduct } from '#web/features/catalog/api/get-product.ts';
import { ProductImage } from '#web/features/catalog/components/product-card.tsx';
import { ProductLabelInfo } from '#web/features/catalog/components/product-label-info.tsx';
import { ShareProduct } from '#web/features/catalog/components/share-product.tsx';
import { LazyReviewDialog } from '#web/features/reviews/components/lazy-review-dialog.tsx';
import { useReviews } from '#web/features/reviews/api/get-reviews.ts';
import { ReviewsList } from '#web/features/reviews/components/reviews-list.tsx';
import { LazyReportButton } from '#web/features/reports/components/lazy-report-button.tsx';
import { LazyStandingOrderDialog } from '#web/features/standing/components/lazy-standing-order-dialog.tsx';
import { WaitlistButton } from '#web/features/waitlist/components/waitlist-button.tsx';
import { useMyWaitlist } from '#web/features/waitlist/api/my-waitlist.ts';
import { heldFor } from '#web/features/waitlist/lib/held.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { BackButton, OfflineNotSaved, QueryFailed } from '../page-parts.tsx';
import { SaveToggle } from '../save-toggle.tsx';
import { useAddToBasket, useEarlyAddAttributes } from '../use-add-to-basket.ts';

const LOW_STOCK = 5;

export default function ProductPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const { user } = useAuth();
  const myWaitlist = useMyWaitlist(user?.id ?? null);
  const sendToLogin = useSendToLogin();
  const product = useProduct(id);
  const addToBasket = useAddToBasket();
  const addAttributes = useEarlyAddAttributes();
  const [reviewOpen, setReviewOpen] = useState(false);
  // The dialog is mounted from its first opening on (and keeps a draft between openings).
  const [reviewRequested, setReviewRequested] = useState(false);
  // The list the page shows (same query): a signed-in buyer's own review fills the dialog.
  const reviews = useReviews(id);
  const ownReview = user ? reviews.data?.items.find((r) => r.userId === user.id) : undefined;
  usePageTitle(product.data?.name);

  // Offline and never kept by the service worker: waiting for the connection, say so.
  if (product.isPending && product.isPaused) return <OfflineNotSaved />;
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
  // What the waitlist holds for this buyer is theirs to order beside the public stock.
  const held = heldFor(myWaitlist.data, p.id);
  const heldUntil = held > 0 ? myWaitlist.data?.find((e) => e.productId === p.id)?.heldUntil ?? null : null;
  const soldOut = !p.availability || (p.stock === 0 && held === 0);
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
      {/* Desktop: picture and facts side by side, so name, price and the basket button are in the first screen. */}
      <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-8">
      <ProductImage product={p} eager className="aspect-[4/3] w-full rounded-xl" />
      <div className="mt-4 flex flex-col gap-2 lg:mt-0">
        <h1 className="text-2xl font-bold tracking-tight">{p.name}</h1>
        <Link to={`/household/${p.householdId}`} className="text-sm text-muted-foreground hover:underline">{p.householdName}</Link>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span role="img" className="inline-flex items-center gap-1" aria-label={t('ratingLabel', { rating: format.rating(p.rating) })}>
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            <span aria-hidden="true">{p.reviewCount > 0 ? format.rating(p.rating) : '—'}</span>
          </span>
          <span className="text-muted-foreground">{t('reviewCount', { count: p.reviewCount })}</span>
          <Badge variant="secondary">{t(`common:categories.${p.category}`)}</Badge>
        </div>
        <p className="text-xl font-bold text-primary" data-testid="product-price">{format.productPrice(p)}</p>
        {p.pricing === 'weight' && (
          <div className="text-sm" data-testid="product-estimate">
            <p className="font-medium">{format.pieceEstimate(p)}</p>
            <p className="text-muted-foreground">{t('common:weight.soldByWeight')}. {t('common:weight.note')}</p>
          </div>
        )}
        {p.quantityStep !== 1 && (
          <p className="text-sm text-muted-foreground">{t('logistics:product.step', { step: format.quantityValue(p.quantityStep), unit: format.unit(p.unit) })}</p>
        )}
        {p.availableFrom && p.availableFrom > belgradeToday(new Date()) && (
          <p className="font-medium text-primary" data-testid="available-from">
            {p.depositPercent > 0
              ? t('logistics:product.preorderDeposit', { date: format.dayMonth(p.availableFrom), percent: p.depositPercent })
              : t('logistics:product.availableFrom', { date: format.dayMonth(p.availableFrom) })}
          </p>
        )}
        {!p.availability && <p className="font-medium text-destructive">{t('product.unavailable')}</p>}
        {p.availability && held > 0 && heldUntil && (
          <p className="font-medium text-primary" role="status">
            {t('product.heldForYou', { quantity: format.quantity(held, p.unit), time: format.dateTime(heldUntil) })}
          </p>
        )}
        {p.availability && held === 0 && p.stock !== null && p.stock <= LOW_STOCK && (
          <p className="font-medium text-amber-700">{p.stock === 0 ? t('product.soldOut') : t('product.onlyLeft', { quantity: format.quantity(p.stock, p.unit) })}</p>
        )}
        {p.description && <p className="whitespace-pre-line text-muted-foreground">{p.description}</p>}
        <ProductLabelInfo product={p} />
        <div className="mt-2 flex flex-wrap gap-2">
          <Button onClick={() => addToBasket(p)} disabled={soldOut} {...(!soldOut && addAttributes(p))}>
            <ShoppingBasket aria-hidden="true" />
            {t('product.addToBasket')}
          </Button>
          <Button variant="outline" onClick={openReview}>
            <MessageSquarePlus aria-hidden="true" />
            {t('product.review')}
          </Button>
          <SaveToggle product={p} variant="labelled" />
          {user && user.id !== p.householdId && p.availability && held === 0 && p.stock !== null && p.stock < p.quantityStep && (
            <WaitlistButton userId={user.id} productId={p.id} quantity={p.quantityStep} />
          )}
          {user && user.userType !== 'producer' && p.availability && (
            <LazyStandingOrderDialog householdId={p.householdId} lines={[{ productId: p.id, name: p.name, quantity: p.quantityStep, quantityStep: p.quantityStep }]}
              prefill={{ contactPhone: user.phone }} />
          )}
          <ShareProduct name={p.name} path={`/product/${p.id}`} />
          {user && user.id !== p.householdId && <LazyReportButton targetType="product" targetId={p.id} size="default" />}
        </div>
      </div>
      </div>

      <section aria-labelledby="reviews-heading" className="mt-8">
        <h2 id="reviews-heading" className="mb-2 text-lg font-semibold">{t('product.reviews')}</h2>
        <ReviewsList productId={p.id} actions={user ? (r) => (r.userId === user.id ? null : <LazyReportButton targetType="review" targetId={r.id} />) : undefined} />
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
