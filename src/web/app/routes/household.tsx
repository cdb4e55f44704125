import { MapPin, Star, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useParams, useSearchParams } from '#web/lib/router.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useSendToLogin } from '#web/features/auth/hooks/use-send-to-login.ts';
import { useProducts } from '#web/features/catalog/api/get-products.ts';
import { ProductImage } from '#web/features/catalog/components/product-card.tsx';
import { FollowButton } from '#web/features/follows/components/follow-button.tsx';
import { LazyReportButton } from '#web/features/reports/components/lazy-report-button.tsx';
import { useHousehold } from '#web/features/households/api/get-household.ts';
import { HouseholdLogistics } from '#web/features/households/components/household-logistics.tsx';
import { HouseholdPapers } from '#web/features/households/components/household-papers.tsx';
import { useStories } from '#web/features/stories/api/get-stories.ts';
import { StoryAvatar } from '#web/features/stories/components/story-avatar.tsx';
import { LazyStoryViewer as StoryViewer } from '#web/features/stories/components/lazy-story-viewer.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { BackButton, OfflineNotSaved, QueryFailed } from '../page-parts.tsx';

export default function HouseholdPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const { user } = useAuth();
  const requireLogin = useSendToLogin();
  const household = useHousehold(id, user?.id ?? null);
  const stories = useStories(id);
  const products = useProducts({ householdId: id, limit: 100 }, { enabled: household.isSuccess });
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  // ?story=1 (a feed story circle tapped before the app had started): the stories open at once.
  const [searchParams, setSearchParams] = useSearchParams();
  const storyRequested = searchParams.get('story') === '1';
  const avatarButton = useRef<HTMLButtonElement>(null);
  usePageTitle(household.data?.name);

  if (household.isPending && household.isPaused) return <OfflineNotSaved />;
  if (household.isPending) {
    return (
      <section aria-busy="true" aria-label={t('loading')}>
        <Skeleton className="mb-3 h-9 w-20" />
        <div className="flex items-center gap-4"><Skeleton className="size-24 rounded-full" /><div className="flex flex-1 flex-col gap-2"><Skeleton className="h-6 w-2/3" /><Skeleton className="h-4 w-1/3" /></div></div>
        <Skeleton className="mt-4 h-16 w-full" />
      </section>
    );
  }
  if (household.isError) {
    return <QueryFailed error={household.error} notFoundMessage={t('household.notFound')} onRetry={() => void household.refetch()} />;
  }

  const h = household.data;
  const storyItems = [...(stories.data?.items ?? [])].reverse(); // oldest first
  const hasStory = h.hasActiveStory && storyItems.length > 0;
  const viewerOpen = viewerIndex !== null || (storyRequested && hasStory);
  const closeViewer = () => {
    setViewerIndex(null);
    if (storyRequested) setSearchParams((params) => { params.delete('story'); return params; }, { replace: true });
  };
  const productItems = products.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <article>
      <BackButton />
      <header className="flex items-center gap-4">
        {hasStory ? (
          <button ref={avatarButton} type="button" onClick={() => setViewerIndex(0)} aria-label={t('feed.openStories', { name: h.name })} className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <StoryAvatar name={h.name} avatar={h.avatar} hasActiveStory className="size-24" />
          </button>
        ) : (
          <StoryAvatar name={h.name} avatar={h.avatar} hasActiveStory={false} className="size-24" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{h.name}</h1>
          {h.location && <p className="inline-flex items-center gap-1 text-sm text-muted-foreground"><MapPin className="size-4" aria-hidden="true" />{h.location}</p>}
          <p className="flex flex-wrap gap-3 text-sm">
            <span role="img" className="inline-flex items-center gap-1" aria-label={t('ratingLabel', { rating: format.rating(h.rating) })}>
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              <span aria-hidden="true">{h.reviewCount > 0 ? format.rating(h.rating) : '—'}</span>
            </span>
            <span className="inline-flex items-center gap-1"><Users className="size-4" aria-hidden="true" />{t('household.followers', { count: h.followerCount })}</span>
          </p>
        </div>
      </header>
      {h.description && <p className="mt-4 whitespace-pre-line text-muted-foreground">{h.description}</p>}
      <HouseholdLogistics household={h} />
      <HouseholdPapers household={h} />
      {user?.id !== h.id && (
        <div className="mt-4 flex items-center gap-2">
          <FollowButton household={h} isSignedIn={Boolean(user)} onRequireLogin={requireLogin} />
          {user && <LazyReportButton targetType="household" targetId={h.id} size="default" />}
        </div>
      )}

      {hasStory && (
        <section aria-labelledby="stories-heading" className="mt-6">
          <h2 id="stories-heading" className="mb-2 text-lg font-semibold">{t('household.stories')}</h2>
          <ul className="flex gap-2 overflow-x-auto pb-2">
            {storyItems.map((s, i) => (
              <li key={s.id} className="shrink-0">
                <button type="button" onClick={() => setViewerIndex(i)} aria-label={t('household.openStory', { number: i + 1 })} className="block overflow-hidden rounded-lg border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  {s.mediaType === 'video'
                    ? <video src={s.mediaUrl} muted playsInline preload="metadata" className="h-32 w-24 bg-black object-cover" />
                    : <img src={s.mediaUrl} alt="" loading="lazy" width={96} height={128} className="h-32 w-24 object-cover" />}
                </button>
              </li>
            ))}
          </ul>
          <StoryViewer
            stories={storyItems}
            householdName={h.name}
            householdAvatar={h.avatar}
            open={viewerOpen}
            initialIndex={viewerIndex ?? 0}
            onOpenChange={(open) => { if (!open) closeViewer(); }}
            actions={user && user.id !== h.id ? (story) => <LazyReportButton targetType="story" targetId={story.id} className="text-white hover:bg-white/20 hover:text-white" /> : undefined}
            returnFocus={viewerIndex === null ? () => avatarButton.current : undefined}
          />
        </section>
      )}

      <section aria-labelledby="products-heading" className="mt-6">
        <h2 id="products-heading" className="mb-2 text-lg font-semibold">{t('household.products')}</h2>
        {products.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">{Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="aspect-[4/5] rounded-xl" />)}</div>
        ) : productItems.length === 0 ? (
          <p className="text-muted-foreground">{t('household.noProducts')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {productItems.map((p) => (
              <li key={p.id}>
                <Link to={`/product/${p.id}`} className="flex flex-col overflow-hidden rounded-xl border bg-card hover:bg-accent">
                  <ProductImage product={p} className="aspect-[4/3] w-full" />
                  <span className="line-clamp-2 px-3 pt-2 font-medium">{p.name}</span>
                  <span className="px-3 pb-3 text-sm font-bold text-primary">{format.productPrice(p)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
