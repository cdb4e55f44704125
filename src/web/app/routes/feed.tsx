import { useState } from 'react';
import { MapPin } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { FOLLOWING_PREVIEW_COUNT } from '#shared/constants.ts';

/** The API's largest page: "show all" of the followed households. */
const FOLLOWING_ALL_LIMIT = 100;
import type { Product } from '#shared/contracts/products.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { OfflineNotSaved } from '../page-parts.tsx';
import { useAddToBasket, useEarlyAddAttributes } from '../use-add-to-basket.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { FEED_FILTERS, useProducts } from '#web/features/catalog/api/get-products.ts';
import { ProductGrid, type AddAttributes } from '#web/features/catalog/components/product-card.tsx';
import { useFollowing } from '#web/features/follows/api/get-following.ts';
import { useHouseholds } from '#web/features/households/api/get-households.ts';
import { useStories } from '#web/features/stories/api/get-stories.ts';
import { StoryAvatar } from '#web/features/stories/components/story-avatar.tsx';
import { StoryCircles } from '#web/features/stories/components/story-circles.tsx';
import { LazyReportButton } from '#web/features/reports/components/lazy-report-button.tsx';
import { LazyStoryViewer as StoryViewer } from '#web/features/stories/components/lazy-story-viewer.tsx';

type Tab = 'all' | 'promoted' | 'featured';

function ProductTab({ tab, active, onAddToBasket, addAttributes }: { tab: Tab; active: boolean; onAddToBasket: (p: Product) => void; addAttributes: AddAttributes }) {
  const { t } = useTranslation('catalog');
  const products = useProducts(FEED_FILTERS[tab], { enabled: active });
  const items = products.data?.pages.flatMap((p) => p.items) ?? [];
  if (products.isPending && products.isPaused) return <OfflineNotSaved />;
  if (products.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-destructive">{products.error.message}</p>
        <Button variant="outline" onClick={() => void products.refetch()}>{t('retry')}</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ProductGrid products={items} isLoading={products.isPending} emptyMessage={t('feed.noProducts')} onAddToBasket={onAddToBasket} addAttributes={addAttributes} />
      {products.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void products.fetchNextPage()} disabled={products.isFetchingNextPage}>
          {products.isFetchingNextPage ? t('loading') : t('feed.loadMore')}
        </Button>
      )}
    </div>
  );
}

export default function FeedPage() {
  const { t } = useTranslation(['catalog', 'common']);
  const { user } = useAuth();
  const addToBasket = useAddToBasket();
  const addAttributes = useEarlyAddAttributes();
  const households = useHouseholds();
  const stories = useStories();
  // "Show all" asks for every followed household (one page of the API's largest size).
  const [allFollowed, setAllFollowed] = useState(false);
  const followingPreview = useFollowing(user?.id ?? null, FOLLOWING_PREVIEW_COUNT);
  const followingAll = useFollowing(allFollowed ? user?.id ?? null : null, FOLLOWING_ALL_LIMIT);
  const [tab, setTab] = useState<Tab>('all');
  const [viewerHouseholdId, setViewerHouseholdId] = useState<string | null>(null);

  // Households with a story first; the story list also knows households beyond the first page.
  const storyItems = stories.data?.items ?? [];
  const withStory = new Map<string, { id: string; name: string; avatar: string | null; hasActiveStory: boolean }>();
  for (const s of storyItems) if (!withStory.has(s.householdId)) withStory.set(s.householdId, { id: s.householdId, name: s.householdName, avatar: s.householdAvatar, hasActiveStory: true });
  const circles = [
    ...withStory.values(),
    ...(households.data?.items ?? []).filter((h) => !withStory.has(h.id)).map((h) => ({ ...h, hasActiveStory: false })),
  ];
  const viewerStories = storyItems.filter((s) => s.householdId === viewerHouseholdId).reverse(); // oldest first
  const viewerHousehold = viewerHouseholdId ? withStory.get(viewerHouseholdId) : undefined;
  // While the full list loads, the preview stays on screen.
  const followed = (allFollowed ? followingAll.data?.items : undefined) ?? followingPreview.data?.items.slice(0, FOLLOWING_PREVIEW_COUNT) ?? [];
  const moreFollowed = Boolean(followingPreview.data?.nextCursor);

  return (
    <section>
      <PageHeader title={t('feed.title')}>
        <p className="text-muted-foreground">{t('common:tagline')}</p>
      </PageHeader>

      <StoryCircles households={circles} isLoading={households.isPending || stories.isPending} onOpen={setViewerHouseholdId} />
      {viewerHousehold && viewerStories.length > 0 && (
        <StoryViewer
          stories={viewerStories}
          householdName={viewerHousehold.name}
          householdAvatar={viewerHousehold.avatar}
          open
          onOpenChange={(open) => { if (!open) setViewerHouseholdId(null); }}
          actions={user && user.id !== viewerHousehold.id ? (story) => <LazyReportButton targetType="story" targetId={story.id} className="text-white hover:bg-white/20 hover:text-white" /> : undefined}
          returnFocus={() => document.querySelector<HTMLElement>(`[data-household-id="${CSS.escape(viewerHousehold.id)}"]`)}
        />
      )}

      {/* Drops (docs/drops.md): a plain link, no query and no other namespace, so the first page stays as light as it was. */}
      <Link to="/drops" className="mb-6 flex items-center gap-3 rounded-xl border bg-card p-3 hover:bg-accent">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"><MapPin aria-hidden="true" className="size-5" /></span>
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">{t('dropsLink')}</span>
          <span className="text-sm text-muted-foreground">{t('dropsLinkText')}</span>
        </span>
        <span aria-hidden="true" className="ml-auto shrink-0 text-xl text-muted-foreground">›</span>
      </Link>

      {user && followed.length > 0 && (
        <section aria-labelledby="following-heading" className="mb-6">
          <div className="mb-2 flex items-baseline justify-between gap-2">
            <h2 id="following-heading" className="text-lg font-semibold">{t('feed.following')}</h2>
            {moreFollowed && (
              <Button variant="link" size="sm" className="h-auto p-0" aria-expanded={allFollowed} aria-controls="following-list" onClick={() => setAllFollowed((v) => !v)} disabled={allFollowed && followingAll.isPending}>
                {allFollowed ? t('feed.showFewerFollowing') : t('feed.showAllFollowing')}
              </Button>
            )}
          </div>
          <ul id="following-list" className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {followed.map((h) => (
              <li key={h.id}>
                <Link to={`/household/${h.id}`} className="flex items-center gap-3 rounded-xl border bg-card p-3 hover:bg-accent">
                  <StoryAvatar name={h.name} avatar={h.avatar} hasActiveStory={h.hasActiveStory} className="size-12" />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{h.name}</span>
                    <span className="truncate text-sm text-muted-foreground">{h.location}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList aria-label={t('feed.tabsLabel')} className="mb-3 w-full">
          <TabsTrigger value="all">{t('feed.tabs.all')}</TabsTrigger>
          <TabsTrigger value="promoted">{t('feed.tabs.promoted')}</TabsTrigger>
          <TabsTrigger value="featured">{t('feed.tabs.featured')}</TabsTrigger>
        </TabsList>
        {(['all', 'promoted', 'featured'] as const).map((name) => (
          <TabsContent key={name} value={name}>
            <ProductTab tab={name} active={tab === name} onAddToBasket={addToBasket} addAttributes={addAttributes} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
