import { Share2 } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { lazyToast as toast } from '#web/lib/lazy-toast.ts';

/**
 * The share button, made real (docs/product.md, Product): the Web Share API where the
 * browser has it; otherwise a Viber forward link ("Opening Viber..."), plus the link copied
 * to the clipboard as the fallback when Viber is not installed.
 */
/** `path` is the page to share ("/product/…"); the full URL is made in the browser when shared. */
export function ShareProduct({ name, path }: { name: string; path: string }) {
  const { t } = useTranslation('catalog');

  async function share() {
    const url = new URL(path, window.location.origin).href;
    const text = `${name} — ${url}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, text: name, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    toast.info(t('product.openingViber'));
    window.location.href = `viber://forward?text=${encodeURIComponent(text)}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('product.linkCopied'));
    } catch {
      toast.message(t('product.copyManually', { url }));
    }
  }

  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      {t('product.viber')}
    </Button>
  );
}
