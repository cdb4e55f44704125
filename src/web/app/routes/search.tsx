import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { useSearchParams } from '#web/lib/router.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { CATEGORIES } from '#shared/constants.ts';
import { useProducts } from '#web/features/catalog/api/get-products.ts';
import { useSearchSuggestions } from '#web/features/catalog/api/get-search-suggestions.ts';
import { ProductGrid } from '#web/features/catalog/components/product-card.tsx';
import { OfflineNotSaved } from '../page-parts.tsx';
import { useAddToBasket, useEarlyAddAttributes } from '../use-add-to-basket.ts';

const DEBOUNCE_MS = 250;

/** Search (docs/product.md): queries the API as the user types; the query lives in the URL (?q=). */
export default function SearchPage() {
  const { t } = useTranslation('catalog');
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [query, setQuery] = useState(text.trim());
  const [registered, setRegistered] = useState(params.get('registered') === 'true');
  const addToBasket = useAddToBasket();
  const addAttributes = useEarlyAddAttributes();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    timer.current = setTimeout(() => {
      const q = text.trim();
      setQuery(q);
      // Writing ?q= after the user left for a result would cancel that navigation, or land
      // on the new page's URL (the router moves on before this page unmounts).
      if (window.location.pathname !== '/search') return;
      setParams(q ? { q } : {}, { replace: true });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [text, setParams]);

  const results = useProducts(registered ? { q: query, registered: true } : { q: query }, { enabled: query.length > 0, keepPrevious: true });
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const nothingFound = query.length > 0 && results.isSuccess && !results.isPlaceholderData && items.length === 0;
  const suggestions = useSearchSuggestions(query, nothingFound);
  /** A suggestion searches at once (no debounce): the user picked it. */
  const searchFor = (value: string) => {
    clearTimeout(timer.current);
    setText(value);
    setQuery(value);
    setParams({ q: value }, { replace: true });
  };

  return (
    // Following a link (a result) drops the pending ?q= update: see above.
    <section onClickCapture={(event) => { if ((event.target as Element).closest('a[href]')) clearTimeout(timer.current); }}>
      <PageHeader title={t('search.title')} />
      <form role="search" onSubmit={(e) => { e.preventDefault(); setQuery(text.trim()); }} className="mb-4 flex flex-col gap-2">
        <Label htmlFor={inputId}>{t('search.label')}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('search.placeholder')} className="pl-9" autoComplete="off" enterKeyHint="search" />
        </div>
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={registered} onChange={(e) => setRegistered(e.target.checked)} />
          {t('papers:search.registered')}
        </label>
      </form>
      {query.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
          <Search className="size-10" aria-hidden="true" />
          <p>{t('search.startSearching')}</p>
        </div>
      ) : results.isPaused && (results.isPending || results.isPlaceholderData) ? (
        // Offline, and this search was never made online (the service worker keeps those it saw).
        <OfflineNotSaved message={t('offline.searchNotSaved')} />
      ) : results.isError ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-destructive">{results.error.message}</p>
          <Button variant="outline" onClick={() => void results.refetch()}>{t('retry')}</Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4" aria-live="polite">
          <ProductGrid products={items} isLoading={results.isPending} emptyMessage={t('search.noResults', { query })} onAddToBasket={addToBasket} addAttributes={addAttributes} />
          {nothingFound && (
            <div className="flex flex-col gap-4">
              {(suggestions.data?.items.length ?? 0) > 0 && (
                <div className="flex flex-col gap-2">
                  <p className="text-sm text-muted-foreground">{t('search.didYouMean')}</p>
                  <ul className="flex flex-wrap gap-2">
                    {suggestions.data!.items.map((suggestion) => (
                      <li key={suggestion.text}>
                        <Button variant="outline" size="sm" onClick={() => searchFor(suggestion.text)}>{suggestion.text}</Button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="flex flex-col gap-2">
                <p className="text-sm text-muted-foreground">{t('search.browseCategory')}</p>
                <ul className="flex flex-wrap gap-2">
                  {CATEGORIES.map((category) => (
                    <li key={category}>
                      <Button variant="secondary" size="sm" onClick={() => searchFor(t(`common:categories.${category}`))}>{t(`common:categories.${category}`)}</Button>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
          {results.hasNextPage && (
            <Button variant="outline" className="self-center" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
              {results.isFetchingNextPage ? t('loading') : t('feed.loadMore')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
