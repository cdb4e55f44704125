import { BadgeCheck, CalendarDays, MapPin } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { useParams } from '#web/lib/router.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useBuyer } from '#web/features/buyers/api/get-buyer.ts';
import { BuyerReviews } from '#web/features/buyers/components/buyer-reviews.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { BuyerMessageButton } from '#web/features/messages/components/buyer-message-button.tsx';
import { LazyReportButton } from '#web/features/reports/components/lazy-report-button.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { BackButton, QueryFailed } from '../page-parts.tsx';

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]!.toUpperCase()).join('') || 'U';
}

/** Buyer page (docs/product.md) on real data; the Message button only for a producer who shares an order with the buyer. */
export default function BuyerPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('catalog');
  const format = useFormat();
  const buyer = useBuyer(id);
  const { user } = useAuth();
  usePageTitle(buyer.data?.name);

  if (buyer.isPending) {
    return (
      <section aria-busy="true" aria-label={t('loading')}>
        <Skeleton className="mb-3 h-9 w-20" />
        <div className="flex items-center gap-4"><Skeleton className="size-20 rounded-full" /><Skeleton className="h-6 w-1/2" /></div>
        <div className="mt-4 grid grid-cols-2 gap-3">{Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-20" />)}</div>
      </section>
    );
  }
  if (buyer.isError) {
    return <QueryFailed error={buyer.error} notFoundMessage={t('buyer.notFound')} onRetry={() => void buyer.refetch()} />;
  }

  const b = buyer.data;
  const stats = [
    { label: t('buyer.totalPurchases'), value: String(b.totalPurchases) },
    ...(b.totalSpent === null ? [] : [{ label: t('buyer.totalSpent'), value: format.total(b.totalSpent) }]),
    { label: t('buyer.reviewsGiven'), value: String(b.reviewsGiven) },
    { label: t('buyer.averageRating'), value: b.averageRating === null ? '—' : format.rating(b.averageRating) },
  ];

  return (
    <article>
      <BackButton />
      <header className="flex items-center gap-4">
        <Avatar className="size-20">
          {b.avatar && <AvatarImage src={b.avatar} alt="" />}
          <AvatarFallback className="text-xl">{initials(b.name)}</AvatarFallback>
        </Avatar>
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{b.name}</h1>
          {b.verifiedBuyer && <Badge variant="secondary" className="w-fit"><BadgeCheck aria-hidden="true" />{t('buyer.verified')}</Badge>}
          <BuyerMessageButton buyerId={b.id} buyerName={b.name} viewerIsProducer={user?.userType === 'producer' && user.id !== b.id} />
        </div>
        {user && user.id !== b.id && <div className="ml-auto"><LazyReportButton targetType="buyer" targetId={b.id} /></div>}
      </header>
      {b.bio && <p className="mt-4 whitespace-pre-line">{b.bio}</p>}
      <div className="mt-3 flex flex-col gap-1 text-sm text-muted-foreground">
        {b.location && <span className="inline-flex items-center gap-1"><MapPin className="size-4" aria-hidden="true" />{b.location}</span>}
        <span className="inline-flex items-center gap-1"><CalendarDays className="size-4" aria-hidden="true" />{t('buyer.joined', { date: format.date(b.joinedAt) })}</span>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {stats.map((s) => (
          <div key={s.label} className="flex flex-col-reverse rounded-xl border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{s.label}</dt>
            <dd className="text-lg font-bold">{s.value}</dd>
          </div>
        ))}
      </dl>
      <Tabs defaultValue="reviews" className="mt-6">
        <TabsList className="w-full">
          <TabsTrigger value="reviews">{t('buyer.tabs.reviews')}</TabsTrigger>
          <TabsTrigger value="activity">{t('buyer.tabs.activity')}</TabsTrigger>
        </TabsList>
        <TabsContent value="reviews" className="mt-3"><BuyerReviews buyerId={b.id} /></TabsContent>
        <TabsContent value="activity" className="mt-3"><p className="py-8 text-center text-muted-foreground">{t('buyer.comingSoon')}</p></TabsContent>
      </Tabs>
    </article>
  );
}
