import { Heart, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { lazyToast } from '#web/lib/lazy-toast.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useSavedProducts, useSetSaved } from '../api/saved-products.ts';

/** The profile's "saved items": the saved products, newest first, each linking to its page. */
export function SavedItemsDialog({ userId, triggerLabel }: { userId: string; triggerLabel: string }) {
  const { t } = useTranslation('saved');
  const [open, setOpen] = useState(false);
  const saved = useSavedProducts(open ? userId : null);
  const setSaved = useSetSaved(userId);
  const format = useFormat();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start">{triggerLabel}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('items.title')}</DialogTitle>
          <DialogDescription>{t('items.description')}</DialogDescription>
        </DialogHeader>
        {saved.isPending && (
          <div className="flex flex-col gap-2" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {saved.isError && (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>{t('items.loadError')}</p>
            <Button variant="outline" onClick={() => void saved.refetch()}>{t('retry')}</Button>
          </div>
        )}
        {saved.data?.length === 0 && <p className="py-6 text-center text-muted-foreground">{t('items.empty')}</p>}
        {saved.data && saved.data.length > 0 && (
          <ul className="flex flex-col divide-y" aria-label={t('items.title')}>
            {saved.data.map((p) => {
              const src = p.thumbnail ?? p.image;
              return (
                <li key={p.id} className="flex items-center gap-3 py-2" data-testid="saved-item">
                  {src
                    ? <img src={src} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-md bg-muted object-cover" />
                    : <div className="flex size-14 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"><ImageOff className="size-5" aria-hidden="true" /></div>}
                  <div className="min-w-0 flex-1">
                    <Link to={`/product/${p.id}`} onClick={() => setOpen(false)} className="line-clamp-2 font-medium hover:underline">{p.name}</Link>
                    <p className="truncate text-xs text-muted-foreground">{p.householdName}</p>
                    <p className="text-sm font-semibold text-primary">
                      {format.productPrice(p)}
                      {!p.availability && <span className="ml-2 text-xs font-normal text-destructive">{t('items.unavailable')}</span>}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('items.remove', { name: p.name })}
                    onClick={() => setSaved.mutate({ product: p, saved: false }, {
                      onError: (error) => lazyToast.error(t('toast.failed'), { id: 'saved-toggle', description: error.message }),
                    })}
                  >
                    <Heart aria-hidden="true" className="fill-current text-rose-600" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
